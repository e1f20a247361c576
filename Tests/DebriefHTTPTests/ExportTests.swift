import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// A cell as the export writes it with neutralization on (OWASP: a leading `'` before = + - @ tab CR).
func neutralized(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return text }
    return "'" + text
}

@Suite("CSV export over HTTP", .serialized)
struct ExportTests {
    /// Prompts and answers a spreadsheet or a naive CSV writer would get wrong.
    static var hostileForm: [String: Any] {
        [
        "title": "Export",
        "anonymous": true,
        "privacyThreshold": 1,
        "questions": [
            ["key": "useful", "prompt": "=HYPERLINK(\"x\") 평가, \"score\"", "kind": "rating", "min": 0, "max": 10, "required": true],
            [
                "key": "topic", "prompt": "+Topics, best? 🎯", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
                "options": [["id": "roadmap", "label": "Roadmap, \"big\""], ["id": "-minus", "label": "@Minus"]],
            ],
            ["key": "notes", "prompt": "@Notes", "kind": "shortAnswer", "maxLength": 500],
        ],
        ]
    }

    /// The labels of `hostileForm`'s options by id.
    static let labels = ["roadmap": "Roadmap, \"big\"", "-minus": "@Minus"]

    static let hostileTexts = [
        "say \"hi\", then\nleave", "회의 좋았어요, 로드맵 👍🏽", "=SUM(1,2)", "+1 more", "-5 minutes", "@everyone", "plain",
    ]

    /// A published meeting with one response per hostile text; returns the meeting id.
    func seed(_ api: APIClient, token: String, title: String = "Weekly sync") async throws -> String {
        let meeting = try await api.createMeeting(token: token, title: title, daysFromNow: -0.01)
        #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: Self.hostileForm).status == .ok)
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
        for (index, text) in Self.hostileTexts.enumerated() {
            var answers: [[String: Any]] = [["questionKey": "useful", "rating": index % 11], ["questionKey": "notes", "text": text]]
            switch index % 3 {
            case 0: answers.append(["questionKey": "topic", "optionIds": ["roadmap", "-minus"]])
            case 1: answers.append(["questionKey": "topic", "optionIds": ["-minus"], "otherText": "=1+2, \"other\""])
            default: break
            }
            let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": answers])
            #expect(reply.status == .created, "\(reply.text)")
        }
        return meeting
    }

