import Debrief
import Foundation
import Logging
import Synchronization

/// The clock a test command may set for `debrief serve` (docs/decisions/0083, "The test clock"):
/// the end-to-end walk of a series moves the server's ``WallClock`` through weeks 1 to 3 while
/// the server runs. No production setting reaches it: it is not in the setting table (so neither
/// a flag, `--help`, docs/configuration.md nor `--config-file` knows it), only the executable
/// reads its variable, and only a debug build (`-D DEBUG`, what `swift build` makes and the
/// tests run) contains the code that reads the file. A release build ignores the path and says
/// so once in its log. The executable reads the environment (`Serve.testClockVariable`) and passes
/// the path here; nothing in this module reads the environment.
public enum TestClock {
    /// Whether this build can follow a clock file at all: debug builds only.
    public static var isAvailable: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// The application's clock: the system's, unless `path` (the executable's variable) names a clock
    /// file and this is a debug build. An empty value counts as unset.
    public static func wallClock(path: String?, logger: Logger) -> WallClock {
        guard let path, !path.isEmpty else { return .system }
        #if DEBUG
        logger.warning(
            "the server's clock follows a test clock file (a debug build); times the database decides stay on its own clock",
            metadata: ["path": "\(path)"])
        let file = TestClockFile(path: path, logger: logger)
        return WallClock { file.now() }
        #else
        logger.warning(
            "ignored: a release build runs on the system clock; only debug builds follow a test clock file",
            metadata: ["path": "\(path)"])
        return .system
        #endif
    }
}

#if DEBUG
/// A file holding one instant, read again whenever it changes (one `stat` per call; the text is
/// read only when its modification time or size changed), so a test moves the server's time by
/// rewriting it. A missing, empty or unreadable file is the system clock.
final class TestClockFile: Sendable {
    let path: String
    private let logger: Logger
    private let cache = Mutex<Cached?>(nil)

    private struct Cached {
        var stamp: Stamp
        var instant: Date?
    }

    private struct Stamp: Equatable {
        var modified: Date
        var size: Int
    }

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// The file's instant, or the system's clock when the file holds none.
    func now() -> Date {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: self.path),
            let modified = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int
        else { return Date() }
        let stamp = Stamp(modified: modified, size: size)
        if let cached = self.cache.withLock({ $0 }), cached.stamp == stamp {
            return cached.instant ?? Date()
        }
        let text = (try? String(contentsOfFile: self.path, encoding: .utf8)) ?? ""
        let instant = Self.instant(text)
        if instant == nil {
            self.logger.warning("the test clock file holds no instant: the system clock is used", metadata: ["path": "\(self.path)"])
        }
        self.cache.withLock { $0 = Cached(stamp: stamp, instant: instant) }
        return instant ?? Date()
    }

    /// An ISO 8601 instant with its offset, with or without fractional seconds.
    static func instant(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let plain = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return plain.date(from: trimmed) ?? fractional.date(from: trimmed)
    }
}
#endif
