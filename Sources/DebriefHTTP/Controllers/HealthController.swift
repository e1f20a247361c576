import Hummingbird

/// `GET /healthz` (the process answers) and `GET /readyz` (the database answers too).
struct HealthController {
    /// Whether the database answers now (`SELECT 1` through the pool).
    let isDatabaseReady: @Sendable () async -> Bool

    struct Status: ResponseEncodable {
        var status: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ in
            Status(status: "ok")
        }
        router.get("readyz") { _, _ -> Status in
            guard await self.isDatabaseReady() else {
                throw APIError(
                    .serviceUnavailable, code: "not_ready", detail: "the database is not reachable",
                    headers: [.retryAfter: "2"])
            }
            return Status(status: "ready")
        }
    }
}
