import Debrief

/// The domain's field problems as sentences next to the host's form fields, in the page's language.
struct FieldErrors {
    let problems: [FieldProblem]
    let localizer: Localizer

    init(_ failure: ValidationFailure?, _ localizer: Localizer) {
        self.problems = failure?.problems ?? []
        self.localizer = localizer
    }

    /// The first problem at `path`, as a sentence; nil when the field is fine.
    subscript(_ path: String) -> String? {
        guard let message = self.problems.first(where: { $0.path == path })?.message else { return nil }
        if message == "is required" { return self.localizer(.fieldRequired) }
        return ProblemMessages.sentence(for: message, in: self.localizer.language)
    }

    /// The first problem at `path` or inside it (`path.…`, `path[…]`), as a sentence.
    func first(under path: String) -> String? {
        guard let problem = self.problems.first(where: { $0.path == path || $0.path.hasPrefix(path + ".") || $0.path.hasPrefix(path + "[") })
        else { return nil }
        return self[problem.path]
    }
}
