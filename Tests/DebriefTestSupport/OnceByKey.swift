/// Runs an async computation once per key for the process's lifetime, however many callers ask at
/// the same moment: later callers await the first one's result (and a failure is not cached, so
/// the next caller tries again).
public actor OnceByKey {
    private var running: [String: Task<String, any Error>] = [:]

    public init() {}

    public func value(for key: String, _ compute: @escaping @Sendable () async throws -> String) async throws -> String {
        if let task = self.running[key] { return try await task.value }
        let task = Task { try await compute() }
        self.running[key] = task
        do {
            return try await task.value
        } catch {
            self.running[key] = nil
            throw error
        }
    }
}
