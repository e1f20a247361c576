import Debrief
import DebriefActions
import DebriefStore
import Foundation
import Logging
import PQ
import Testing

/// The participant use cases decide what is wrong with a request before any store is asked: a
/// refused check-in or submission costs no database work, and both front ends (API and pages)
/// report the same problems.
///
/// The actions here stand on stores whose database does not exist (nothing listens on port 1):
/// had a test reached the store, it would fail with a connection error instead of the expected
/// validation problems.
@Suite("Participant rules, before any store")
struct ParticipantRulesTests {
    static let unreachable = Database(
        configuration: DatabaseConfiguration(url: "postgresql://nobody@127.0.0.1:1/none", acquireTimeout: .seconds(1)),
        logger: Logger(label: "test.unreachable"))

    /// An answer of `value` to the "useful" rating.
    static func rating(_ value: Int) -> AnswerInput {
        var answer = AnswerInput(questionKey: "useful")
        answer.rating = value
        return answer
    }

    static func actions() -> ParticipantActions {
        let forms = ParticipantFormStore(database: Self.unreachable, cache: PublishedFormCache())
        let notifier = ResultsNotifier(database: Self.unreachable, mode: .inTransaction)
        return ParticipantActions(
            forms: forms, checkIns: CheckInStore(database: Self.unreachable, forms: forms, notifier: notifier),
            responses: ResponseStore(database: Self.unreachable, forms: forms, notifier: notifier),
            tickets: OpenedTickets(keys: ServerKeys(database: Self.unreachable)))
    }

    static func form(anonymous: Bool) throws -> PublishedForm {
        let rating = Question(key: try #require(QuestionKey(rawValue: "useful")), prompt: "Useful?", required: true, body: .rating(RatingSpec()))
        return PublishedForm(
            id: UUID(), meetingID: UUID(), code: "0123456789",
            definition: FormDefinition(title: "Retro", anonymous: anonymous, questions: [rating]))
    }

    @Test func aSubmissionReportsItsTokenAndItsAnswersAtOnce() async throws {
        let input = SubmissionInput(
            participantToken: "not-a-token", answers: [Self.rating(9)])
        let failure = await #expect(throws: ValidationFailure.self) {
            try await Self.actions().submit(input, to: try Self.form(anonymous: false), idempotencyKey: nil)
        }
        let paths = Set(failure?.problems.map(\.path) ?? [])
        #expect(paths.contains("participantToken"))
        #expect(paths.contains { $0.hasPrefix("answers") }, "\(paths)")
    }

    @Test func aNamedFormNeedsACheckIn() async throws {
        let input = SubmissionInput(answers: [Self.rating(4)])
        let failure = await #expect(throws: ValidationFailure.self) {
            try await Self.actions().submit(input, to: try Self.form(anonymous: false), idempotencyKey: nil)
        }
        #expect(failure?.problems.map(\.path) == ["participantToken"])
    }

    @Test(arguments: [true, false])
    func aCheckInWithAnInvalidNameIsRefusedOnEveryForm(anonymous: Bool) async throws {
        // Anonymous forms keep no name, but a name that is sent is still checked.
        let failure = await #expect(throws: ValidationFailure.self) {
            try await Self.actions().checkIn(to: try Self.form(anonymous: anonymous), rawName: "line\nbreak")
        }
        #expect(failure?.problems.map(\.path) == ["name"])
    }
}
