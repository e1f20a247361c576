@testable import DebriefWeb
import Debrief
import Testing

/// Every registered question kind has its page part (``PageKindPart``, docs/decisions/0065), and
/// an answer of each kind survives the way to the posted fields and back.
@Suite("Page parts of the question kinds")
struct PageKindPartTests {
    @Test func everyRegisteredKindHasAPagePart() {
        for kind in QuestionKind.allCases {
            #expect(kind.page != nil, "\(kind) has no <Kind>+Page.swift")
            #expect(kind.page?.kind == kind)
        }
    }

    /// The pages render a question by its kind's partial name (`{{>*partial}}`): each names a
    /// template the renderer has, and no two kinds share one.
    @Test func everyKindsPartialIsATemplate() throws {
        let renderer = try PageRenderer.bundled.get()
        let partials = QuestionKind.allCases.compactMap { $0.page?.partial }
        #expect(partials.count == QuestionKind.allCases.count)
        #expect(Set(partials).count == partials.count, "one partial per kind")
        for partial in partials { #expect(renderer.names.contains(partial), "\(partial) is not a template") }
    }

    /// A kind's own builder fields are a template the editor renders by name, with a view for it;
    /// a kind without one has neither, and its own phrases are in the one list of tables.
    @Test func everyKindsBuilderPartialIsATemplateWithItsFields() throws {
        let renderer = try PageRenderer.bundled.get()
        let errors = FieldErrors(nil, Localizer(.en))
        for kind in QuestionKind.allCases {
            let page = try #require(kind.page)
            let fields = page.builderFields(.new(kind), at: "questions[0]", errors: errors)
            if let partial = page.builderPartial {
                #expect(renderer.names.contains(partial), "\(partial) is not a template")
                #expect(fields != nil, "\(kind) has a builder partial but no fields for it")
            } else {
                #expect(fields == nil, "\(kind) has builder fields but no partial to show them")
            }
            if let phrases = page.phrases {
                #expect(PhraseTables.all.contains { ObjectIdentifier($0) == ObjectIdentifier(phrases) }, "\(kind)'s phrases are not listed")
            }
        }
        #expect(QuestionKind.allCases.contains { $0.page?.builderPartial != nil }, "some kind has fields of its own")
    }

    @Test func anAnswerOfEachKindReadsBackFromItsPostedFields() throws {
        let questions = try QuestionKindRegistryFixtures.questions()
        let answers: [AnswerValue] = [
            .choice(optionIds: ["a"], otherText: "mine"), .text("words"), .rating(9),
            .grid([GridRating(statementKey: "x", value: 2), GridRating(statementKey: "y", value: 5)]),
        ]
        for (question, value) in zip(questions, answers) {
            let fields = PostedAnswers.fields(of: [Answer(questionKey: question.key, value: value)])
            var input = AnswerInput(questionKey: question.key.rawValue)
            let read = try #require(question.kind.page).read(
                question, fields: fields, posted: fields.values(PostedAnswers.field(question.key)), into: &input)
            #expect(read.said, "\(question.kind) reads what it posted")
            #expect(input == AnswerInput(Answer(questionKey: question.key, value: value)))
        }
    }
}

/// One question of every kind, in the registry's order.
enum QuestionKindRegistryFixtures {
    static func questions() throws -> [Question] {
        func key(_ raw: String) throws -> QuestionKey { try #require(QuestionKey(rawValue: raw)) }
        return [
            Question(
                key: try key("c"), prompt: "Pick",
                body: .choice(ChoiceSpec(options: [ChoiceOption(id: "a", label: "A"), ChoiceOption(id: "b", label: "B")], allowsOther: true))),
            Question(key: try key("s"), prompt: "Say", body: .shortAnswer(ShortAnswerSpec())),
            Question(key: try key("r"), prompt: "Rate", body: .rating(RatingSpec(min: 0, max: 10))),
            Question(
                key: try key("g"), prompt: "Grid",
                body: .grid(GridSpec(statements: [GridStatement(key: "x", label: "X"), GridStatement(key: "y", label: "Y")]))),
        ]
    }
}
