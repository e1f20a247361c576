import Debrief
import Foundation

/// Turns the domain's validation messages (short, lower-case English written for API clients:
/// "is required", "must be at most 500 characters") into sentences a participant reads next to
/// a field, in the page's language.
///
/// The domain stays the one place that decides what is wrong; this only rewords what it said.
/// A message not known here is shown as the domain wrote it, capitalized.
enum ProblemMessages {
    /// The participant page's own message for an "Other" chosen with nothing written (the
    /// domain sees no selection at all; ``PostedAnswers`` knows the box was ticked).
    static let otherTextMissing = "must write an answer for Other"

    static func sentence(for message: String, in language: Language) -> String {
        if let known = Self.known(message, language) { return known }
        guard let first = message.first else { return message }
        return first.uppercased() + message.dropFirst() + (message.hasSuffix(".") ? "" : ".")
    }

    private static func known(_ message: String, _ language: Language) -> String? {
        let ko = language == .ko
        switch message {
        case "is required", "must not be empty":
            return ko ? "이 질문에 답해 주세요." : "Please answer this question."
        case Self.otherTextMissing:
            return ko ? "기타 답을 써 주세요." : "Write your answer for Other."
        case "must select at least one option":
            return ko ? "하나 이상 골라 주세요." : "Choose at least one option."
        case "must be one of the question's options", "selected more than once":
            return ko ? "목록에 있는 답을 골라 주세요." : "Choose one of the listed answers."
        case "must not contain control characters":
            return ko ? "보이지 않는 제어 문자는 쓸 수 없어요." : "Remove the invisible control characters."
        case "must not contain line breaks or tabs":
            return ko ? "한 줄로 써 주세요." : "Write it on one line."
        case "not allowed for this question":
            return ko ? "이 질문에는 직접 입력할 수 없어요." : "This question takes no answer of your own."
        default:
            break
        }
        if let n = Self.number(in: message, prefix: "must select at most ") {
            return ko ? "최대 \(n)개까지 고를 수 있어요." : "Choose at most \(n)."
        }
        if let n = Self.number(in: message, prefix: "must be at most ", suffix: " characters") {
            return ko ? "최대 \(n)자까지 쓸 수 있어요." : "Use at most \(n) characters."
        }
        if message.hasPrefix("must be between ") {
            let bounds = message.dropFirst("must be between ".count).components(separatedBy: " and ")
            if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]) {
                return ko ? "\(low)부터 \(high) 사이에서 골라 주세요." : "Choose a value from \(low) to \(high)."
            }
        }
        return nil
    }

    private static func number(in message: String, prefix: String, suffix: String = "") -> Int? {
        guard message.hasPrefix(prefix), message.hasSuffix(suffix) else { return nil }
        return Int(message.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
