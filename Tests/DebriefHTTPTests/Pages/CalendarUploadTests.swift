@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 48 item 5 ("the series from a calendar event page takes pasted text, not a file"), part
/// series3 item 2: `/m/from-calendar` takes an uploaded `.ics` file (multipart/form-data) through
/// the same planner as pasted text; a file over the named limit is a 413 naming `icsFile`, one
/// that is not text a 422 naming it, and nothing is stored either way.
@Suite("Pages: a series from an uploaded calendar file")
struct CalendarUploadTests {
    /// A multipart post of `fields` and one file part `icsFile`.
    static func upload(
        _ api: ParticipantAPI, cookie: String, _ fields: [(String, String)], file: [UInt8], filename: String = "weekly.ics"
    ) async throws -> ParticipantReply {
        let boundary = "----debrief-test-7f3a"
        var body: [UInt8] = []
        for (name, value) in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"icsFile\"; filename=\"\(filename)\"\r\nContent-Type: text/calendar\r\n\r\n".utf8)
        body += file
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=\(boundary)", .cookie: cookie]
        let response = try await api.client.executeRequest(
            uri: "/m/from-calendar", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        return ParticipantReply(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
    }

    static let ics = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "DTSTART;TZID=Asia/Seoul:20310304T160000",
        "DTEND;TZID=Asia/Seoul:20310304T170000", "SUMMARY:Weekly sync", "RRULE:FREQ=WEEKLY;COUNT=3", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    @Test func anUploadedFileIsPlannedAndABadOneIsRefusedNamingTheField() async throws {
        try await ParticipantAPI.run { api, _ in
            let email = try await api.signUp()
            let session = try #require(try await api.signIn(email: email).1)
            let form = try await api.page("/m/from-calendar", cookie: session.cookie)
            #expect(form.text.contains("enctype=\"multipart/form-data\""), "\(form.text.prefix(3000))")
            #expect(form.text.contains("<label for=\"icsFile\">") && form.text.contains("type=\"file\" id=\"icsFile\" name=\"icsFile\""))
            let token = try #require(try await api.send(
                .post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            func count() async throws -> Int {
                ((try await api.send(.get, "/v1/meetings?scope=all&limit=100", token: token)).json?["items"] as? [Any])?.count ?? -1
            }

            let tooLarge = try await Self.upload(
                api, cookie: session.cookie, [("csrf", session.csrf)],
                file: Array(Self.ics.utf8) + [UInt8](repeating: 0x20, count: CalendarPageController.maxUploadBytes))
            #expect(tooLarge.status == .contentTooLarge, "\(tooLarge.status)")
            #expect(tooLarge.text.contains("icsFile:"), "the field is named: \(tooLarge.text.prefix(3000))")
            let notText = try await Self.upload(api, cookie: session.cookie, [("csrf", session.csrf)], file: [0xFF, 0xFE, 0x00, 0x42])
            #expect(notText.status == .unprocessableContent, "\(notText.status)")
            #expect(notText.text.contains("icsFile:"))
            let forged = try await Self.upload(api, cookie: session.cookie, [("csrf", "wrong")], file: Array(Self.ics.utf8))
            #expect(forged.status == .forbidden, "the CSRF token is checked in a multipart post too")
            #expect(try await count() == 0, "nothing stored")

            let made = try await Self.upload(api, cookie: session.cookie, [("csrf", session.csrf), ("ics", "")], file: Array(Self.ics.utf8))
            #expect(made.status == .seeOther, "\(made.status) \(made.text.prefix(2000))")
            let first = String(try #require(made.headers[.location]).dropFirst("/m/".count))
            let meeting = try await api.send(.get, "/v1/meetings/\(first)", token: token)
            #expect(meeting.string("timeZone") == "Asia/Seoul", "\(meeting.text)")
            #expect(meeting.string("startsAt") == "2031-03-04T07:00:00.000Z")
            #expect(try await count() == 3)
        }
    }

    @Test func multipartBodiesAreReadAsBrowsersSendThem() {
        let body = Array("preamble\r\n--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\ny\r\n--b\r\nContent-Disposition: form-data; name=\"f\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n".utf8)
        let form = MultipartFormData(body, boundary: "b")
        #expect(form?.parts.map(\.name) == ["a", "f"])
        #expect(form?.parts.first.map { String(decoding: $0.bytes, as: UTF8.self) } == "x\r\ny")
        #expect(form?.parts.last?.filename == "" && form?.parts.last?.bytes.isEmpty == true)
        #expect(MultipartFormData(Array("--b\r\nno headers end".utf8), boundary: "b") == nil)
        #expect(MultipartFormData.boundary(of: "multipart/form-data; boundary=\"x y\"") == "x y")
        #expect(MultipartFormData.boundary(of: "multipart/form-data") == nil)
    }
}
