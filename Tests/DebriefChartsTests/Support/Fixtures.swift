import Debrief
import Foundation

/// Results built the way the service builds them: through `ResultsBuilder` from counts.
enum Fixtures {
    static func key(_ text: String) -> QuestionKey {
        guard let key = QuestionKey(rawValue: text) else { fatalError("fixture key \(text) breaks the identifier rules") }
        return key
    }

    static func choice(
        prompt: String = "Best topic?", options: [(id: String, label: String)] = [("roadmap", "Roadmap"), ("hiring", "Hiring")],
        allowsOther: Bool = true, allowsMultiple: Bool = false
    ) -> Question {
        Question(
            key: self.key("topic"), prompt: prompt,
            body: .choice(ChoiceSpec(
                options: options.map { ChoiceOption(id: $0.id, label: $0.label) }, allowsMultiple: allowsMultiple,
                allowsOther: allowsOther)))
    }

    static func rating(prompt: String = "How useful was it?", min: Int = 0, max: Int = 10) -> Question {
        Question(key: self.key("useful"), prompt: prompt, body: .rating(RatingSpec(min: min, max: max)))
    }

    static func shortAnswer(prompt: String = "Anything else?") -> Question {
        Question(key: self.key("notes"), prompt: prompt, body: .shortAnswer(ShortAnswerSpec()))
    }

    static func result(
        _ question: Question, respondents: Int = 0, options: [String: Int] = [:], other: Int = 0,
        ratings: [Int: Int] = [:], texts: [String] = [], responses: Int? = nil, anonymous: Bool = true
    ) -> QuestionResult {
        var counts = QuestionCounts()
        counts.respondents = respondents
        counts.optionCounts = options
        counts.otherCount = other
        counts.ratingCounts = ratings
        counts.texts = texts
        let form = FormDefinition(title: "Feedback", anonymous: anonymous, questions: [question])
        return ResultsBuilder.result(for: question, in: form, counts: counts, responses: responses ?? respondents)
    }

    static let start = Date(timeIntervalSince1970: 1_796_112_000) // 2026-12-01T08:00:00Z

    static func session(_ number: Int, _ question: Question, ratings: [Int: Int], responses: Int, checkedIn: Int = 0) -> SessionCounts {
        var counts = QuestionCounts()
        counts.respondents = ratings.values.reduce(0, +)
        counts.ratingCounts = ratings
        return SessionCounts(
            sessionNumber: number, meetingID: UUID(), startsAt: self.start.addingTimeInterval(Double(number) * 7 * 86_400),
            form: FormDefinition(title: "Feedback", questions: [question]), responses: responses, checkedIn: checkedIn,
            questions: [question.key.rawValue: counts])
    }
}
