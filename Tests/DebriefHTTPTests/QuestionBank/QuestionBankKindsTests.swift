@testable import Debrief
@testable import DebriefWeb
import Foundation
import Testing

/// A banked question of every registered kind, generated from the kinds' registry (each kind's
/// builder starter, ``BuilderDraft/Question/new(_:)``), keeps its body and its translation through
/// the bank's JSON and comes out in another form under a fresh key, valid by the form's own rules.
@Suite("Question bank: every kind round-trips")
struct QuestionBankKindsTests {
    /// The last registered kind, for the tests that need one question of any kind.
    static let anyKind = QuestionKind.allCases[QuestionKind.allCases.count - 1]

    /// A valid form of one question of `kind`, key `k`, with every text translated into Korean.
    static func form(of kind: QuestionKind) throws -> FormDefinition {
        var draft = BuilderDraft()
        draft.title = "Weekly"
        var question = BuilderDraft.Question.new(kind)
        question.key = "k"
        question.prompt = "How was \(kind.rawValue)?"
        question.options = question.options.enumerated().map { BuilderDraft.Option(id: "o\($0.offset)", label: "Option \($0.offset)") }
        draft.questions = [question]
        let (input, problems) = draft.input()
        #expect(problems.isEmpty, "\(kind): \(problems)")
        var form = try input.validate(now: Date()).get()
        var korean = FormTranslation(title: "주간")
        for text in form.translatableTexts where text.question != nil {
            korean.questions[text.question!, default: QuestionTranslation()].set("한국어 " + text.original, for: text.field)
        }
        form.translations[.korean] = korean
        return form
    }

    @Test func everyKindKeepsItsBodyAndTranslationIntoAnotherForm() throws {
        for kind in QuestionKind.allCases {
            let source = try Self.form(of: kind)
            let banked = try #require(BankedQuestion(question: QuestionKey(rawValue: "k")!, of: source))
            let decoded = try JSONDecoder().decode(BankedQuestion.self, from: try JSONEncoder().encode(banked))
            #expect(decoded == banked, "\(kind) survives the bank's JSON")

            // Another form that already uses `q2` (its second question gets `q3`) and offers Korean.
            var target = try Self.form(of: QuestionKind.allCases[0])
            target.questions[0].key = QuestionKey(rawValue: "q2")!
            target.translations[.korean]!.questions = [QuestionKey(rawValue: "q2")!: target.translations[.korean]!.questions.values.first!]
            let inserted = decoded.inserted(into: target)
            let valid = try FormInput(inserted).validate(now: Date()).get()
            let added = try #require(valid.questions.last)
            #expect(added.key.rawValue == "q3", "\(kind): a fresh key")
            #expect(added.body == source.questions[0].body && added.prompt == source.questions[0].prompt, "\(kind)")
            #expect(valid.translations[.korean]?.questions[added.key] == source.translations[.korean]?.questions[source.questions[0].key])
            #expect(valid.missingTranslations.isEmpty, "\(kind): \(valid.missingTranslations)")
        }
    }

    /// A Korean form takes the Korean texts as its own and the English ones as its translation.
    @Test func aFormInAnotherLanguageTakesThatLanguagesTexts() throws {
        let source = try Self.form(of: Self.anyKind)
        let banked = try #require(BankedQuestion(question: QuestionKey(rawValue: "k")!, of: source))
        var target = FormDefinition(title: "주간", questions: [])
        target.language = .korean
        target.translations[.english] = FormTranslation(title: "Weekly")
        let inserted = banked.inserted(into: target)
        #expect(inserted.questions.first?.prompt == "한국어 How was \(Self.anyKind.rawValue)?")
        #expect(inserted.translations[.english]?.questions[QuestionKey(rawValue: "q1")!]?.prompt == "How was \(Self.anyKind.rawValue)?")
        #expect(try FormInput(inserted).validate(now: Date()).get().missingTranslations.isEmpty)
    }

    /// A follow-up's condition names a question of its own form: the bank drops it.
    @Test func aFollowUpsConditionIsNotCarried() throws {
        var source = try Self.form(of: Self.anyKind)
        var second = source.questions[0]
        second.key = QuestionKey(rawValue: "then")!
        second.showWhen = FollowUpCondition(question: QuestionKey(rawValue: "k")!, rule: .ratingBetween(1...2))
        source.questions.append(second)
        let banked = try #require(BankedQuestion(question: QuestionKey(rawValue: "then")!, of: source))
        #expect(banked.question.showWhen == nil)
        let inserted = banked.inserted(into: FormDefinition(title: "Other", questions: []))
        #expect(try FormInput(inserted).validate(now: Date()).get().questions.first?.showWhen == nil)
    }
}
