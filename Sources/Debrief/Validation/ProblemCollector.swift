/// Accumulates ``FieldProblem``s while a validator walks an input, then turns the
/// outcome into a `Result`.
///
/// Validators keep going after the first problem so that the client gets the full list.
public struct ProblemCollector: Sendable {
    /// Problems recorded so far, in the order they were added.
    public private(set) var problems: [FieldProblem] = []

    /// An empty collector.
    public init() {}

    /// True when nothing has been recorded.
    public var isEmpty: Bool { problems.isEmpty }

    /// Records `message` at `path`.
    public mutating func add(_ path: String, _ message: String) {
        problems.append(FieldProblem(path: path, message: message))
    }

    /// Records an already-built problem.
    public mutating func add(_ problem: FieldProblem) {
        problems.append(problem)
    }

    /// Records every problem of another failure (e.g. a nested validator's).
    public mutating func add(contentsOf failure: ValidationFailure) {
        problems.append(contentsOf: failure.problems)
    }

    /// How many problems have been recorded; lets a caller tell whether a sub-step
    /// added any (compare before and after).
    public var count: Int { problems.count }

    /// `.failure` with every recorded problem, otherwise `.success(make())`.
    ///
    /// `make` is only called when there were no problems, so it may rely on all the
    /// values that the validation checked being present.
    public func result<Value>(_ make: () -> Value?) -> Result<Value, ValidationFailure> {
        if !problems.isEmpty {
            return .failure(ValidationFailure(problems: problems))
        }
        guard let value = make() else {
            // A validator bug (a value missing although no problem was recorded) must
            // not crash the server; report it as a generic problem instead.
            return .failure(ValidationFailure(FieldProblem("", "is invalid")))
        }
        return .success(value)
    }

    /// Reads a required field with `parse`: "is required" when absent, `problem` when `parse`
    /// refuses it (an id that is no UUID, a key that is no identifier).
    public mutating func required<Value>(
        _ raw: String?, at path: String, _ parse: (String) -> Value?, otherwise problem: String
    ) -> Value? {
        guard let raw else {
            add(path, "is required")
            return nil
        }
        guard let value = parse(raw) else {
            add(path, problem)
            return nil
        }
        return value
    }
}
