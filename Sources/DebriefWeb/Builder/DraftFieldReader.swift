import Debrief
import Foundation

/// Reads the builder's typed fields as the API's values and keeps what is not even a number, so
/// the page reports it beside whatever the domain finds (a blank field is simply absent).
final class DraftFieldReader {
    var problems: [FieldProblem] = []

    /// A whole number, or nil when blank (and a problem at `path` when not a number).
    func wholeNumber(_ typed: String, at path: String) -> Int? {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let value = Int(trimmed) else {
            self.problems.append(FieldProblem(path, "must be a whole number"))
            return nil
        }
        return value
    }

    /// The text, or nil when empty.
    func text(_ value: String) -> String? { value.isEmpty ? nil : value }
}
