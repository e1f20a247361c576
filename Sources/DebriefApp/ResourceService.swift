import DebriefStore
import PQ
import ServiceLifecycle

/// Keeps the connection pool and the password hasher alive for the application's lifetime and
/// closes them last.
///
/// Hummingbird shuts services down in reverse order, so the HTTP server (started after this)
/// finishes its in-flight requests before the pool closes.
struct ResourceService: Service {
    let database: Database
    let hasher: PasswordHasher

    func run() async throws {
        try? await gracefulShutdown()
        await self.hasher.shutdown()
        await self.database.shutdown()
    }
}
