import Foundation
import Testing

@testable import Debrief

/// ``RoomView``: the participant view compacted for the room's live stream — the same numbers,
/// none of what that view leaves out, and no more than a kilobyte or so whatever the answers.
@Suite("The room's view of shared results")
struct RoomViewTests {
    static func key(_ raw: String) -> QuestionKey { QuestionKey(rawValue: raw)! }

    static let form = FormDefinition(
        title: "Pulse", anonymous: true, privacyThreshold: 3,
        questions: [
            Question(
                key: key("pace"), prompt: "Pace?",
                body: .choice(
                    ChoiceSpec(options: [ChoiceOption(id: "slow", label: "Slow"), ChoiceOption(id: "ok", label: "Fine")], allowsOther: true))),
            Question(key: key("useful"), prompt: "Useful?", body: .rating(RatingSpec(min: 1, max: 3))),
            Question(key: key("notes"), prompt: "Notes?", body: .shortAnswer(ShortAnswerSpec())),
            Question(
                key: key("grid"), prompt: "Rate",
                body: .grid(
                    GridSpec(
                        statements: [GridStatement(key: "a", label: "Agenda"), GridStatement(key: "t", label: "Time")],
                        scale: RatingSpec(min: 1, max: 2)))),
        ])

    /// Counts of `responses` responses: everyone answered pace, useful and notes; only two rated
    /// the grid's "time" statement (fewer than k = 3).
    static func counts(responses: Int, opened: Date = Date(timeIntervalSince1970: 1_700_000_000)) -> ResultsCounts {
        var pace = QuestionCounts()
        pace.respondents = responses
        pace.optionCounts = ["slow": responses - 1]
        pace.otherCount = 1
        pace.otherTexts = ["a secret other text"]
        var useful = QuestionCounts()
        useful.respondents = responses
        useful.ratingCounts = [2: responses - 1, 3: 1]
        var notes = QuestionCounts()
        notes.respondents = responses
        notes.texts = (0..<min(responses, 1000)).map { "secret note number \($0)" }
        var grid = QuestionCounts()
        grid.respondents = responses
        grid.statementCounts = ["a": [1: responses], "t": [2: 2]]
        let meeting = Meeting(
            id: UUID(), seriesID: UUID(), hostID: UUID(), sessionNumber: 1, title: "Pulse", startsAt: opened,
            endsAt: opened.addingTimeInterval(3600), place: nil, expectedHeadCount: nil, createdAt: opened, updatedAt: opened, role: .owner)
        let stored = StoredForm(
            id: UUID(), meetingID: meeting.id, version: 1, definition: Self.form, code: "ROOM", publishedAt: opened, closedAt: nil,
            closesAt: nil, createdAt: opened, updatedAt: opened)
        // A response a minute for a day: the timeline the report carries is as long as it gets.
        let minutes = ResponseTimes(times: (0..<1440).map { opened.addingTimeInterval(Double($0) * 60) })
        return ResultsCounts(
            meeting: meeting, form: stored, responses: responses, allResponses: responses, checkIns: 0, firstResponseAt: opened,
            lastResponseAt: opened.addingTimeInterval(86_400), times: minutes,
            questions: ["pace": pace, "useful": useful, "notes": notes, "grid": grid])
    }

    @Test func itCarriesTheParticipantViewsNumbersAndNothingWritten() throws {
        let report = ResultsReport(Self.counts(responses: 10), filter: ResultsFilter())
        let room = RoomView(report)
        #expect(room.responses == 10 && room.formVersion == 1 && room.formState == .open)
        #expect(room.questions.map(\.key) == ["pace", "useful", "notes", "grid"])
        let pace = room.questions[0]
        #expect(pace.labels == ["Slow", "Fine", "Other"] && pace.counts == [9, 0, 1] && pace.percents == [90, 0, 10])
        let useful = room.questions[1]
        #expect(useful.labels == ["1", "2", "3"] && useful.counts == [0, 9, 1] && useful.mean == 2.1)
        let notes = room.questions[2]
        #expect(notes.respondents == 10 && notes.labels == nil && notes.counts == nil)
        let grid = room.questions[3]
        #expect(grid.labels == ["1", "2"] && grid.counts == nil)
        #expect(grid.statements?.map(\.withheld) == [false, true], "two rated Time: fewer than k")
        #expect(grid.statements?[0].counts == [10, 0] && grid.statements?[1].counts == nil && grid.statements?[1].mean == nil)

        let json = try JSONCoding.string(room)
        #expect(!json.contains("secret note"), "no text anyone wrote: \(json)")
        // Only the word cloud: words every one of the 10 used (k is 3), as Disclosure decided.
        #expect(notes.words?.map(\.word) == ["note", "number", "secret"] && notes.words?.allSatisfy { $0.count == 10 } == true)
        #expect(!json.contains("timeline") && !json.contains("datasets"))
    }

    @Test func aWithheldQuestionKeepsItsLabelsAndLosesItsNumbers() {
        let room = RoomView(ResultsReport(Self.counts(responses: 2), filter: ResultsFilter()))
        for question in room.questions {
            #expect(question.withheld, "\(question.key): two answered, k is 3")
            #expect(question.counts == nil && question.percents == nil && question.mean == nil, "\(question.key)")
            for statement in question.statements ?? [] { #expect(statement.withheld && statement.counts == nil, "\(statement.key)") }
        }
        #expect(room.questions[0].labels == ["Slow", "Fine", "Other"], "the host's words stay")
    }

    @Test func itsSizeFollowsTheQuestionsNotTheAnswersOrTheFormsAge() throws {
        let small = try JSONCoding.encoder.encode(RoomView(ResultsReport(Self.counts(responses: 10), filter: ResultsFilter())))
        let large = try JSONCoding.encoder.encode(RoomView(ResultsReport(Self.counts(responses: 1_000_000), filter: ResultsFilter())))
        let report = try JSONCoding.encoder.encode(ResultsReport(Self.counts(responses: 1_000_000), filter: ResultsFilter()).participantView)
        #expect(large.count - small.count < 100, "\(small.count) → \(large.count) bytes")
        #expect(large.count * 20 < report.count, "room \(large.count) bytes, participant view \(report.count) bytes")
    }
}
