@testable import Debrief
import Foundation
import Testing

/// The registry of question kinds (docs/decisions/0065): every kind has one descriptor, which
/// owns its body and its answers and no other kind's, and each input field belongs to the kinds
/// whose descriptors name it.
@Suite("Question kind registry")
struct QuestionKindRegistryTests {
    /// One question of every kind, as a stored form holds them.
    static let questions: [Question] = {
        let json = """
            [{"key":"c","prompt":"Pick","kind":"choice","options":[{"id":"a","label":"A"},{"id":"b","label":"B"}],"allowsOther":true},
             {"key":"s","prompt":"Say","kind":"shortAnswer","maxLength":200,"placeholder":"…"},
             {"key":"r","prompt":"Rate","kind":"rating","min":0,"max":10,"minLabel":"Never","maxLabel":"Surely"},
             {"key":"g","prompt":"Grid","kind":"grid","min":1,"max":5,
              "statements":[{"key":"x","label":"X"},{"key":"y","label":"Y"},{"key":"z","label":"Z"}]},
             {"key":"k","prompt":"Rank","kind":"ranking","options":[{"id":"a","label":"A"},{"id":"b","label":"B"},{"id":"c","label":"C"}]},
             {"key":"n","prompt":"How long?","kind":"number","minimum":5,"maximum":120,"step":2.5,"unit":"min"},
             {"key":"d","prompt":"When suits you for the offsite?","kind":"date","earliest":"2026-12-01","latest":"2026-12-20"}]
            """
        return (try? JSONDecoder().decode([Question].self, from: Data(json.utf8))) ?? []
    }()

    @Test func everyKindHasItsOwnDescriptor() {
        #expect(QuestionKinds.all.count == QuestionKind.allCases.count)
        for kind in QuestionKind.allCases {
            #expect(kind.descriptor.kind == kind, "\(kind) is registered with its own descriptor")
        }
        #expect(Set(Self.questions.map(\.kind)) == Set(QuestionKind.allCases), "the sample has a question of every kind")
    }

    @Test func aDescriptorOpensItsOwnBodyAndNoOther() throws {
        for question in Self.questions {
            for kind in QuestionKind.allCases {
                let opened = kind.descriptor.texts(of: question.body, question: question.key)
                if kind != question.kind { #expect(opened.isEmpty, "\(kind) does not open a \(question.kind) body") }
            }
            // Each body survives a trip through its descriptor's JSON and its input.
            let data = try JSONEncoder().encode(question)
            #expect(try JSONDecoder().decode(Question.self, from: data) == question)
            #expect(QuestionInput(question).kind == question.kind.rawValue)
        }
    }

    @Test func eachAnswerFieldBelongsToExactlyOneKind() {
        let fields = ["optionIds", "otherText", "rating", "text", "ratings", "ranking", "number", "date"]
        for field in fields {
            let owners = QuestionKinds.all.filter { $0.answerFields.contains(field) }
            #expect(owners.count == 1, "\(field) belongs to one kind, not \(owners.count)")
        }
        let named = QuestionKinds.all.reduce(Set<String>()) { $0.union($1.answerFields) }
        #expect(named == Set(fields), "every answer member is some kind's")
        #expect(QuestionKinds.answerMembers.map(\.name).count == fields.count, "no member is declared twice")
    }

    @Test func aQuestionInputReadsAndWritesEveryMemberTheKindsDeclare() throws {
        let input = QuestionInput(kind: "grid") {
            $0.min = 1; $0.max = 5; $0.minLabel = "a"; $0.maxLabel = "b"; $0.options = [OptionInput(id: "o", label: "O")]
            $0.allowsMultiple = true; $0.maxSelections = 1; $0.allowsOther = false; $0.shuffleOptions = true; $0.maxLength = 5
            $0.placeholder = "p"; $0.statements = [StatementInput(key: "s", label: "S")]; $0.minimum = 1; $0.maximum = 2
            $0.step = 1; $0.unit = "u"; $0.earliest = "2026-12-01"; $0.latest = "2026-12-02"
        }
        let named = QuestionKinds.all.reduce(Set<String>()) { $0.union($1.definitionFields) }
        #expect(Set(input.presentKindFields.map(\.name)) == named, "each accessor sets a member some kind declares")
        let json = try JSONEncoder().encode(input)
        let members = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(members.keys) == named.union(["kind"]), "every member is written under its own name")
        #expect(try JSONDecoder().decode(QuestionInput.self, from: json) == input, "and read back as its declared type")
    }

    /// The present members are looked up from the answer's own (a dictionary, in no order), so
    /// this pins that they still come back in the registry's order, each with its own kind.
    @Test func anAnswersPresentMembersComeInTheRegistrysOrderWithTheirKinds() {
        var input = AnswerInput(questionKey: "q1")
        input.rating = 3; input.optionIds = ["o1"]; input.otherText = "x"; input.text = "t"
        input.ratings = ["s": 1]; input.ranking = ["o1"]; input.number = 2; input.date = "2026-12-01"
        let present = input.presentKindFields
        #expect(present.map(\.name) == QuestionKinds.answerMembers.map(\.name))
        for field in present {
            let owner = QuestionKinds.all.first { $0.answerFields.contains(field.name) }
            #expect(owner?.kind == field.kind, "\(field.name) belongs to its declaring kind")
        }
        #expect(AnswerInput(questionKey: "q1").presentKindFields.isEmpty)
    }

    @Test func anAnswerDeclaresOnlyTheTypesTheSubmissionReadersTake() {
        for member in QuestionKinds.answerMembers {
            switch member.type {
            case .bool, .objects: Issue.record("\(member.name): a question's member type in an answer")
            case .decimal, .text, .integer, .texts, .integersByName: break
            }
        }
    }

    @Test func anAnswerOfEachKindKeepsItsShapeThroughItsDescriptor() throws {
        let answers: [AnswerValue] = [
            .choice(optionIds: ["a"], otherText: "mine"), .text("words"), .rating(9),
            .grid([GridRating(statementKey: "x", value: 2), GridRating(statementKey: "y", value: 5)]), .ranking(["b", "c", "a"]),
            .number(Decimal(string: "-12.75") ?? 0), .date(try #require(DateDay("2026-12-04"))),
        ]
        #expect(Set(answers.map(\.kind)) == Set(QuestionKind.allCases))
        for value in answers {
            let answer = Answer(questionKey: try #require(QuestionKey(rawValue: "q1")), value: value)
            let decoded = try JSONDecoder().decode(Answer.self, from: try JSONEncoder().encode(answer))
            #expect(decoded == answer)
            #expect(AnswerInput(answer).questionKey == "q1")
        }
    }
}
