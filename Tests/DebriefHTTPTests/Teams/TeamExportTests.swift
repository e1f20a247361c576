import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// `GET /v1/teams/{teamId}/export.csv` (issue 70 goal 3) against the real database: a team's
/// summary is exactly its series' own summary exports, one header, k and withholding as there,
/// for its members and installation admins only.
@Suite("A team's summary export")
struct TeamExportTests {
    typealias Host = SeriesSharingTests.Host

    /// A form whose option label a spreadsheet would run, counted from `threshold` responses.
    static func form(threshold: Int) -> [String: Any] {
        [
            "title": "Weekly", "anonymous": true, "privacyThreshold": threshold,
            "questions": [
                ["key": "overall", "prompt": "Overall?", "kind": "rating", "min": 1, "max": 5, "required": true],
                ["key": "topic", "prompt": "Best topic?", "kind": "choice",
                 "options": [["id": "roadmap", "label": "=Roadmap"], ["id": "hiring", "label": "Hiring"]]],
            ],
        ]
    }

    /// A published session of a new series of `host`, with one response per rating; its series id.
    static func series(
        _ api: ParticipantAPI, _ host: Host, title: String, hoursAgo: Double, threshold: Int, ratings: [Int]
    ) async throws -> String {
        let start = Date().addingTimeInterval(-hoursAgo * 3600)
        let meeting = try await api.send(
            .post, "/v1/meetings", token: host.token,
            json: ["title": title, "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let meetingID = try #require(meeting.string("id"), "\(meeting.text)")
        let saved = try await api.send(.put, "/v1/meetings/\(meetingID)/form", token: host.token, json: Self.form(threshold: threshold))
        try #require(saved.status == .ok, "\(saved.text)")
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meetingID)/form/publish", token: host.token).string("code"))
        for rating in ratings {
            let answers: [[String: Any]] = [["questionKey": "overall", "rating": rating], ["questionKey": "topic", "optionIds": ["roadmap"]]]
            let reply = try await api.submit(code, ["answers": answers])
            try #require(reply.status == .created, "\(reply.text)")
        }
        return try #require(meeting.string("seriesId"))
    }

    /// Each row as one comparable line (the header's order), so two files' rows compare as multisets.
    static func lines(_ body: Data) async throws -> (header: [String], rows: [String]) {
        let (header, rows) = try await CSVParser.records(body)
        return (header, rows.map { row in header.map { row[$0] ?? "" }.joined(separator: "\u{1F}") }.sorted())
    }

    @Test func theTeamsFileIsItsSeriesSummariesUnderTheirOwnK() async throws {
        try await ParticipantAPI.run { api, database in
            let admin = try await SeriesSharingTests.host(api)
            let viewer = try await SeriesSharingTests.host(api)
            let outsider = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, admin)
            try await TeamsTests.add(api, team, admin, viewer, "viewer")
            let counted = try await Self.series(api, admin, title: "Design sync", hoursAgo: 0.2, threshold: 2, ratings: [4, 5, 3])
            let withheld = try await Self.series(api, admin, title: "Hiring sync", hoursAgo: 3, threshold: 5, ratings: [2, 4])
            for series in [counted, withheld] {
                try await TeamsTests.moveIntoTeam(api, series, team, offeredBy: admin, acceptedBy: admin)
            }

            let reply = try await api.send(.get, "/v1/teams/\(team)/export.csv", token: viewer.token)
            try #require(reply.status == .ok, "\(reply.text)")
            #expect(reply.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(reply.headers[.contentDisposition]?.contains("-team-") == true)
            #expect(reply.headers[.contentDisposition]?.contains("-summary-utf8.csv") == true, "\(reply.headers)")
            let teamFile = try await Self.lines(reply.body)
            var expected: [String] = []
            for series in [counted, withheld] {
                let own = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=summary", token: admin.token)
                try #require(own.status == .ok, "\(own.text)")
                let (header, rows) = try await Self.lines(own.body)
                #expect(header == teamFile.header)
                expected += rows
            }
            #expect(teamFile.rows == expected.sorted(), "exactly the rows the series' own exports give")

            let (_, rows) = try await CSVParser.records(reply.body)
            let below = rows.filter { $0["series_id"] == withheld }
            let above = rows.filter { $0["series_id"] == counted }
            #expect(!below.isEmpty && below.allSatisfy { $0["withheld"] == "true" && ($0["count"] ?? "").isEmpty }, "below k: withheld")
            #expect(above.contains { $0["question_key"] == "overall" && $0["withheld"] == "false" && $0["mean"] == "4" }, "\(above)")
            #expect(above.contains { $0["label"] == "'=Roadmap" }, "a formula is neutralized")
            #expect(!rows.contains { $0["label"] == "=Roadmap" })

            // A team is a secret to those outside it, answered as a team that does not exist.
            let foreign = try await api.send(.get, "/v1/teams/\(team)/export.csv", token: outsider.token)
            let missing = try await api.send(.get, "/v1/teams/\(UUID().uuidString)/export.csv", token: outsider.token)
            #expect(foreign.status == .notFound && missing.status == .notFound)
            #expect(foreign.json?["detail"] as? String == missing.json?["detail"] as? String)
            #expect(try await api.send(.get, "/v1/teams/\(team)/export.csv").status == .unauthorized)
            // An installation admin who is no member reads it all.
            let installationAdmin = try await SeriesSharingTests.host(api)
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE id = \(installationAdmin.id)::uuid")
            // A new sign-in: a token carries the role it was issued with.
            let login = try await api.send(.post, "/v1/tokens", json: ["email": installationAdmin.email, "password": "correct horse battery"])
            let adminToken = try #require(login.string("token"), "\(login.text)")
            let byAdmin = try await api.send(.get, "/v1/teams/\(team)/export.csv", token: adminToken)
            #expect(byAdmin.status == .ok, "\(byAdmin.text.prefix(300))")
            let adminRows = try await Self.lines(byAdmin.body).rows
            #expect(adminRows == teamFile.rows)
        }
    }

    @Test func aTeamsExportIsASummaryAndNamesBadParameters() async throws {
        try await ParticipantAPI.run { api, _ in
            let admin = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, admin)
            let empty = try await api.send(.get, "/v1/teams/\(team)/export.csv?delimiter=semicolon&bom=true", token: admin.token)
            #expect(empty.status == .ok, "\(empty.text)")
            #expect(Array(empty.body.prefix(3)) == [0xEF, 0xBB, 0xBF], "the byte order mark asked for")
            #expect(empty.text.contains("meeting_id;series_id;session_number"), "a header and no row: no series yet")
            let bad = try await api.send(.get, "/v1/teams/\(team)/export.csv?layout=responses&until=soon&delimiter=colon", token: admin.token)
            #expect(bad.status == .unprocessableContent, "\(bad.text)")
            let named = Set(bad.problemPaths.compactMap { $0.split(separator: ":").first.map(String.init) })
            #expect(named == ["layout", "until", "delimiter"], "\(bad.problemPaths)")
        }
    }
}
