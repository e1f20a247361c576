import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// `GET /v1/teams/{teamId}/overview` (issue 70 goal 3) against the real database: each series'
/// session is its clock's, its numbers are its own trends' (k and withholding as there), and a
/// team is a 404 to those outside it.
@Suite("A team's overview")
struct TeamOverviewTests {
    typealias Host = SeriesSharingTests.Host

    /// A session of `host`'s series (a new series when `after` is nil, else the session after
    /// it) starting `hoursFromNow`, its form published with `threshold` and one response per
    /// rating when `ratings` is given; its meeting and series ids.
    static func session(
        _ api: ParticipantAPI, _ host: Host, after previous: String?, hoursFromNow: Double, threshold: Int, ratings: [Int]?
    ) async throws -> (meeting: String, series: String) {
        let start = Date().addingTimeInterval(hoursFromNow * 3600)
        let times = ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))]
        let created: ParticipantReply
        if let previous {
            created = try await api.send(.post, "/v1/meetings/\(previous)/next", token: host.token, json: times)
        } else {
            created = try await api.send(.post, "/v1/meetings", token: host.token, json: times.merging(["title": "Weekly sync"]) { $1 })
        }
        try #require(created.status == .created, "\(created.text)")
        let meeting = try #require(created.string("id"))
        if let ratings {
            let form = TeamExportTests.form(threshold: threshold)
            let saved = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: host.token, json: form)
            try #require(saved.status == .ok, "\(saved.text)")
            let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: host.token).string("code"))
            for rating in ratings {
                let reply = try await api.submit(code, ["answers": [["questionKey": "overall", "rating": rating]]])
                try #require(reply.status == .created, "\(reply.text)")
            }
        }
        return (meeting, try #require(created.string("seriesId")))
    }

    /// The JSON of `value` as a comparable object (two decodings of the same output compare equal).
    static func same(_ left: Any?, _ right: Any?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        return NSDictionary(dictionary: ["v": left]).isEqual(to: ["v": right])
    }

    @Test func eachSeriesShowsItsClocksSessionAndItsOwnTrendUnderK() async throws {
        try await ParticipantAPI.run { api, database in
            let admin = try await SeriesSharingTests.host(api)
            let viewer = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, admin)
            try await TeamsTests.add(api, team, admin, viewer, "viewer")
            // Counted: k = 2, three answers last week, two in the session happening now, and a
            // session planned for tomorrow (later, but not "now").
            let lastWeek = try await Self.session(api, admin, after: nil, hoursFromNow: -26, threshold: 2, ratings: [4, 5, 3])
            let now = try await Self.session(api, admin, after: lastWeek.meeting, hoursFromNow: -0.2, threshold: 2, ratings: [5, 5])
            let planned = try await Self.session(api, admin, after: now.meeting, hoursFromNow: 24, threshold: 2, ratings: nil)
            // Withheld: k = 5, fewer answers than that in each session.
            let first = try await Self.session(api, admin, after: nil, hoursFromNow: -50, threshold: 5, ratings: [2, 4])
            _ = try await Self.session(api, admin, after: first.meeting, hoursFromNow: -3, threshold: 5, ratings: [3])
            for series in [lastWeek.series, first.series] {
                try await TeamsTests.moveIntoTeam(api, series, team, offeredBy: admin, acceptedBy: admin)
            }

            let reply = try await api.send(.get, "/v1/teams/\(team)/overview", token: viewer.token)
            try #require(reply.status == .ok, "\(reply.text)")
            #expect(reply.string("question") == "overall", "the most shared question by default")
            let questions = try #require(reply.json?["questions"] as? [[String: Any]])
            #expect(questions.first?["key"] as? String == "overall" && questions.first?["seriesCount"] as? Int == 2, "\(questions)")
            let series = try #require(reply.json?["series"] as? [[String: Any]])
            #expect(series.count == 2)
            let counted = try #require(series.first { $0["seriesId"] as? String == lastWeek.series })
            let withheld = try #require(series.first { $0["seriesId"] as? String == first.series })

            // The session is the clock's: the one happening now, not the later planned one.
            let clock = try await SeriesClockStore(database: database).clock(series: try #require(UUID(uuidString: now.series)))
            let clocks = clock.attendanceSession(at: Date())?.meetingID.uuidString.lowercased()
            let session = try #require(counted["session"] as? [String: Any])
            #expect((session["meetingId"] as? String)?.lowercased() == clocks)
            #expect(clocks == now.meeting.lowercased() && clocks != planned.meeting.lowercased())
            #expect(counted["sessionIsNow"] as? Bool == true)
            #expect(session["responses"] as? Int == 2)

            // Every number is the series' own trends' (the same report, so the same k).
            for (entry, id) in [(counted, lastWeek.series), (withheld, first.series)] {
                let trends = try await api.send(.get, "/v1/series/\(id)/trends", token: viewer.token)
                try #require(trends.status == .ok, "\(trends.text)")
                let own = (trends.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "overall" }
                #expect(Self.same(entry["trend"], own), "\(id): the overview's trend is the trends' own")
                let sessions = trends.json?["sessions"] as? [[String: Any]]
                let mine = (entry["session"] as? [String: Any])?["meetingId"] as? String
                #expect(Self.same(entry["session"], sessions?.first { $0["meetingId"] as? String == mine }))
            }
            let shownPoints = try #require((counted["trend"] as? [String: Any])?["points"] as? [[String: Any]])
            #expect(shownPoints.map { $0["mean"] as? Double } == [4, 5])
            // Below k: no numbers, only that they are withheld and below what.
            let withheldPoints = try #require((withheld["trend"] as? [String: Any])?["points"] as? [[String: Any]])
            #expect(withheldPoints.count == 2)
            #expect(withheldPoints.allSatisfy { $0["withheld"] as? Bool == true && $0["mean"] == nil && $0["withheldBelow"] as? Int == 5 })

            // Another shared question by its key; a key the series do not share is a problem at `question`.
            let topic = try await api.send(.get, "/v1/teams/\(team)/overview?question=topic", token: admin.token)
            #expect(topic.status == .ok && topic.string("question") == "topic", "\(topic.text)")
            let bad = try await api.send(.get, "/v1/teams/\(team)/overview?question=nope", token: admin.token)
            #expect(bad.status == .unprocessableContent && bad.problemPaths.map { $0.prefix { $0 != ":" } } == ["question"], "\(bad.text)")
        }
    }

    @Test func aTeamsOverviewIsASecretToThoseOutsideIt() async throws {
        try await ParticipantAPI.run { api, database in
            let admin = try await SeriesSharingTests.host(api)
            let outsider = try await SeriesSharingTests.host(api)
            let team = try await TeamsTests.createTeam(api, admin)
            let empty = try await api.send(.get, "/v1/teams/\(team)/overview", token: admin.token)
            #expect(empty.status == .ok, "\(empty.text)")
            #expect(empty.json?["question"] == nil && (empty.json?["series"] as? [Any])?.isEmpty == true, "\(empty.text)")
            #expect(try await api.send(.head, "/v1/teams/\(team)/overview", token: admin.token).status == .ok)

            let foreign = try await api.send(.get, "/v1/teams/\(team)/overview", token: outsider.token)
            let missing = try await api.send(.get, "/v1/teams/\(UUID().uuidString)/overview", token: outsider.token)
            #expect(foreign.status == .notFound && missing.status == .notFound)
            #expect(foreign.json?["detail"] as? String == missing.json?["detail"] as? String)
            #expect(try await api.send(.get, "/v1/teams/\(team)/overview").status == .unauthorized)

            // An installation admin who is no member reads it.
            let installationAdmin = try await SeriesSharingTests.host(api)
            try await database.execute("UPDATE accounts SET role = 'admin' WHERE id = \(installationAdmin.id)::uuid")
            let login = try await api.send(.post, "/v1/tokens", json: ["email": installationAdmin.email, "password": "correct horse battery"])
            let adminToken = try #require(login.string("token"), "\(login.text)")
            #expect(try await api.send(.get, "/v1/teams/\(team)/overview", token: adminToken).status == .ok)

            // The members list says who came from company sign-in.
            let members = try #require(try await api.send(.get, "/v1/teams/\(team)/members", token: admin.token).json?["items"] as? [[String: Any]])
            #expect(members.map { $0["fromProvider"] as? Bool } == [false])
        }
    }
}
