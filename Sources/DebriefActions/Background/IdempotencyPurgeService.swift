import DebriefStore
import Logging
import ServiceLifecycle

/// Forgets `Idempotency-Key` records older than the retention, once an hour (and at start).
public struct IdempotencyPurgeService: Service {
    let keys: IdempotencyKeys
    let retention: Duration
    let logger: Logger

    public init(keys: IdempotencyKeys, retention: Duration, logger: Logger) {
        self.keys = keys
        self.retention = retention
        self.logger = logger
    }

    public func run() async throws {
        repeat {
            do {
                let deleted = try await self.keys.purge(olderThan: self.retention)
                if deleted > 0 { self.logger.info("forgot old idempotency keys", metadata: ["count": "\(deleted)"]) }
            } catch {
                self.logger.warning("could not purge old idempotency keys", metadata: ["error": "\(error)"])
            }
        } while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(3600)) }) != nil
    }
}
