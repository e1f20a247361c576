import Debrief

/// The builder's problems listed at the top of the page, each a link to its field (the
/// participant page's error summary, `error-summary.mustache`): on a long form the field may
/// be thousands of pixels down, and the link takes the keyboard and the eye there (issue 32).
///
/// Each domain path maps to the `id` the builder's templates give that field; a path no field
/// shows is listed as text.
struct BuilderErrorLinks {
    struct Link {
        var href: String
        var text: String
    }

    var links: [Link] = []
    var general: [String] = []

    init(_ failure: ValidationFailure?, draft: BuilderDraft, t: Localizer) {
        let errors = FieldErrors(failure, t)
        var seen: Set<String> = []
        for problem in failure?.problems ?? [] {
            let sentence = errors[problem.path] ?? problem.message
            guard let (id, label) = Self.field(problem.path, draft: draft, t: t) else {
                self.general.append(sentence)
                continue
            }
            // One link per field: the field shows its first problem, and so does the list.
            guard seen.insert(id).inserted else { continue }
            self.links.append(Link(href: "#" + id, text: label.isEmpty ? sentence : label + ": " + sentence))
        }
    }

    /// The field's `id` and its name for a domain path (`title`, `questions[2].options[0].label`).
    static func field(_ path: String, draft: BuilderDraft, t: Localizer) -> (String, String)? {
        switch path {
        case "title": return ("form-title", t(.titleLabel))
        case "privacyThreshold": return ("privacyThreshold", t(.privacyThresholdLabel))
        case "speederThresholdSeconds": return ("speederThresholdSeconds", t(.speederThresholdLabel))
        case "closesAt": return ("closesAt", t(.closesAtLabel))
        case "closesAfterHours": return ("closesAfterHours", t(.closesAfterHoursLabel))
        // The list as a whole (none, too many): its message stands above the "Add" buttons.
        case "questions": return ("questions-error", "")
        default: break
        }
        guard path.hasPrefix("questions["), let close = path.firstIndex(of: "]"),
            let i = Int(path[path.index(path.startIndex, offsetBy: "questions[".count)..<close]), draft.questions.indices.contains(i)
        else { return nil }
        let prefix = "q\(i)"
        let number = t(.questionNumber, ["n": String(i + 1)])
        let rest = String(path[path.index(after: close)...])
        let question = (prefix, number)
        func named(_ suffix: String, _ label: String) -> (String, String) { (prefix + "-" + suffix, number + ", " + label) }
        if rest.hasPrefix(".options[") || rest.hasPrefix(".statements[") {
            let isStatement = rest.hasPrefix(".statements[")
            let start = rest.index(rest.startIndex, offsetBy: isStatement ? ".statements[".count : ".options[".count)
            guard let end = rest[start...].firstIndex(of: "]"), let j = Int(rest[start..<end]), draft.questions[i].options.indices.contains(j)
            else { return question }
            return named("o\(j)-label", t(isStatement ? .statementNumber : .optionNumber, ["n": String(j + 1)]))
        }
        switch rest {
        case ".prompt": return named("prompt", t(.promptLabel))
        case ".key": return named("key", t(.keyLabel))
        case ".maxSelections": return named("maxSelections", t(.maxSelectionsLabel))
        case ".min": return named("min", t(.scaleFromLabel))
        case ".max": return named("max", t(.scaleToLabel))
        case ".minLabel": return named("minLabel", t(.minLabelLabel))
        case ".maxLabel": return named("maxLabel", t(.maxLabelLabel))
        case ".maxLength": return named("maxLength", t(.maxLengthLabel))
        case ".placeholder": return named("placeholder", t(.placeholderLabel))
        case ".options", ".statements":
            // The list as a whole (too few, too many): its first option, or the question.
            let first = t(draft.questions[i].kind.descriptor.itemsAreStatements ? .statementNumber : .optionNumber, ["n": "1"])
            return draft.questions[i].options.isEmpty ? question : named("o0-label", first)
        default:
            if let field = draft.questions[i].kind.page?.builderField(rest, t) { return named(field.id, field.label) }
            if rest.hasPrefix(".showWhen") { return named("showWhenQuestion", t(.showWhenQuestionLabel)) }
            return question
        }
    }
}
