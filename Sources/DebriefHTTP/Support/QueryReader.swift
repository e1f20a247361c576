import Debrief
import Foundation
import Hummingbird

/// Reads typed query parameters, collecting every bad one, so a request gets one 422 naming
/// each parameter it got wrong.
struct QueryReader {
    private let request: Request
    var problems = ProblemCollector()

    init(_ request: Request) {
        self.request = request
    }

    private func text(_ name: String) -> String? {
        self.request.uri.queryParameters.get(name)
    }

    /// An ISO 8601 timestamp with its zone, or nil when absent (or bad, which is recorded).
    mutating func date(_ name: String) -> Date? {
        guard let text = self.text(name) else { return nil }
        guard let date = Timestamps.parse(text) else {
            self.problems.add(name, Timestamps.hint)
            return nil
        }
        return date
    }

    /// `true` or `false`; `value` when absent (or bad, which is recorded).
    mutating func bool(_ name: String, default value: Bool) -> Bool {
        switch self.text(name) {
        case nil: return value
        case "true": return true
        case "false": return false
        default:
            self.problems.add(name, "must be true or false")
            return value
        }
    }

    /// A value `parse` accepts; `value` when absent (or refused, which is recorded with `hint`).
    mutating func value<T>(_ name: String, default value: T, hint: String, _ parse: (String) -> T?) -> T {
        guard let text = self.text(name) else { return value }
        guard let parsed = parse(text) else {
            self.problems.add(name, hint)
            return value
        }
        return parsed
    }

    /// An integer within `range`; `value` when absent (or bad, which is recorded).
    mutating func integer(_ name: String, in range: ClosedRange<Int>, default value: Int) -> Int {
        self.value(name, default: value, hint: "must be an integer from \(range.lowerBound) to \(range.upperBound)") { text in
            Int(text).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// One of the cases of `T`, by raw value; `value` when absent (or bad, which is recorded
    /// with the list of accepted values).
    mutating func choice<T: RawRepresentable & CaseIterable>(_ name: String, default value: T) -> T where T.RawValue == String {
        self.value(name, default: value, hint: "must be one of " + T.allCases.map(\.rawValue).joined(separator: ", "), T.init(rawValue:))
    }

    /// Throws a 400 naming every bad parameter (see ``APIError/badQuery(_:)``).
    func requireValidAsBadRequest() throws {
        guard self.problems.isEmpty else { throw APIError.badQuery(self.problems.problems) }
    }

    /// Throws the 422 when any parameter was bad.
    func requireValid() throws {
        guard self.problems.isEmpty else { throw ValidationFailure(problems: self.problems.problems) }
    }
}
