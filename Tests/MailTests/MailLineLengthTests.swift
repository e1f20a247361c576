import DebriefTestSupport
import Foundation
import Testing

@testable import Mail

/// Issue 51: the first `Subject:` line of a Korean reminder was 81 characters and
/// `List-Unsubscribe` 83. A header line holding an encoded-word may have 76 (RFC 2047 §2), any
/// other 78 (RFC 5322 §2.1.1); and Python's `email` package with `policy.strict` reads the
/// whole message back (python3 is on every machine the tests run on: scripts/test's packages).
@Suite struct MailLineLengthTests {
    static let subjects = [
        "회의 피드백을 남겨 주세요: 주간 팀 회의 (3월 둘째 주) — 마감 전 알림",
        "Reminder: your feedback for “Quarterly planning with the whole product and platform group” closes soon",
        "Your password reset link",
        "피드백",
    ]

    static func message(subject: String) -> MailMessage {
        MailMessage(
            fromAddress: "no-reply@feedback.example.com", fromName: "Debrief · 주간 회의 피드백 알림 서비스", to: "eun.seo@example.org",
            subject: subject, text: "It closes at 18:00.\n", html: "<p>It closes at 18:00.</p>",
            messageID: "\(UUID().uuidString.lowercased())@feedback.example.com", date: Date(timeIntervalSince1970: 1_795_000_000),
            unsubscribeURL: "https://feedback.example.com/unsubscribe/k3Jd9QpZ0vX2mN8bT5rW1yL7cF4hG6sA0eU3iO9pQ2w",
            unsubscribeMailto: "unsubscribe+k3Jd9QpZ0vX2mN8bT5rW1yL7cF4hG6sA0eU3iO9pQ2w@feedback.example.com")
    }

    /// The header block's physical lines, each with the field it belongs to.
    static func headerLines(_ rendered: String) -> [(field: String, line: String)] {
        let head = rendered.components(separatedBy: "\r\n\r\n")[0]
        var field = ""
        return head.components(separatedBy: "\r\n").map { line in
            if !line.hasPrefix(" "), let colon = line.firstIndex(of: ":") { field = String(line[..<colon]) }
            return (field, line)
        }
    }

    @Test(arguments: subjects)
    func everyHeaderLineIsWithinItsLimit(subject: String) {
        let lines = Self.headerLines(Self.message(subject: subject).rendered())
        let encodedFields = Set(lines.filter { $0.line.contains("=?UTF-8?") }.map(\.field))
        for (field, line) in lines {
            let limit = encodedFields.contains(field) ? 76 : 78
            // A URL longer than a line cannot be folded (white space inside `<…>` is not safe to
            // rely on): it stands alone on its line, within RFC 5322's hard 998.
            let isOneLongWord = line.hasPrefix(" ") && !line.dropFirst().contains(" ") && line.utf8.count <= 998
            #expect(line.utf8.count <= limit || isOneLongWord, "\(field): \(line.utf8.count) > \(limit): \(line)")
        }
        #expect(encodedFields.contains("From"))
    }

    @Test func pythonsStrictParserReadsEveryHeaderBack() async throws {
        let script = """
            import sys, email
            from email import policy
            raw = sys.stdin.buffer.read()
            for message in raw.split(b"\\0"):
                parsed = email.message_from_bytes(message, policy=policy.strict)
                assert not parsed.defects, parsed.defects
                print(parsed["Subject"])
                # Folded right after the colon, the field starts with white space: RFC 2369's
                # list of <URL>s allows it (the URLs themselves are never broken).
                print(str(parsed["List-Unsubscribe"]).strip())
                for part in parsed.walk():
                    assert not part.defects, part.defects
            """
        let input = Self.subjects.map { Self.message(subject: $0).rendered() }.joined(separator: "\0")
        let result = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script], input: Data(input.utf8))
        let output = String(decoding: result.output, as: UTF8.self)
        #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
        let read = output.split(separator: "\n").map(String.init)
        for subject in Self.subjects { #expect(read.contains(subject), "\(subject) did not read back: \(read)") }
        #expect(read.contains("<https://feedback.example.com/unsubscribe/k3Jd9QpZ0vX2mN8bT5rW1yL7cF4hG6sA0eU3iO9pQ2w>, <mailto:unsubscribe+k3Jd9QpZ0vX2mN8bT5rW1yL7cF4hG6sA0eU3iO9pQ2w@feedback.example.com>"))
    }
}
