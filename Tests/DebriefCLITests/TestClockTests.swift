import DebriefApp
@testable import debrief
import Foundation
import Logging
import Testing

/// The test clock (docs/decisions/0083): no production setting reaches it, and a debug build's
/// server follows the file a test writes, falling back to the system clock without one.
@Suite("Test clock")
struct TestClockTests {
    let logger = Logger(label: "test-clock")

    /// Not a setting: no flag, variable or config-file key of the table, `--help` or the
    /// configuration docs names it, so neither an operator's environment file nor a config file
    /// moves a server's time by way of the table.
    @Test func noSettingOfTheTableReachesIt() {
        #expect(!SettingTable.all.contains { $0.variable == Serve.testClockVariable || $0.key.contains("clock") })
        #expect(!Serve.helpMessage(columns: 10_000).contains("clock"))
        #expect(!ConfigurationDocs.markdown.contains(Serve.testClockVariable))
    }

    @Test(arguments: [nil, ""])
    func withoutAPathTheClockIsTheSystemClock(path: String?) {
        let clock = TestClock.wallClock(path: path, logger: self.logger)
        #expect(abs(clock.now().timeIntervalSinceNow) < 5)
    }

    /// A debug build follows the file, re-read when it changes; a file missing or holding no
    /// instant is the system clock. A release build (`swift build -c release`) ignores the path.
    @Test func aClockFileMovesTheServersTimeInDebugBuildsOnly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("test-clock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("now")
        let clock = TestClock.wallClock(path: file.path, logger: self.logger)
        #expect(abs(clock.now().timeIntervalSinceNow) < 5, "no file yet: the system clock")

        try "2031-03-04T07:00:00Z\n".write(to: file, atomically: true, encoding: .utf8)
        let week1 = Date(timeIntervalSince1970: 1_930_374_000)
        #if DEBUG
        #expect(TestClock.isAvailable)
        #expect(clock.now() == week1)
        #expect(clock.now() == week1, "read from the cache while the file is unchanged")
        try "2031-03-11T16:00:00.250+09:00".write(to: file, atomically: true, encoding: .utf8)
        #expect(clock.now() == week1.addingTimeInterval(7 * 86_400 + 0.25), "rewritten: the next call sees the new instant")
        try "next Tuesday".write(to: file, atomically: true, encoding: .utf8)
        #expect(abs(clock.now().timeIntervalSinceNow) < 5, "no instant: the system clock")
        try FileManager.default.removeItem(at: file)
        #expect(abs(clock.now().timeIntervalSinceNow) < 5, "removed: the system clock")
        #else
        #expect(!TestClock.isAvailable)
        #expect(abs(clock.now().timeIntervalSinceNow) < 5, "a release build ignores the file")
        #endif
    }
}
