import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Gives the C heap's free memory back to the system after a burst of connections ended.
///
/// glibc's malloc keeps freed memory in its arenas for reuse; after thousands of live streams
/// closed, a server measured 60 MiB idle, about 260 MiB with 3,000 streams open, and still about
/// 260 MiB a minute after they closed — kept, not leaked: a second round of 3,000 streams took
/// only about 30 MiB more (`bench/streams_memory.py`). `malloc_trim(0)` returns the free pages of
/// every arena. It runs on NIO's thread pool (the one way blocking work runs, docs/decisions/0067),
/// at most once every 5 s; a later run waits on an event loop's timer, holding no thread.
enum HeapTrim {
    private static let lock = NSLock()
    // Only touched while `lock` is held.
    nonisolated(unsafe) private static var lastRunAt: ContinuousClock.Instant?
    nonisolated(unsafe) private static var pending = false

    /// Trims now, or once 5 s after the last trim when one ran more recently (a burst's streams
    /// end over several seconds: the last of them are trimmed too, by one trailing run).
    static func request() {
        guard let trim = Self.mallocTrim else { return }
        let delay: Duration? = lock.withLock {
            guard !pending else { return nil }
            pending = true
            let now = ContinuousClock.now
            guard let last = lastRunAt, now - last < .seconds(5) else { return .zero }
            return .seconds(5) - (now - last)
        }
        guard let delay else { return }
        let run: @Sendable () -> Void = {
            NIOThreadPool.singleton.submit { state in
                lock.withLock {
                    pending = false
                    lastRunAt = .now
                }
                guard case .active = state else { return }
                _ = trim(0)
            }
        }
        if delay > .zero {
            let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
            MultiThreadedEventLoopGroup.singleton.any().scheduleTask(in: .nanoseconds(nanoseconds), run)
        } else {
            run()
        }
    }

    /// glibc's `int malloc_trim(size_t pad)`, found at run time: `<malloc.h>` is not in Swift's
    /// Glibc module, and another C library (musl) has no such function (then nothing is trimmed).
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
