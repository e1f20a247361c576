/// One thing wrong with one field of a request body.
///
/// `path` addresses the field the way a client would in JavaScript, e.g. `email`,
/// `questions[2].options[1]` or `answers[1].rating`, so a form UI can put the message
/// next to the right input. Messages are short, lowercase and precise ("is required",
/// "must be between 1 and 5").
public struct FieldProblem: Error, Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// Where the problem is, e.g. `questions[2].prompt`.
    public var path: String
    /// What is wrong, lowercase, without the path.
    public var message: String

    /// Creates a problem at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// Shorthand: `FieldProblem("title", "is required")`.
    public init(_ path: String, _ message: String) {
        self.init(path: path, message: message)
    }

    /// `path: message`, handy in logs and test failures.
    public var description: String { "\(path): \(message)" }
}

/// Every problem found in a request body at once, so a client can fix them all in one go
/// instead of discovering them one round trip at a time.
public struct ValidationFailure: Error, Sendable, Equatable {
    /// The problems in the order they were found (document order of the input).
    public var problems: [FieldProblem]

    /// Wraps a list of problems.
    public init(problems: [FieldProblem]) {
        self.problems = problems
    }

    /// Wraps a single problem.
    public init(_ problem: FieldProblem) {
        self.problems = [problem]
    }

    /// The messages recorded for `path`, in order (convenient in tests and UIs).
    public func messages(at path: String) -> [String] {
        problems.filter { $0.path == path }.map(\.message)
    }
}

/// Builds the paths used by ``FieldProblem``.
///
/// Centralised so every validator spells paths the same way (`a.b`, `a[3]`).
public enum FieldPath: Sendable {
    /// `base.name`, or just `name` at the top level (`base` empty).
    public static func field(_ base: String, _ name: String) -> String {
        base.isEmpty ? name : "\(base).\(name)"
    }

    /// `base[index]` (zero-based, like the JSON array it points into).
    public static func index(_ base: String, _ index: Int) -> String {
        "\(base)[\(index)]"
    }
}
