import Foundation
import Testing
import Debrief

@Suite("Calendar: RFC 5545 text (escaping, folding)")
struct CalendarTextTests {
    @Test("TEXT values escape backslash, semicolon, comma and line breaks, and read back")
    func escaping() {
        let text = "1:1; notes, v2 \\ end\r\nnext\nlast"
        let escaped = ICalendarText.escape(text)
        #expect(escaped == "1:1\\; notes\\, v2 \\\\ end\\nnext\\nlast")
        #expect(ICalendarText.unescape(escaped) == "1:1; notes, v2 \\ end\nnext\nlast")
    }

    @Test("Korean lines fold at exactly 75 octets, never inside a UTF-8 sequence, with CRLF")
    func foldingKorean() throws {
        // "SUMMARY:" is 8 octets; each syllable 3: 22 syllables make 74, the 23rd would be 77.
        let title = String(repeating: "주간회의", count: 10)
        let folded = ICalendarText.fold("SUMMARY:" + title)
        #expect(folded.hasSuffix("\r\n"))
        let physical = folded.dropLast(2).components(separatedBy: "\r\n")
        #expect(physical.count > 1)
        for line in physical {
            #expect(line.utf8.count <= 75, "\(line.utf8.count) octets: \(line)")
            // Each physical line is valid UTF-8 on its own: no syllable was cut.
            #expect(String(bytes: Array(line.utf8), encoding: .utf8) == line)
        }
        #expect(physical[0].utf8.count == 74)
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(ICalendarText.unfold(folded) == ["SUMMARY:" + title])
    }

    @Test("An ASCII line of exactly 75 octets is not folded; 76 octets are")
    func foldingBoundary() {
        let exact = "DESCRIPTION:" + String(repeating: "a", count: 63)
        #expect(exact.utf8.count == 75)
        #expect(ICalendarText.fold(exact) == exact + "\r\n")
        let over = exact + "b"
        #expect(ICalendarText.fold(over) == exact + "\r\n b\r\n")
    }

    @Test("A document holds every field of a session, in UTC, with the zone named")
    func document() {
        let start = Date(timeIntervalSince1970: 1_796_115_600) // 2026-12-01T09:00:00Z
        let event = CalendarEvent(
            uid: "abc@debrief.example", stamp: start, created: start, start: start, end: start.addingTimeInterval(3600),
            summary: "주간 회의, 2부", location: "Room 1; 2F", description: "Form: https://x/f/ABC", url: "https://x/f/ABC",
            sequence: 3, status: .cancelled)
        let text = ICalendarDocument(name: "Weekly", timeZone: "Asia/Seoul", events: [event]).rendered()
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.contains("\r\nDTSTART:20261201T090000Z\r\nDTEND:20261201T100000Z\r\n"))
        #expect(text.contains("\r\nSUMMARY:주간 회의\\, 2부\r\n"))
        #expect(text.contains("\r\nLOCATION:Room 1\\; 2F\r\n"))
        #expect(text.contains("\r\nSEQUENCE:3\r\nSTATUS:CANCELLED\r\n"))
        #expect(text.contains("\r\nX-WR-TIMEZONE:Asia/Seoul\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }
}
