import Hummingbird
import PQ

/// `GET /healthz` (the process answers) and `GET /readyz` (the database answers too).
struct HealthController {
    let database: Database

    struct Status: ResponseEncodable {
        var status: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ in
            Status(status: "ok")
        }
        router.get("readyz") { _, _ -> Status in
            do {
                try await self.database.query("SELECT 1")
            } catch {
                throw APIError(
                    .serviceUnavailable, code: "not_ready", detail: "the database is not reachable",
                    headers: [.retryAfter: "2"])
            }
            return Status(status: "ready")
        }
    }
}
