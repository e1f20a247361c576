import Foundation
import Synchronization

/// How far apart a room's live events are: every `interval` for a room of up to
/// `writesPerSecond × interval` participants on this instance, and further apart for a larger one,
/// so that writing each event to every viewer stays near `writesPerSecond` — up to `longest`,
/// which keeps an answer on the phones within a second.
///
/// Why: an event costs each viewer a `writev`, most of it the kernel's, whatever its size (issue
/// 37: measured with `scripts/bench-viewers`, each thousand writes a second cost the submissions
/// about 1.2 % of their rate on 2 cores). Nobody in a hall of 5,000 sees the difference between a
/// chart moving every 250 and every 800 ms; the submissions see a third of the writes, and an
/// answer still shows within a second.
///
/// The sizes are kept by whoever writes the participants' events (``add(_:to:)`` as a viewer
/// joins, -1 as it leaves), and read by ``LiveResultsHub`` when it schedules a recomputation.
public final class RoomPacing: Sendable {
    public let interval: Duration
    public let longest: Duration
    public let writesPerSecond: Int
    private let sizes = Mutex<[UUID: Int]>([:])

    public init(interval: Duration = .milliseconds(250), longest: Duration = .milliseconds(800), writesPerSecond: Int = 6_000) {
        self.interval = interval
        self.longest = max(interval, longest)
        self.writesPerSecond = max(1, writesPerSecond)
    }

    /// The interval for a room of `viewers`.
    public func interval(viewers: Int) -> Duration {
        let spread = Duration.milliseconds(viewers * 1000 / self.writesPerSecond)
        return min(self.longest, max(self.interval, spread))
    }

    /// The interval for the participants of `meeting` on this instance now.
    public func interval(for meeting: UUID) -> Duration {
        self.interval(viewers: self.viewers(of: meeting))
    }

    public func viewers(of meeting: UUID) -> Int {
        self.sizes.withLock { $0[meeting] ?? 0 }
    }

    /// `delta` viewers joined (or, negative, left) the room of `meeting`.
    public func add(_ delta: Int, to meeting: UUID) {
        self.sizes.withLock { sizes in
            let count = (sizes[meeting] ?? 0) + delta
            sizes[meeting] = count > 0 ? count : nil
        }
    }
}
