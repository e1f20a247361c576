import DebriefStore
import Logging
import ServiceLifecycle

/// Folds new submissions into the precomputed result tallies every `interval`, until graceful
/// shutdown. Every instance runs one; the database lets one fold at a time through.
public struct TallyFoldService: Service {
    let tallies: ResultTallies
    let interval: Duration
    let logger: Logger

    public init(tallies: ResultTallies, interval: Duration, logger: Logger) {
        self.tallies = tallies
        self.interval = interval
        self.logger = logger
    }

    public func run() async throws {
        var failing = false
        while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }) != nil {
            do {
                try await self.tallies.fold()
                if failing { self.logger.info("result tallies are folding again") }
                failing = false
            } catch {
                // Results stay exact meanwhile (readers add the unfolded deltas); say it once.
                if !failing { self.logger.warning("could not fold result tallies", metadata: ["error": "\(error)"]) }
                failing = true
            }
        }
    }
}
