import Debrief

/// The problems of a failed validation, or [] when it succeeded.
func problems<Value>(_ result: Result<Value, ValidationFailure>) -> [FieldProblem] {
    if case .failure(let failure) = result { return failure.problems }
    return []
}

/// Shorthand for an expected problem.
func P(_ path: String, _ message: String) -> FieldProblem {
    FieldProblem(path: path, message: message)
}

/// True when `actual` is present and within `tolerance` of `expected`.
func approx(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= tolerance
}

/// A string of `count` copies of `character`.
func repeated(_ character: String, _ count: Int) -> String {
    String(repeating: character, count: count)
}
