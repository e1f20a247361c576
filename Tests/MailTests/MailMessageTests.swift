import Foundation
import Testing

@testable import Mail

@Suite struct HeaderEncodingTests {
    @Test func asciiStaysReadable() {
        #expect(HeaderEncoding.encode("Your reset link") == "Your reset link")
    }

    @Test func koreanBecomesUTF8EncodedWordsThatDecodeBack() throws {
        let subject = "회의 피드백을 남겨 주세요: 주간 팀 회의 (3월 둘째 주) — 마감 전 알림"
        let encoded = HeaderEncoding.encode(subject)
        let words = encoded.components(separatedBy: " ")
        #expect(words.count > 1)
        var bytes: [UInt8] = []
        for word in words {
            #expect(word.count <= 75)
            #expect(word.hasPrefix("=?UTF-8?B?") && word.hasSuffix("?="))
            let payload = String(word.dropFirst(10).dropLast(2))
            let chunk = try #require(Data(base64Encoded: payload))
            // Each word holds whole characters (RFC 2047 §5): it decodes on its own.
            #expect(String(data: chunk, encoding: .utf8) != nil)
            bytes += chunk
        }
        #expect(String(decoding: bytes, as: UTF8.self) == subject)
    }

    @Test func lineBreaksCannotInjectHeaders() {
        let encoded = HeaderEncoding.encode("Hello\r\nBcc: victim@example.org")
        #expect(!encoded.contains("\r\nBcc"))
        #expect(!HeaderEncoding.mailbox(name: nil, address: "a@b.c\r\nBcc: x@y.z").contains("\r\nBcc"))
    }

    @Test func foldsLongHeadersAtSpacesBelow78() {
        let value = Array(repeating: "word", count: 40).joined(separator: " ")
        let folded = HeaderEncoding.fold(name: "Subject", value: value)
        let lines = folded.components(separatedBy: "\r\n")
        #expect(lines.count > 1)
        for line in lines { #expect(line.utf8.count <= 78) }
        for line in lines.dropFirst() { #expect(line.hasPrefix(" ")) }
        // Unfolding (RFC 5322 §2.2.3) gives the value back.
        #expect(folded.replacingOccurrences(of: "\r\n", with: "") == "Subject: " + value)
    }
}

@Suite struct QuotedPrintableTests {
    @Test func encodesUTF8EqualsAndTrailingSpace() {
        #expect(QuotedPrintable.encode("a=b") == "a=3Db")
        #expect(QuotedPrintable.encode("é") == "=C3=A9")
        #expect(QuotedPrintable.encode("end ") == "end=20")
    }

    @Test func softBreaksKeepLinesWithin76AndNeverSplitAnEscape() {
        let encoded = QuotedPrintable.encode(String(repeating: "가", count: 60))
        for line in encoded.components(separatedBy: "\r\n") {
            #expect(line.count <= 76)
            // A line ends after a whole "=XX" or with the soft break "=".
            let body = line.hasSuffix("=") && !line.hasSuffix("==") ? String(line.dropLast()) : line
            #expect(body.count % 3 == 0)
        }
    }
}

@Suite struct MailMessageTests {
    let message = MailMessage(
        fromAddress: "debrief@example.org", fromName: "Debrief", to: "minji@example.org",
        subject: "내일 마감: 주간 회의 피드백", text: "안녕하세요\nhttps://debrief.example/f/ABC", html: "<p>안녕하세요</p>",
        messageID: "7b1d7ad8-61a4-4cf6-9f5b-2f4e0cf6d1a0@example.org",
        date: Date(timeIntervalSince1970: 1_764_000_000),
        unsubscribeURL: "https://debrief.example/unsubscribe/tok")

    @Test func hasTheHeadersReceiversNeed() {
        let text = self.message.rendered()
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.contains("Message-ID: <7b1d7ad8-61a4-4cf6-9f5b-2f4e0cf6d1a0@example.org>"))
        #expect(head.contains("Date: Mon, 24 Nov 2025 16:00:00 +0000"))
        #expect(head.contains("Auto-Submitted: auto-generated"))
        #expect(head.contains("MIME-Version: 1.0"))
        #expect(head.contains("List-Unsubscribe: <https://debrief.example/unsubscribe/tok>"))
        #expect(head.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))
        #expect(head.contains("Subject: =?UTF-8?B?"))
        #expect(head.contains("From: \"Debrief\" <debrief@example.org>"))
        #expect(head.contains("multipart/alternative"))
    }

    /// Seen: a subject of several encoded-words was folded with an empty line after `Subject:`,
    /// which ended the headers (receivers saw no Auto-Submitted, List-Unsubscribe or MIME type).
    @Test func aLongKoreanSubjectFoldsWithoutEndingTheHeaders() {
        var long = self.message
        long.subject = "주간 회의 — your feedback link · 피드백 링크 — 주간 회의 — 피드백 마감 전 알림"
        let text = long.rendered()
        let head = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(head.contains("Auto-Submitted: auto-generated"))
        #expect(head.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"))
        for line in head.components(separatedBy: "\r\n").dropFirst() where !line.hasPrefix(" ") {
            #expect(line.contains(":"))
        }
    }

    @Test func mailAPersonAskedForHasNoUnsubscribe() {
        var reset = self.message
        reset.unsubscribeURL = nil
        #expect(!reset.rendered().contains("List-Unsubscribe"))
    }

    @Test func hasBothPartsAndOnlyCRLFLineEnds() {
        let text = self.message.rendered()
        #expect(text.contains("Content-Type: text/plain; charset=UTF-8"))
        #expect(text.contains("Content-Type: text/html; charset=UTF-8"))
        #expect(text.components(separatedBy: "--" + self.message.boundary).count == 4)
        #expect(text.hasSuffix("--" + self.message.boundary + "--\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        // 7-bit: any relay passes it.
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func aRetryRendersTheSameBytes() {
        #expect(self.message.rendered() == self.message.rendered())
    }
}

@Suite struct SMTPSettingsTests {
    @Test func credentialsAreTakenOutOfTheURL() throws {
        let settings = try SMTPSettings(url: "smtp://user%40x:p%3Ass@mail.example.org:587", from: "debrief@example.org")
        #expect(settings.url == "smtp://mail.example.org:587")
        #expect(settings.username == "user@x")
        #expect(settings.password == "p:ss")
        #expect(settings.startTLS == .required)
    }

    @Test func refusesWhatIsNotSMTP() {
        #expect(throws: SMTPSettings.Problem.self) { try SMTPSettings(url: "https://mail.example.org", from: "a@b.org") }
        #expect(throws: SMTPSettings.Problem.self) { try SMTPSettings(url: "smtp://", from: "a@b.org") }
        #expect(throws: SMTPSettings.Problem.self) { try SMTPSettings(url: "smtp://mail.example.org", from: "not an address") }
    }

    @Test func anUnreachableServerIsAFailureWithAReason() async throws {
        // Port 9 on loopback: nothing listens, the connection is refused at once.
        let client = SMTPClient(settings: try SMTPSettings(url: "smtp://127.0.0.1:9", from: "a@example.org", startTLS: .none))
        let message = MailMessage(
            fromAddress: "a@example.org", to: "b@example.org", subject: "s", text: "t", html: "h", messageID: "x@example.org",
            date: Date())
        let result = await client.send(message)
        await client.shutdown()
        #expect(!result.delivered)
        #expect(result.replyCode == nil)
        #expect(result.reply?.isEmpty == false)
    }
}
