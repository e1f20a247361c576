/// Lets at most `limit` bodies run at once; the others wait their turn (first come, first served).
///
/// Swift Testing starts every case of a parameterized test at once. Suites whose cases each open
/// database connections use this so a few hundred cases do not all connect in the same second.
actor ConcurrencyLimit {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ limit: Int) {
        self.limit = limit
    }

    func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        await self.enter()
        do {
            let value = try await body()
            self.leave()
            return value
        } catch {
            self.leave()
            throw error
        }
    }

    private func enter() async {
        if self.running < self.limit {
            self.running += 1
            return
        }
        // `leave` hands its place straight to the first waiter, so `running` stays counted.
        await withCheckedContinuation { self.waiting.append($0) }
    }

    private func leave() {
        if self.waiting.isEmpty {
            self.running -= 1
        } else {
            self.waiting.removeFirst().resume()
        }
    }
}
