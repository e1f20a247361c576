import Foundation
import Logging

/// Says in the log when the test process's tasks stopped running for a while.
///
/// Swift's cooperative pool has one thread per core (two on CI). Synchronous work that holds a
/// thread without a suspension — a test parsing a large document, a blocking read of a child's
/// pipe — starves every task of the process once both threads are held, and the in-process
/// servers' clients then fail with `readTimeout` in suites that did nothing wrong. A line from
/// here, just before such failures, tells that stall apart from a slow database or server.
enum PoolWatch {
    /// How long a tick sleeps, and how late it may wake before the log says so.
    static let tick: Duration = .seconds(1)
    static let reported: Duration = .seconds(5)

    /// Started once, by the first database a test asks for; it runs for the process's life.
    static let started: Void = {
        Task.detached {
            let clock = ContinuousClock()
            while true {
                let start = clock.now
                let cpu = Self.processCPUSeconds()
                try? await Task.sleep(for: Self.tick)
                let late = clock.now - start - Self.tick
                if late > Self.reported {
                    let seconds = Double(late.components.seconds) + Double(late.components.attoseconds) / 1e18
                    // Busy threads (about one CPU-second a second or more) mean work held the pool;
                    // few CPU-seconds mean the machine gave the process no time.
                    let used = Self.processCPUSeconds() - cpu
                    TestDatabase.logger.warning(
                        "the test process's tasks did not run for \(String(format: "%.1f", seconds)) s, while it used \(String(format: "%.1f", used)) CPU-s: a thread of the cooperative pool was held without a suspension, or the machine gave the process no time")
                }
            }
        }
    }()

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
