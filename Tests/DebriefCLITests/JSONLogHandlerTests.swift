@testable import debrief
import Foundation
import Logging
import Testing

/// The JSON log line: one object, keys sorted, a key given by several sources written once with
/// the last source's value (provider, logger, event, then the line's own fields), strings escaped.
@Suite("JSON log lines")
struct JSONLogHandlerTests {
    static func event(_ message: Logger.Message, _ metadata: Logger.Metadata?) -> LogEvent {
        LogEvent(level: .info, message: message, metadata: metadata, source: nil, file: #fileID, function: #function, line: #line)
    }

    static func text(_ line: [UInt8]) -> String { String(decoding: line, as: UTF8.self) }

    @Test func keysAreSortedAndTheLastSourceWins() throws {
        let provider = Logger.MetadataProvider { ["trace_id": "t1", "shared": "provider", "zeta": "z"] }
        var handler = JSONLogHandler(label: "debrief", metadataProvider: provider)
        handler[metadataKey: "hb.request.id"] = "42"
        handler[metadataKey: "shared"] = "logger"
        handler[metadataKey: "msg"] = "never written"
        let date = Date(timeIntervalSince1970: 1_764_460_800.25)
        let line = handler.line(for: Self.event("request", ["shared": "event", "http.status": "201", "alpha": "a"]), at: date)
        #expect(Self.text(line) == """
            {"alpha":"a","hb.request.id":"42","http.status":"201","level":"info","logger":"debrief","msg":"request",\
            "shared":"event","trace_id":"t1","ts":"2025-11-30T00:00:00.250Z","zeta":"z"}

            """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(object.count == 10 && object["shared"] == "event" && object["msg"] == "request")
    }

    @Test func onlyWhatJSONRequiresIsEscaped() throws {
        let handler = JSONLogHandler(label: "debrief")
        let raw = "quote \" back \\ nl \n cr \r tab \t bell \u{7} slash / 한국어 👍🏽"
        let line = handler.line(for: Self.event("\(raw)", ["plain": "value"]), at: Date(timeIntervalSince1970: 0))
        #expect(Self.text(line).contains(#""msg":"quote \" back \\ nl \n cr \r tab \t bell \u0007 slash / 한국어 👍🏽""#))
        #expect(Self.text(line).contains(#""plain":"value""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(object["msg"] == raw)
    }
}
