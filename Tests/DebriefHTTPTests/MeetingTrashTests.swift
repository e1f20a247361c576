@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Prometheus
import Testing

/// Deleting a meeting moves it to the trash (docs/decisions/0015-meeting-trash.md): out of
/// sight everywhere, restorable by its host for 30 days, purged after that with the series it
/// was the last session of, and the series' roster with it.
@Suite("Meetings: the trash")
struct MeetingTrashTests {
    @Test func aDeletedMeetingLeavesEveryRouteAndComesBackWithEverything() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let checkIn = try await api.send(.post, "/v1/f/\(fixture.code)/check-in", json: [String: Any]())
            #expect(checkIn.status == .created)
            let answered = try await api.send(
                .post, "/v1/f/\(fixture.code)/responses", json: ["answers": [["questionKey": "useful", "rating": 4]]])
            #expect(answered.status == .created, "\(answered.text)")

            let deleted = try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: token)
            #expect(deleted.status == .noContent)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: token).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: token).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv", token: token).status == .notFound)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)", token: token).status == .notFound)
            #expect(try await api.send(.get, "/v1/f/\(fixture.code)", token: nil).status == .notFound)
            let late = try await api.send(
                .post, "/v1/f/\(fixture.code)/responses", json: ["answers": [["questionKey": "useful", "rating": 3]]])
            #expect(late.status == .notFound, "a trashed form takes no answers")
            let list = try await api.send(.get, "/v1/meetings", token: token)
            #expect((list.json?["items"] as? [Any])?.isEmpty == true, "\(list.text)")

            let trash = try await api.send(.get, "/v1/trash", token: token)
            #expect(trash.status == .ok)
            let items = try #require(trash.json?["items"] as? [[String: Any]])
            #expect(items.count == 1)
            let meeting = try #require(items.first?["meeting"] as? [String: Any])
            #expect((meeting["id"] as? String)?.lowercased() == fixture.meetingID.lowercased())
            let trashedAt = try #require((items.first?["trashedAt"] as? String).flatMap { Timestamps.parse($0) })
            let purgeAt = try #require((items.first?["purgeAt"] as? String).flatMap { Timestamps.parse($0) })
            #expect(abs(purgeAt.timeIntervalSince(trashedAt) - 30 * 86_400) < 1)

            let restored = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: token)
            #expect(restored.status == .ok, "\(restored.text)")
            #expect(try await api.send(.get, "/v1/f/\(fixture.code)", token: nil).status == .ok)
            let results = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results", token: token)
            #expect(results.status == .ok)
            #expect((results.json?["summary"] as? [String: Any])?["responses"] as? Int == 1, "the response came back: \(results.text.prefix(300))")
            let again = try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: token)
            #expect(again.status == .notFound, "only a meeting in the trash can be restored")
        }
    }

    @Test func onlyItsHostOrAnAdminSeesAndRestoresATrashedMeeting() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish()
            let other = try await api.hostToken()
            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: other).status == .notFound)
            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).status == .noContent)
            let othersTrash = try await api.send(.get, "/v1/trash", token: other)
            #expect((othersTrash.json?["items"] as? [Any])?.isEmpty == true)
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: other).status == .notFound)
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: fixture.hostToken).status == .ok)
        }
    }

    @Test func aTrashedMeetingFreesItsTimeAndARestoreThatWouldOverlapIsRefusedByName() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let first = try await api.createMeeting(token: token, title: "Planning", daysFromNow: 2)
            #expect(try await api.send(.delete, "/v1/meetings/\(first)", token: token).status == .noContent)
            let second = try await api.createMeeting(token: token, title: "Replacement", daysFromNow: 2)
            let refused = try await api.send(.post, "/v1/meetings/\(first)/restore", token: token)
            #expect(refused.status == .conflict, "\(refused.text)")
            #expect(refused.json?["conflictingId"] as? String == second.lowercased())
            #expect(refused.text.contains("Replacement"))
        }
    }

    /// Deleting the last meeting of a series used to leave the series and its roster of names
    /// behind (`GET …/roster` 200, `POST` 201 after the delete).
    @Test func theLastMeetingTakesItsSeriesAndRosterToTheTrashAndThePurgeDeletesThem() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let added = try await api.send(.post, "/v1/series/\(fixture.seriesID)/roster", token: token, json: ["name": "Ana Lima"])
            #expect(added.status == .created)
            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: token).status == .noContent)

            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/roster", token: token).status == .notFound)
            let addAfter = try await api.send(.post, "/v1/series/\(fixture.seriesID)/roster", token: token, json: ["name": "Ben"])
            #expect(addAfter.status == .notFound)

            // Not yet 30 days: the purge keeps it; restoring brings the roster back.
            let store = MeetingStore(database: database)
            #expect(try await store.purgeTrash(olderThan: MeetingStore.trashRetention) == 0)
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: token).status == .ok)
            let roster = try await api.send(.get, "/v1/series/\(fixture.seriesID)/roster", token: token)
            #expect(roster.status == .ok)
            #expect(roster.text.contains("Ana Lima"))

            // Deleted again and 31 days old: purged with its series, roster, forms and answers.
            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: token).status == .noContent)
            try await database.execute(
                "UPDATE meetings SET trashed_at = now() - interval '31 days' WHERE id = \(UUID(uuidString: fixture.meetingID)!)")
            // Through the hourly job, its runs counted as trash_purge's.
            let registry = PrometheusCollectorRegistry()
            let purge = PeriodicPurge.trash(meetings: store, logger: TestDatabase.logger, metrics: DescribedMetricsFactory(registry: registry))
            #expect(try await purge.purgeOnce() == 1)
            #expect(Scrape(registry.emitToString())[#"debrief_background_job_runs_total{job="trash_purge"}"#] == 1)
            let series = UUID(uuidString: fixture.seriesID)!
            #expect(try await Self.count("SELECT count(*) AS n FROM meeting_series WHERE id = \(series)", database) == 0)
            #expect(try await Self.count("SELECT count(*) AS n FROM roster_members WHERE series_id = \(series)", database) == 0)
            #expect(try await Self.count("SELECT count(*) AS n FROM forms f WHERE f.code = \(fixture.code)", database) == 0)
            #expect(try await api.send(.post, "/v1/meetings/\(fixture.meetingID)/restore", token: token).status == .notFound)
        }
    }

    @Test func aSeriesWithALiveSessionStaysWhenAnotherSessionIsTrashed() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let token = fixture.hostToken
            let start = Date().addingTimeInterval(30 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(fixture.meetingID)/next", token: token,
                json: ["startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))])
            #expect(next.status == .created, "\(next.text)")
            #expect(try await api.send(.post, "/v1/series/\(fixture.seriesID)/roster", token: token, json: ["name": "Ana"]).status == .created)
            #expect(try await api.send(.delete, "/v1/meetings/\(fixture.meetingID)", token: token).status == .noContent)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/roster", token: token).status == .ok)
            let series = try await api.send(.get, "/v1/series/\(fixture.seriesID)", token: token)
            #expect((series.json?["sessions"] as? [Any])?.count == 1, "the trashed session is not listed")
            try await database.execute(
                "UPDATE meetings SET trashed_at = now() - interval '31 days' WHERE id = \(UUID(uuidString: fixture.meetingID)!)")
            #expect(try await MeetingStore(database: database).purgeTrash(olderThan: MeetingStore.trashRetention) == 1)
            #expect(try await api.send(.get, "/v1/series/\(fixture.seriesID)/roster", token: token).status == .ok)
        }
    }

    static func count(_ query: SQLQuery, _ database: Database) async throws -> Int {
        try await database.query(query).single().decode("n")
    }
}

extension ParticipantAPI {
    /// Signs a new host up and in through the API; returns the bearer token.
    func hostToken() async throws -> String {
        let email = try await self.signUp()
        let login = try await self.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"])
        return try #require(login.json?["token"] as? String, "\(login.text)")
    }
}
