import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// `GET …/export.xlsx`: the workbook read back by an independent reader (Python's zipfile and
/// ElementTree, see ``XLSXParser``).
@Suite("xlsx export over HTTP", .serialized)
struct XLSXExportTests {
    @Test func workbookHasTypedCellsLabelsAndPlainStrings() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await ExportTests().seed(api, token: token, title: "주간 회고: Retro/1")
            let reply = try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx", token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            #expect(reply.headers[.contentType] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
            let day = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).string("startsAt")?.prefix(10))
            // RFC 6266: an ASCII fallback, and the Korean title percent-encoded in UTF-8.
            let korean = "주간-회고-retro-1".addingPercentEncoding(
                withAllowedCharacters: CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789-")) ?? ""
            #expect(
                reply.headers[.contentDisposition]
                    == "attachment; filename=\"debrief-retro-1-\(day).xlsx\"; filename*=UTF-8''debrief-\(korean)-\(day).xlsx")

            let sheets = try await XLSXParser.sheets(reply.body)
            #expect(sheets.map(\.name) == ["summary", "responses", "trends"])
            let responses = try #require(sheets.first { $0.name == "responses" }?.sheet)
            let header = try #require(responses.rows.first)
            let notes = try #require(header.firstIndex(of: "@Notes [notes]"), "the header is not neutralized: \(header)")
            let useful = try #require(header.firstIndex(of: "=HYPERLINK(\"x\") 평가, \"score\" [useful]"))
            let topic = try #require(header.firstIndex(of: "+Topics, best? 🎯 [topic]"))
            let submitted = try #require(header.firstIndex(of: "submitted_at"))
            let texts = responses.rows.dropFirst().map { $0[notes] }
            // Formula-like texts and Korean exactly as typed, as strings.
            #expect(Set(texts) == Set(ExportTests.hostileTexts))
            for (row, types) in zip(responses.rows.dropFirst(), responses.types.dropFirst()) {
                #expect(types[notes] == "s")
                #expect(types[useful] == "n", "a rating is a number: \(row[useful])")
                #expect(Int(row[useful]) != nil)
                // The seed form is anonymous: the day only, no moment (decision 81), a date cell
                // without a time like a date question's answer (decision 84): a whole serial.
                #expect(types[submitted] == "d" && Int(row[submitted]) != nil, "an anonymous response's day: \(row[submitted])")
                if topic < row.count, !row[topic].isEmpty {
                    #expect(row[topic].contains("@Minus"), "labels, not codes: \(row[topic])")
                }
            }
            let summary = try #require(sheets.first { $0.name == "summary" }?.sheet)
            let count = try #require(summary.rows.first?.firstIndex(of: "count"))
            #expect(summary.types.dropFirst().contains { $0.count > count && $0[count] == "n" })
        }
    }

    @Test func timesAreInTheHostsZoneAsSpreadsheetsReadThem() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.patch, "/v1/me", token: token, json: ["timeZone": "Asia/Seoul"]).status == .ok)
            let meeting = try await ExportTests().seed(api, token: token)
            let (_, rows) = try await CSVParser.records(try await api.send(.get, "/v1/meetings/\(meeting)/export.csv", token: token).body)
            let stored = try await database.query("SELECT \(AnonymousExportOrderTests.pseudonym("r.id")) AS id, r.submitted_at FROM responses r")
            #expect(stored.count == rows.count && !rows.isEmpty)
            let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = seoul
            for row in stored {
                let id: String = try row.decode("id")
                let at: Date = try row.decode("submitted_at")
                let exported = try #require(rows.first { $0["response_id"] == id })
                // To the millisecond, rounded as the JSON's times are.
                let milliseconds = (at.timeIntervalSince1970 * 1000).rounded()
                let whole = Date(timeIntervalSince1970: (milliseconds / 1000).rounded(.down))
                let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
                // The seed form is anonymous: its day in the host's zone, no moment (decision 81).
                let expected = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
                #expect(exported["submitted_at"] == expected)
                #expect(exported["time_zone"] == "Asia/Seoul")
            }
        }
    }

    @Test func withheldCellsSayWithheld() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token, daysFromNow: -0.01)
            let form: [String: Any] = [
                "title": "k", "anonymous": true, "privacyThreshold": 5,
                "questions": [["key": "mood", "prompt": "Mood", "kind": "rating", "min": 1, "max": 5, "required": true]],
            ]
            #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form).status == .ok)
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
            for rating in [2, 4] {
                let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "mood", "rating": rating]]])
                #expect(reply.status == .created, "\(reply.text)")
            }
            let sheets = try await XLSXParser.sheets(try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx", token: token).body)
            let responses = try #require(sheets.first { $0.name == "responses" }?.sheet)
            let rows = responses.records
            #expect(rows.count == 2)
            #expect(rows.allSatisfy { $0["Mood [mood]"] == "withheld" }, "\(rows)")
        }
    }

    @Test func parametersOfTheCSVAreRefusedByName() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await api.createMeeting(token: token)
            let bad = try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx?layout=answers&bom=true&since=soon", token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.problem?.errors?.map(\.path) ?? []) == ["layout", "bom", "since"])
            let (other, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx", token: other).status == .notFound)
        }
    }
}