    @Test func responsesLayoutRoundTripsHostileCells() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await self.seed(api, token: token)
            let reply = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=responses", token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            #expect(reply.headers[.contentType] == "text/csv; charset=utf-8")
            let day = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).string("startsAt")?.prefix(10))
            #expect(
                reply.headers[.contentDisposition]
                    == "attachment; filename=\"debrief-weekly-sync-\(day)-responses-utf8.csv\"; filename*=UTF-8''debrief-weekly-sync-\(day)-responses-utf8.csv")
            let (header, rows) = try await CSVParser.records(reply.body)
            let useful = neutralized("=HYPERLINK(\"x\") 평가, \"score\"") + " [useful]"
            let topic = neutralized("+Topics, best? 🎯") + " [topic]"
            let notes = neutralized("@Notes") + " [notes]"
            // A choice's cell holds the labels (the host's words); its ids have their own column.
            #expect(header.suffix(6) == [useful, topic, topic + " (code)", topic + " (other)", notes, "time_zone"])
            #expect(header.prefix(3) == ["response_id", "meeting_id", "series_id"])
            #expect(rows.count == Self.hostileTexts.count)

            // Every cell against the database.
            let stored = try await database.query(
                """
                SELECT \(AnonymousExportOrderTests.pseudonym("r.id")) AS id, max(a.rating) AS rating, max(a.text_value) AS notes, max(a.other_text) AS other,
                       string_agg(a.option_id, ';' ORDER BY a.position) AS options
                FROM responses r JOIN answers a ON a.response_id = r.id GROUP BY r.id
                """)
            #expect(stored.count == rows.count)
            for row in stored {
                let id: String = try row.decode("id")
                let exported = try #require(rows.first { $0["response_id"] == id })
                #expect(exported["meeting_id"] == meeting.lowercased())
                #expect(exported[useful] == String(try row.decode("rating", as: Int.self)))
                #expect(exported[notes] == neutralized(try row.decode("notes", as: String.self)))
                let codes = try row.decode("options", as: String?.self)
                let labels = codes.map { $0.split(separator: ";").map { Self.labels[String($0)] ?? "?" }.joined(separator: "; ") }
                #expect(exported[topic] == labels.map(neutralized) ?? "")
                #expect(exported[topic + " (code)"] == codes.map(neutralized) ?? "")
                #expect(exported[topic + " (other)"] == (try row.decode("other", as: String?.self)).map(neutralized) ?? "")
                #expect(exported["checked_in"] == "false")
                #expect(exported["participant_name"] == "")
                #expect(exported["session_number"] == "1")
                // An anonymous form's row tells no moment (decision 81): no seconds after the end.
                #expect(exported["seconds_after_end"] == "")
            }
            #expect(Set(rows.compactMap { $0[notes] }) == Set(Self.hostileTexts.map(neutralized)))

            // For trusted pipelines the cells stay exactly as typed, with a BOM for Excel.
            let raw = try await api.send(
                .get, "/v1/meetings/\(meeting)/export.csv?layout=responses&neutralize=false&bom=true&delimiter=semicolon", token: token)
            #expect(Array(raw.body.prefix(3)) == [0xEF, 0xBB, 0xBF])
            let (rawHeader, rawRows) = try await CSVParser.records(raw.body, delimiter: ";")
            #expect(rawHeader.suffix(2) == ["@Notes [notes]", "time_zone"])
            #expect(Set(rawRows.compactMap { $0["@Notes [notes]"] }) == Set(Self.hostileTexts))
        }
    }

    @Test func answersLayoutHasOneRowPerStoredAnswer() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await self.seed(api, token: token)
            let reply = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=answers", token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            let (header, rows) = try await CSVParser.records(reply.body)
            #expect(header.contains("question_prompt") && header.contains("option_label"))
            let stored = try await database.query(
                """
                SELECT \(AnonymousExportOrderTests.pseudonym("response_id")) AS id, question_key, position, option_id, other_text, rating, text_value FROM answers
                """)
            #expect(rows.count == stored.count)
            for row in stored {
                let id: String = try row.decode("id")
                let key: String = try row.decode("question_key")
                let position: Int = try row.decode("position")
                let exported = try #require(
                    rows.first { $0["response_id"] == id && $0["question_key"] == key && $0["position"] == String(position) })
                #expect(exported["option_id"] == (try row.decode("option_id", as: String?.self)).map(neutralized) ?? "")
                #expect(exported["other_text"] == (try row.decode("other_text", as: String?.self)).map(neutralized) ?? "")
                #expect(exported["rating"] == (try row.decode("rating", as: Int?.self)).map(String.init) ?? "")
                #expect(exported["text"] == (try row.decode("text_value", as: String?.self)).map(neutralized) ?? "")
                let option: String? = try row.decode("option_id")
                if option == "-minus" { #expect(exported["option_label"] == "'@Minus") }
                if option == "roadmap" { #expect(exported["option_label"] == "Roadmap, \"big\"") }
                if key == "useful" {
                    #expect(exported["question_prompt"] == neutralized("=HYPERLINK(\"x\") 평가, \"score\""))
                    #expect(exported["question_kind"] == "rating")
                    #expect(exported["question_position"] == "1")
                }
            }
        }
    }

    @Test func summaryLayoutEqualsTheResultsAPI() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await self.seed(api, token: token)
            let since = iso(Date().addingTimeInterval(-3600))
            let results = try await api.send(.get, "/v1/meetings/\(meeting)/results?since=\(since)", token: token)
            let reply = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=summary&since=\(since)", token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            let (_, rows) = try await CSVParser.records(reply.body)
            let questions = try #require(results.json?["questions"] as? [[String: Any]])
            var compared = 0
            for question in questions {
                let key = try #require(question["key"] as? String)
                let exported = rows.filter { $0["question_key"] == key }
                let chartRows = try #require((question["chart"] as? [String: Any])?["rows"] as? [[String: Any]])
                #expect(exported.count == max(1, chartRows.count), "\(key)")
                for (chartRow, csvRow) in zip(chartRows, exported) {
                    #expect(csvRow["category"] == (chartRow["category"] as? String).map(neutralized))
                    #expect(Double(csvRow["count"] ?? "") == (chartRow["count"] as? Double), "\(key) count")
                    #expect(Double(csvRow["percent"] ?? "") == (chartRow["percent"] as? Double), "\(key) percent")
                    #expect(csvRow["respondents"] == String(question["respondents"] as? Int ?? -1))
                    #expect(csvRow["skipped"] == String(question["skipped"] as? Int ?? -1))
                    if let statistics = question["statistics"] as? [String: Any] {
                        #expect(Double(csvRow["mean"] ?? "") == statistics["mean"] as? Double)
                        #expect(Double(csvRow["median"] ?? "") == statistics["median"] as? Double)
                        #expect(Double(csvRow["standard_deviation"] ?? "") == statistics["standardDeviation"] as? Double)
                        let nps = (statistics["nps"] as? [String: Any])?["score"] as? Double
                        #expect(Double(csvRow["nps"] ?? "") == nps)
                    }
                    compared += 1
                }
            }
            #expect(compared >= 11 + 3)
            #expect(rows.allSatisfy { $0["responses"] == String(Self.hostileTexts.count) })
        }
    }

    @Test func trendsLayoutEqualsTheTrendsAPI() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let first = try await self.seed(api, token: token)
            let start = Date().addingTimeInterval(2 * 86_400)
            let next = try #require(
                try await api.send(
                    .post, "/v1/meetings/\(first)/next", token: token,
                    json: ["startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))]
                ).string("id"))
            let code = try #require(try await api.send(.post, "/v1/meetings/\(next)/form/publish", token: token).string("code"))
            for rating in [3, 9] {
                let reply = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": rating]]])
                #expect(reply.status == .created, "\(reply.text)")
            }
            // Session 3, a week ahead with nothing counted, is planned: left out of the API, the page
            // and the export alike, and each says how many (issue 68, goal 4).
            let later = Date().addingTimeInterval(7 * 86_400)
            let planned = try await api.send(
                .post, "/v1/meetings/\(next)/next", token: token, json: ["startsAt": iso(later), "endsAt": iso(later.addingTimeInterval(3600))])
            #expect(planned.status == .created, "\(planned.text)")
            let series = try #require(try await api.send(.get, "/v1/meetings/\(first)", token: token).string("seriesId"))
            let trends = try await api.send(.get, "/v1/series/\(series)/trends", token: token)
            #expect(trends.json?["planned"] as? Int == 1, "\(trends.text)")
            let reply = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=trends", token: token)
            #expect(reply.status == .ok, "\(reply.text)")
            #expect(reply.headers[.contentDisposition]?.contains("filename=\"debrief-weekly-sync-series-") == true)
            #expect(reply.headers[.contentDisposition]?.hasSuffix("-trends-utf8.csv") == true)
            let (_, rows) = try await CSVParser.records(reply.body)
            #expect(!rows.isEmpty && rows.allSatisfy { $0["planned_sessions_not_shown"] == "1" })
            #expect(Set(rows.compactMap { $0["session_number"] }) == ["1", "2"])
            let questions = try #require(trends.json?["questions"] as? [[String: Any]])
            // Rounded as the pages round (one decimal).
            let rounded = { (value: Any?) in (value as? Double).map { ($0 * 10).rounded() / 10 } }
            for question in questions {
                let key = try #require(question["key"] as? String)
                for point in question["points"] as? [[String: Any]] ?? [] {
                    let session = try #require(point["sessionNumber"] as? Int)
                    let pointRows = rows.filter { $0["question_key"] == key && $0["session_number"] == String(session) }
                    let row = try #require(pointRows.first)
                    #expect(row["respondents"] == String(point["respondents"] as? Int ?? -1))
                    #expect(Double(row["mean"] ?? "") == rounded(point["mean"]), "\(key) \(session)")
                    #expect(Double(row["nps"] ?? "") == rounded(point["nps"]))
                    #expect(row["comparable_with_previous"] == String(point["comparableWithPrevious"] as? Bool ?? false))
                    // Tidy: a choice has one row per option, its percent in its own cell.
                    let shares = point["optionShares"] as? [String: Double] ?? [:]
                    for (option, share) in shares {
                        let optionRow = try #require(pointRows.first { $0["option_id"] == neutralized(option) }, "\(key) \(session) \(option)")
                        #expect(Double(optionRow["percent"] ?? "") == rounded(share))
                    }
                    if key == "topic" { #expect(pointRows.contains { $0["option_label"] == "@Minus" || $0["option_label"] == "'@Minus" }) }
                    #expect(pointRows.count >= max(1, shares.count), "\(key) \(session): \(pointRows)")
                }
            }
            // The series' responses, every session, in one file.
            let all = try await api.send(.get, "/v1/series/\(series)/export.csv", token: token)
            #expect(try await CSVParser.records(all.body).rows.count == Self.hostileTexts.count + 2)
        }
    }

    @Test func onlyTheOwnerOrAnAdminMayExport() async throws {
        try await withTestApp { api, database in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await self.seed(api, token: token)
            let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: token).string("seriesId"))
            let (other, _) = try await api.signUpAndLogIn()
            let foreign = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv", token: other)
            let missing = try await api.send(.get, "/v1/meetings/\(UUID().uuidString)/export.csv", token: other)
            #expect(foreign.status == .notFound)
            #expect(foreign.problem?.detail == missing.problem?.detail)
            #expect(try await api.send(.get, "/v1/series/\(series)/export.csv", token: other).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(meeting)/export.csv").status == .unauthorized)

            let (admin, adminID) = try await api.signUpAndLogIn()
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE id = \(adminID)::uuid")
            let byAdmin = try await api.send(.get, "/v1/meetings/\(meeting)/export.csv?layout=answers", token: admin)
            #expect(byAdmin.status == .ok, "\(byAdmin.text)")
            #expect(try await CSVParser.records(byAdmin.body).rows.count > Self.hostileTexts.count)
        }
    }

    @Test func badParametersAreNamed() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let meeting = try await self.seed(api, token: token)
            let bad = try await api.send(
                .get, "/v1/meetings/\(meeting)/export.csv?layout=pivot&since=yesterday&bom=maybe&delimiter=x&neutralize=no",
                token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.problem?.errors?.map(\.path) ?? []) == ["layout", "since", "bom", "delimiter", "neutralize"])
            let trends = try await api.send(
                .get, "/v1/meetings/\(meeting)/export.csv?layout=trends&since=\(iso(Date()))", token: token)
            #expect(trends.status == .unprocessableContent)
            #expect(trends.problem?.errors?.map(\.path) == ["since"])
        }
    }
}
