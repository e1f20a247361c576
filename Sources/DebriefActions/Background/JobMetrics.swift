import Metrics

/// One background job's runs and failures: `debrief_background_job_runs_total{job}` and
/// `debrief_background_job_failures_total{job}`. `job` is the job's fixed name, never data.
public struct JobMetrics: Sendable {
    let runs: Counter
    let failures: Counter

    public init(job: String, factory: any MetricsFactory = MetricsSystem.factory) {
        self.runs = Counter(label: "debrief_background_job_runs_total", dimensions: [("job", job)], factory: factory)
        self.failures = Counter(label: "debrief_background_job_failures_total", dimensions: [("job", job)], factory: factory)
    }

    /// Runs `body` once, counting the run and, when it throws, the failure (and rethrowing).
    func run<Value>(_ body: () async throws -> Value) async throws -> Value {
        self.runs.increment()
        do {
            return try await body()
        } catch {
            self.failures.increment()
            throw error
        }
    }
}
