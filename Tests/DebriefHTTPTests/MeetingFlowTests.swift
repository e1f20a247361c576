import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

@Suite("Meetings and series over HTTP")
struct MeetingFlowTests {
    @Test func createReadPatchDelete() async throws {
        try await withTestApp { api, _ in
            let (token, hostID) = try await api.signUpAndLogIn()
            let id = try await api.createMeeting(token: token, title: "Planning")
            let meeting = try await api.send(.get, "/v1/meetings/\(id)", token: token)
            #expect(meeting.status == .ok)
            #expect(meeting.string("title") == "Planning")
            #expect(meeting.json?["sessionNumber"] as? Int == 1)
            #expect(meeting.string("hostId") == hostID)
            // Absent keys stay; null clears the optional fields.
            let patched = try await api.send(
                .patch, "/v1/meetings/\(id)", token: token, json: ["title": "Planning v2", "place": NSNull(), "expectedHeadCount": 30])
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(patched.string("title") == "Planning v2")
            #expect(patched.json?["expectedHeadCount"] as? Int == 30)
            #expect(patched.json?["place"] == nil || patched.json?["place"] is NSNull)
            let backwards = try await api.send(
                .patch, "/v1/meetings/\(id)", token: token, json: ["endsAt": iso(Date().addingTimeInterval(-86_400))])
            #expect(backwards.status == .unprocessableContent)
            #expect(backwards.problem?.errors?.isEmpty == false)
            #expect(try await api.send(.delete, "/v1/meetings/\(id)", token: token).status == .noContent)
            #expect(try await api.send(.get, "/v1/meetings/\(id)", token: token).status == .notFound)
            #expect(try await api.send(.delete, "/v1/meetings/\(id)", token: token).status == .notFound)
        }
    }

    @Test func invalidMeetingListsEveryField() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let reply = try await api.send(.post, "/v1/meetings", token: token, json: ["title": "", "expectedHeadCount": -1])
            #expect(reply.status == .unprocessableContent)
            let paths = Set(reply.problem?.errors?.map(\.path) ?? [])
            #expect(paths.isSuperset(of: ["title", "startsAt", "endsAt", "expectedHeadCount"]))
            let badDate = try await api.send(
                .post, "/v1/meetings", token: token, json: ["title": "x", "startsAt": "tomorrow", "endsAt": "2026-01-01T10:00:00Z"])
            #expect(badDate.status == .unprocessableContent)
            #expect(badDate.problem?.errors?.first?.path == "startsAt")
            // A time without a zone is ambiguous, so it is refused too.
            let zoneless = try await api.send(
                .post, "/v1/meetings", token: token, json: ["title": "x", "startsAt": "2026-01-01T09:00:00", "endsAt": "2026-01-01T10:00:00Z"])
            #expect(zoneless.problem?.errors?.first?.path == "startsAt")
        }
    }

    @Test func overlappingMeetingIsRefusedNamingTheOther() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let first = try await api.createMeeting(token: token, title: "Standup", daysFromNow: 2)
            let start = try #require(try await api.send(.get, "/v1/meetings/\(first)", token: token).string("startsAt"))
            let startDate = try #require(try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(start))
            let overlapping = try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Clash", "startsAt": iso(startDate.addingTimeInterval(1800)), "endsAt": iso(startDate.addingTimeInterval(5400))])
            #expect(overlapping.status == .conflict)
            #expect(overlapping.problem?.conflictingID?.lowercased() == first.lowercased())
            #expect(overlapping.problem?.detail?.contains("Standup") == true)
            // Back to back is fine, and another host may overlap freely.
            let adjacent = try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Next", "startsAt": iso(startDate.addingTimeInterval(3600)), "endsAt": iso(startDate.addingTimeInterval(7200))])
            #expect(adjacent.status == .created)
            let (other, _) = try await api.signUpAndLogIn()
            let theirs = try await api.send(
                .post, "/v1/meetings", token: other,
                json: ["title": "Theirs", "startsAt": iso(startDate), "endsAt": iso(startDate.addingTimeInterval(3600))])
            #expect(theirs.status == .created)
        }
    }

    @Test func listsArePagedNewestFirstAndScoped() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            var ids: [String] = []
            for day in [-3.0, -2.0, 1.0, 2.0, 3.0] {
                ids.append(try await api.createMeeting(token: token, title: "Day \(day)", daysFromNow: day))
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                let uri = "/v1/meetings?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await api.send(.get, uri, token: token)
                #expect(page.status == .ok)
                let items = try #require(page.json?["items"] as? [[String: Any]])
                #expect(items.count <= 2)
                seen += items.compactMap { $0["id"] as? String }
                cursor = page.json?["nextCursor"] as? String
            } while cursor != nil
            #expect(seen == ids.reversed())
            let upcoming = try await api.send(.get, "/v1/meetings?scope=upcoming", token: token)
            #expect((upcoming.json?["items"] as? [[String: Any]])?.count == 3)
            let past = try await api.send(.get, "/v1/meetings?scope=past", token: token)
            #expect((past.json?["items"] as? [[String: Any]])?.count == 2)
            let next = try await api.send(.get, "/v1/meetings/next", token: token)
            #expect(next.string("id") == ids[2])
            let bad = try await api.send(.get, "/v1/meetings?scope=soon&limit=0&cursor=zzz", token: token)
            #expect(bad.status == .unprocessableContent)
            #expect(Set(bad.problem?.errors?.map(\.path) ?? []) == ["scope", "limit"])
            let badCursor = try await api.send(.get, "/v1/meetings?cursor=zzz", token: token)
            #expect(badCursor.problem?.errors?.map(\.path) == ["cursor"])
        }
    }

    @Test func nextSessionCopiesQuestionsWithTheirKeys() async throws {
        try await withTestApp { api, _ in
            let (token, _) = try await api.signUpAndLogIn()
            let first = try await api.createMeeting(token: token, title: "Retro", daysFromNow: 1)
            try await api.putSampleForm(token: token, meeting: first)
            #expect(try await api.send(.post, "/v1/meetings/\(first)/form/publish", token: token).status == .ok)
            let missingTimes = try await api.send(.post, "/v1/meetings/\(first)/next", token: token, json: ["title": "x"])
            #expect(Set(missingTimes.problem?.errors?.map(\.path) ?? []) == ["startsAt", "endsAt"])
            let start = Date().addingTimeInterval(8 * 86_400)
            let next = try await api.send(
                .post, "/v1/meetings/\(first)/next", token: token,
                json: ["startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600)), "place": "Room 9"])
            #expect(next.status == .created, "\(next.text)")
            #expect(next.string("title") == "Retro")
            #expect(next.string("place") == "Room 9")
            #expect(next.json?["sessionNumber"] as? Int == 2)
            #expect(next.string("seriesId") == (try await api.send(.get, "/v1/meetings/\(first)", token: token)).string("seriesId"))
            let nextID = try #require(next.string("id"))
            let form = try await api.send(.get, "/v1/meetings/\(nextID)/form", token: token)
            #expect(form.string("state") == "draft")
            let keys = (form.json?["questions"] as? [[String: Any]])?.compactMap { $0["key"] as? String }
            #expect(keys == ["useful", "topic", "notes"])
            let series = try await api.send(.get, "/v1/series/\(try #require(next.string("seriesId")))", token: token)
            let sessions = try #require(series.json?["sessions"] as? [[String: Any]])
            #expect(sessions.compactMap { $0["sessionNumber"] as? Int } == [1, 2])
            #expect(sessions.compactMap { $0["id"] as? String } == [first, nextID])
        }
    }
}
