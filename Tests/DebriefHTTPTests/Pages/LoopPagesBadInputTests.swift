import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Bad input to the meeting loop's page posts (issue 50) that the blocks' own tests leave out:
/// a button's value no button offers (an action's status, the review's, a vote's `up`, a
/// moderation flag) and the reminder's time after the session. Each is a 4xx page that names the
/// field, and nothing is stored.
@Suite("Pages: the meeting loop's posts with a malformed field")
struct LoopPagesBadInputTests {
    /// The page names `field` (the error page's list, or the block's message beside it).
    static func names(_ reply: ParticipantReply, _ field: String) -> Bool {
        reply.isHTML && reply.text.contains(#"<code>\#(field)</code>"#)
    }

    @Test func anActionsOrTheReviewsUnknownStatusIsNamedAndChangesNothing() async throws {
        try await ActionItemPagesTests.run { world in
            let created = try await world.api.send(.post, world.actions, token: world.fixture.hostToken, json: ["title": "Shorter status round"])
            let id = try #require(created.string("id"), "\(created.text)")
            let bogus = try await world.api.post(
                world.dashboard + "/actions/\(id)/status", [("csrf", world.owner.csrf), ("status", "finished")], cookie: world.owner.cookie)
            #expect(bogus.status == .unprocessableContent, "\(bogus.status)")
            #expect(Self.names(bogus, "status"), "\(bogus.text)")
            let next = try await ActionItemPagesTests.nextSession(world)
            let review = try await world.api.post(
                "/m/\(next)/review/\(id)", [("csrf", world.owner.csrf), ("status", "finished")], cookie: world.owner.cookie)
            #expect(review.status == .unprocessableContent, "\(review.status)")
            #expect(Self.names(review, "status"), "\(review.text)")
            // In Korean the sentence is Korean, the field's name the same.
            let korean = try await world.api.post(
                world.dashboard + "/actions/\(id)/status", [("csrf", world.owner.csrf), ("status", "")], language: "ko",
                cookie: world.owner.cookie)
            #expect(korean.status == .unprocessableContent && Self.names(korean, "status"), "\(korean.text)")
            #expect(try await world.items().first?["status"] as? String == "open", "nothing changed")
        }
    }

    @Test func aVoteThatIsNeitherUpNorDownIsNamedAndCountsNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let posted = try await api.roomPost(fixture.code, json: ["text": "Who owns the budget?"])
            let id = try #require(posted.string("id"), "\(posted.text)")
            let vote = try await api.post("/f/\(fixture.code)/room-questions/\(id)/vote", [("up", "yes")])
            #expect(vote.status == .badRequest, "\(vote.status)")
            #expect(Self.names(vote, "up"), "\(vote.text)")
            #expect(try await RoomQuestionsPageTests.count(database, "room_question_votes") == 0)
        }
    }

    /// A flag no button sends (`pinned=yes`) was read as "not sent": the status beside it was
    /// stored and the flag silently dropped. Now the post is refused whole, naming the flag.
    @Test func aModerationFlagThatIsNotTrueOrFalseIsNamedAndNothingChanges() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            try await RoomQuestionsPageTests.turnOn(api, fixture)
            let owner = try await RoomQuestionsModerationPageTests.owner(api, fixture)
            let posted = try await api.roomPost(fixture.code, json: ["text": "Who owns the budget?"])
            let id = try #require(posted.string("id"), "\(posted.text)")
            for field in ["pinned", "answered"] {
                let changed = try await api.post(
                    "/m/\(fixture.meetingID)/room-questions/\(id)", [("csrf", owner.csrf), ("status", "hidden"), (field, "yes")],
                    cookie: owner.cookie)
                #expect(changed.status == .badRequest, "\(field): \(changed.status)")
                #expect(Self.names(changed, field), "\(changed.text)")
            }
            let row = try await database.query("SELECT status, pinned, answered FROM room_questions").single()
            #expect(try row.decode("status") as String == "visible", "the status beside the bad flag is not stored")
            #expect(try !(row.decode("pinned") as Bool) && !(row.decode("answered") as Bool))
        }
    }

    @Test func aReminderTimeAfterTheSessionThatIsNoTimeIsNamedAndNotStored() async throws {
        try await RosterSendStepTests.run(anonymous: true) { world in
            for bad in ["soon", "500", "-1"] {
                let refused = try await world.api.post(
                    "\(world.meeting)/roster/reminder", [("csrf", world.session.csrf), ("remind", "on"), ("afterEndHours", bad)],
                    cookie: world.session.cookie)
                #expect(refused.status == .unprocessableContent, "\(bad): \(refused.status)")
                #expect(refused.text.contains(##"href="#afterEndHours""##), "\(bad): the summary links to the field")
                #expect(refused.text.contains(#"value="\#(bad)""#), "\(bad): what was typed is kept")
            }
            #expect(try await participantCount(world.database, "SELECT count(*)::int AS n FROM roster_reminders") == 0, "nothing stored")
        }
    }
}
