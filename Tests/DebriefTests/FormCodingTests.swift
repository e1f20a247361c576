import Foundation
import Testing
import Debrief

@Suite("Form JSON shape")
struct FormCodingTests {
    static let json = #"""
    {
      "title": "Sprint review",
      "anonymous": false,
      "allowsEditing": true,
      "closesAt": "2025-03-01T10:00:00Z",
      "privacyThreshold": 5,
      "sharesResultsWithParticipants": true,
      "oneResponsePerBrowser": false,
      "questions": [
        {"key":"q1","prompt":"How useful?","required":true,"kind":"rating","min":1,"max":5,"minLabel":"Not at all","maxLabel":"Very"},
        {"key":"q2","prompt":"Which topic?","required":false,"kind":"choice","options":[{"id":"o1","label":"A"},{"id":"o2","label":"B"}],"allowsMultiple":true,"maxSelections":2,"allowsOther":true},
        {"key":"q3","prompt":"Anything else?","required":false,"kind":"shortAnswer","maxLength":500,"placeholder":"…"}
      ]
    }
    """#

    func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    @Test("The documented flat shape decodes into the strict types")
    func decode() throws {
        let form = try decoder().decode(FormDefinition.self, from: Data(Self.json.utf8))
        #expect(form.title == "Sprint review")
        #expect(form.anonymous == false)
        #expect(form.allowsEditing == true)
        #expect(form.closesAt == Date(timeIntervalSince1970: 1_740_823_200))
        #expect(form.privacyThreshold == 5)
        #expect(form.sharesResultsWithParticipants == true)
        #expect(form.questions.map(\.key.rawValue) == ["q1", "q2", "q3"])
        #expect(form.questions[0].required)
        #expect(form.questions[0].body == .rating(RatingSpec(min: 1, max: 5, minLabel: "Not at all", maxLabel: "Very")))
        #expect(form.questions[1].body == .choice(ChoiceSpec(
            options: [ChoiceOption(id: "o1", label: "A"), ChoiceOption(id: "o2", label: "B")],
            allowsMultiple: true, maxSelections: 2, allowsOther: true
        )))
        #expect(form.questions[2].body == .shortAnswer(ShortAnswerSpec(maxLength: 500, placeholder: "…")))
    }

    @Test("Encoding writes the same flat keys and re-decodes to an equal value")
    func roundTrip() throws {
        let form = try decoder().decode(FormDefinition.self, from: Data(Self.json.utf8))
        let data = try encoder().encode(form)
        #expect(try decoder().decode(FormDefinition.self, from: data) == form)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let questions = try #require(object["questions"] as? [[String: Any]])
        #expect(Set(questions[0].keys) == ["key", "prompt", "required", "kind", "min", "max", "minLabel", "maxLabel"])
        #expect(Set(questions[1].keys) == ["key", "prompt", "required", "kind", "options", "allowsMultiple", "maxSelections", "allowsOther"])
        #expect(Set(questions[2].keys) == ["key", "prompt", "required", "kind", "maxLength", "placeholder"])
        #expect(questions[2]["kind"] as? String == "shortAnswer")
        #expect(object["closesAt"] as? String == "2025-03-01T10:00:00Z")
        // The exact encoding of one question, keys sorted.
        let rating = String(decoding: try encoder().encode(form.questions[0]), as: UTF8.self)
        #expect(rating == #"{"key":"q1","kind":"rating","max":5,"maxLabel":"Very","min":1,"minLabel":"Not at all","prompt":"How useful?","required":true}"#)
    }

    @Test("A form stored before one response per browser existed keeps it off; a new form has it on")
    func oneResponsePerBrowserDefaults() throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.json.utf8)) as? [String: Any])
        object["oneResponsePerBrowser"] = nil
        let json = try JSONSerialization.data(withJSONObject: object)
        #expect(try decoder().decode(FormDefinition.self, from: json).oneResponsePerBrowser == false)
        #expect(try decoder().decode(FormInput.self, from: json).validate().get().oneResponsePerBrowser == true)
    }

    @Test("The same JSON is accepted as input and validates to the same form")
    func inputShape() throws {
        let input = try decoder().decode(FormInput.self, from: Data(Self.json.utf8))
        let stored = try decoder().decode(FormDefinition.self, from: Data(Self.json.utf8))
        #expect(try input.validate().get() == stored)
        #expect(FormInput(stored) == input)
    }

    @Test("Decoding refuses an unknown kind and a malformed key")
    func refusals() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Question.self, from: Data(#"{"key":"q1","prompt":"P","kind":"slider"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Question.self, from: Data(#"{"key":"Q 1","prompt":"P","kind":"shortAnswer"}"#.utf8))
        }
    }
}
