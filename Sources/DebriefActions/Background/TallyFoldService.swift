import DebriefStore
import Logging
import Metrics
import ServiceLifecycle

/// Folds new submissions into the precomputed result tallies every `interval`, until graceful
/// shutdown. Every instance runs one; the database lets one fold at a time through.
public struct TallyFoldService: Service {
    let tallies: ResultTallies
    let interval: Duration
    let logger: Logger
    let job: JobMetrics
    /// `debrief_tally_fold_duration_seconds`: how long each fold's transaction took.
    let duration: Timer
    /// `debrief_tally_fold_lag_seconds`: at the last fold, the age of the oldest delta it took in
    /// (0 when there was none): how far results' precomputed part trails the submissions.
    let lag: Gauge

    public init(tallies: ResultTallies, interval: Duration, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) {
        self.tallies = tallies
        self.interval = interval
        self.logger = logger
        self.job = JobMetrics(job: "tally_fold", factory: metrics)
        self.duration = Timer(label: "debrief_tally_fold_duration_seconds", factory: metrics)
        self.lag = Gauge(label: "debrief_tally_fold_lag_seconds", factory: metrics)
    }

    /// One fold, measured.
    func foldOnce() async throws {
        let start = ContinuousClock.now
        let fold = try await self.job.run { try await self.tallies.foldMeasured() }
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        self.duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        self.lag.record(fold.oldestAgeSeconds ?? 0)
    }

    public func run() async throws {
        var failing = false
        while (try? await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) }) != nil {
            do {
                try await self.foldOnce()
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
