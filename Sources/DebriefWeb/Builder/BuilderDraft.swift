import Debrief
import Foundation

/// The form builder's draft exactly as the host typed it: every field as text, so a post that
/// the domain refuses re-renders with nothing lost. Parsed from the builder's fields, turned into
/// the API's own ``FormInput`` to save, and built from a stored definition to start from.
///
/// Field names: `title`, `anonymous`, `allowsEditing`, `sharesResults`, `privacyThreshold`,
/// `closesAt`, and per question `q{i}.key`, `q{i}.kind`, `q{i}.prompt`, `q{i}.required`, … with
/// options `q{i}.o{j}.id` and `q{i}.o{j}.label` (a grid's statements use the same fields: the id is
/// the statement's key).
struct BuilderDraft: Equatable {
    struct Option: Equatable {
        var id = ""
        var label = ""
    }

    struct Question: Equatable {
        var key = ""
        var kind: QuestionKind = .choice
        var prompt = ""
        var required = false
        var allowsMultiple = false
        var maxSelections = ""
        var allowsOther = false
        var options: [Option] = []
        /// Choice: each participant sees the options in an order of their own (`q{i}.shuffleOptions`).
        var shuffleOptions = false
        var min = "1"
        var max = "5"
        var minLabel = ""
        var maxLabel = ""
        var maxLength = ""
        var placeholder = ""
        /// Number: the step between allowed answers and the unit shown beside the field
        /// (its bounds are `min` and `max`).
        var step = ""
        var unit = ""
        /// A follow-up's condition as typed: the deciding question's key, the rule
        /// (`ratingBetween`, `chosen`, `notChosen`, or empty for none) and its values
        /// (`0-6`, or option ids separated by spaces or commas).
        var showWhenQuestion = ""
        var showWhenRule = ""
        var showWhenValues = ""

        static func new(_ kind: QuestionKind) -> Question {
            var question = Question(kind: kind)
            if kind.page?.hasOptionRows == true { question.options = [Option(), Option()] }
            kind.page?.startDraft(&question)
            return question
        }
    }

    /// Most questions and options a draft may hold (the domain's limits are checked on save).
    static let maxQuestions = 100
    static let maxOptions = 50

    var title = ""
    var anonymous = true
    var allowsEditing = false
    var sharesResults = false
    /// Live updates of the shared results (issue 37).
    var sharesResultsLive = false
    var privacyThreshold = ""
    var closesAt = ""
    /// The series' close rule as typed: "closes N hours after the session ends" (blank: it does
    /// not close by itself). Nil when the page showed a date instead (a session's own copy): a
    /// series' form carries a rule, never a date from one week into the next (decision 63).
    var closesAfterHours: String?
    var questions: [Question] = []
    /// The speeder threshold in seconds as typed (`speederThresholdSeconds`); empty for the default.
    var speederThreshold = ""

    // MARK: - From and to the builder's fields

    init() {}

    init(_ fields: FormFields) {
        self.title = fields["title"] ?? ""
        self.anonymous = fields["anonymous"] == "on"
        self.allowsEditing = fields["allowsEditing"] == "on"
        self.sharesResults = fields["sharesResults"] == "on"
        self.sharesResultsLive = fields["sharesResultsLive"] == "on"
        self.privacyThreshold = fields["privacyThreshold"] ?? ""
        self.closesAt = fields["closesAt"] ?? ""
        self.closesAfterHours = fields["closesAfterHours"]
        self.speederThreshold = fields["speederThresholdSeconds"] ?? ""
        let count = min(Int(fields["count"] ?? "") ?? 0, Self.maxQuestions)
        self.questions = (0..<max(0, count)).map { i in
            let p = "q\(i)."
            var question = Question()
            question.key = fields[p + "key"] ?? ""
            question.kind = QuestionKind(rawValue: fields[p + "kind"] ?? "") ?? .choice
            question.prompt = fields[p + "prompt"] ?? ""
            question.required = fields[p + "required"] == "on"
            question.allowsMultiple = fields[p + "allowsMultiple"] == "on"
            question.maxSelections = fields[p + "maxSelections"] ?? ""
            question.allowsOther = fields[p + "allowsOther"] == "on"
            question.shuffleOptions = fields[p + "shuffleOptions"] == "on"
            let options = min(Int(fields[p + "optionCount"] ?? "") ?? 0, Self.maxOptions)
            question.options = (0..<max(0, options)).map { j in
                Option(id: fields[p + "o\(j).id"] ?? "", label: fields[p + "o\(j).label"] ?? "")
            }
            question.min = fields[p + "min"] ?? ""
            question.max = fields[p + "max"] ?? ""
            question.minLabel = fields[p + "minLabel"] ?? ""
            question.maxLabel = fields[p + "maxLabel"] ?? ""
            question.maxLength = fields[p + "maxLength"] ?? ""
            question.placeholder = fields[p + "placeholder"] ?? ""
            question.step = fields[p + "step"] ?? ""
            question.unit = fields[p + "unit"] ?? ""
            question.showWhenQuestion = fields[p + "showWhenQuestion"] ?? ""
            question.showWhenRule = fields[p + "showWhenRule"] ?? ""
            question.showWhenValues = Self.pickedValues(fields, p) ?? fields[p + "showWhenValues"] ?? ""
            return question
        }
        self.fitRulesToSources()
    }

    /// The values chosen from the builder's lists (issue 32): a rating range's two selects
    /// (`q{i}.showWhenFrom`, `q{i}.showWhenTo`) or the checked options (`q{i}.showWhenOption`,
    /// one value per box), written as the text an API client posts (`0-6`, `o1 o3`); nil when
    /// nothing was picked, so a posted `q{i}.showWhenValues` still counts.
    private static func pickedValues(_ fields: FormFields, _ p: String) -> String? {
        if let from = fields[p + "showWhenFrom"], let to = fields[p + "showWhenTo"] { return from + "-" + to }
        let ids = fields.values(p + "showWhenOption")
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    /// A follow-up that names its question but no rule gets the rule its question's kind takes
    /// (a rating: "between", a choice: "chose one of"): the page offers only those, and a host
    /// who picked the question without touching the rule meant it.
    private mutating func fitRulesToSources() {
        // Keys as a save gives them: a question never saved is named by its assigned key.
        var keyed = self
        keyed.assignIdentifiers()
        for i in self.questions.indices where self.questions[i].showWhenRule.isEmpty && !self.questions[i].showWhenQuestion.isEmpty {
            switch keyed.question(keyed: self.questions[i].showWhenQuestion)?.kind {
            case .rating: self.questions[i].showWhenRule = "ratingBetween"
            case .choice: self.questions[i].showWhenRule = "chosen"
            default: break
            }
        }
    }

    /// The question with `key`, if any.
    func question(keyed key: String) -> Question? {
        self.questions.first { $0.key == key }
    }

    /// Every empty question key and choice option id filled in as the domain will fill it on save
    /// (``IdentifierAssigner``: `q3` for the third question unless taken): a follow-up can then
    /// name a question or an option that was never saved, and the name stays with it when
    /// questions move. Grid statements keep theirs (no follow-up names them).
    mutating func assignIdentifiers() {
        var keys = IdentifierAssigner(prefix: "q", explicit: self.questions.map(\.key).filter { !$0.isEmpty })
        for i in self.questions.indices {
            if self.questions[i].key.isEmpty { self.questions[i].key = keys.next(forIndex: i) }
            guard self.questions[i].kind == .choice else { continue }
            var ids = IdentifierAssigner(prefix: "o", explicit: self.questions[i].options.map(\.id).filter { !$0.isEmpty })
            for j in self.questions[i].options.indices where self.questions[i].options[j].id.isEmpty {
                self.questions[i].options[j].id = ids.next(forIndex: j)
            }
        }
    }

    /// A draft of a stored (or imported) definition, in the API's shape.
    init(_ input: FormInput) {
        self.title = input.title ?? ""
        self.anonymous = input.anonymous ?? true
        self.allowsEditing = input.allowsEditing ?? false
        self.sharesResults = input.sharesResultsWithParticipants ?? false
        self.sharesResultsLive = input.sharesResultsLive ?? false
        self.privacyThreshold = input.privacyThreshold.map(String.init) ?? ""
        self.closesAt = input.closesAt.map(LocalDateTime.format) ?? ""
        self.speederThreshold = input.speederThresholdSeconds.map(String.init) ?? ""
        self.questions = (input.questions ?? []).prefix(Self.maxQuestions).map { q in
            var question = Question(
                key: q.key ?? "", kind: QuestionKind(rawValue: q.kind ?? "") ?? .choice, prompt: q.prompt ?? "",
                required: q.required ?? false, allowsMultiple: q.allowsMultiple ?? false,
                maxSelections: q.maxSelections.map(String.init) ?? "", allowsOther: q.allowsOther ?? false,
                options: (q.options?.map { ($0.id, $0.label) } ?? q.statements?.map { ($0.key, $0.label) } ?? [])
                    .prefix(Self.maxOptions).map { Option(id: $0.0 ?? "", label: $0.1 ?? "") },
                min: q.min.map(String.init) ?? "", max: q.max.map(String.init) ?? "", minLabel: q.minLabel ?? "",
                maxLabel: q.maxLabel ?? "", maxLength: q.maxLength.map(String.init) ?? "", placeholder: q.placeholder ?? "")
            question.shuffleOptions = q.shuffleOptions ?? false
            question.kind.page?.drafted(q, into: &question)
            if let condition = q.showWhen {
                question.showWhenQuestion = condition.question ?? ""
                if let range = condition.ratingBetween {
                    question.showWhenRule = "ratingBetween"
                    question.showWhenValues = range.map(String.init).joined(separator: "-")
                } else if let ids = condition.chosen ?? condition.notChosen {
                    question.showWhenRule = condition.chosen != nil ? "chosen" : "notChosen"
                    question.showWhenValues = ids.joined(separator: " ")
                }
            }
            return question
        }
    }

    /// A draft of a stored definition.
    init(_ definition: FormDefinition) {
        self.init(FormInput(definition))
    }

    /// The hours a series' close rule may take: up to a year after the session ends.
    static let closeRuleHours = 0...8_760

    /// The API's body for this draft, and the fields that are not even numbers or times (reported
    /// with whatever the domain finds). A close rule in hours becomes the close time that long
    /// after `sessionEnd`, which the series' owner reads back as the rule (``SeriesForm/of(session:sessionEnd:)``).
    func input(sessionEnd: Date? = nil) -> (FormInput, [FieldProblem]) {
        let fields = DraftFieldReader()
        var closesAt: Date?
        if let typed = self.closesAfterHours, let sessionEnd {
            let trimmed = typed.trimmingCharacters(in: .whitespaces)
            if let hours = Int(trimmed), Self.closeRuleHours.contains(hours) {
                closesAt = sessionEnd.addingTimeInterval(TimeInterval(hours * 3_600))
            } else if !trimmed.isEmpty {
                fields.problems.append(
                    FieldProblem("closesAfterHours", "must be between \(Self.closeRuleHours.lowerBound) and \(Self.closeRuleHours.upperBound)"))
            }
        } else if !self.closesAt.isEmpty {
            closesAt = LocalDateTime.parse(self.closesAt)
            if closesAt == nil { fields.problems.append(FieldProblem("closesAt", "must be a date and time")) }
        }
        let questions = self.questions.enumerated().map { i, q -> QuestionInput in
            let path = "questions[\(i)]"
            var input = QuestionInput()
            input.key = fields.text(q.key)
            input.kind = q.kind.rawValue
            input.prompt = q.prompt
            input.required = q.required
            q.kind.page?.describeDraft(q, at: path, fields: fields, into: &input)
            input.showWhen = q.followUpInput(at: path + ".showWhen", problems: &fields.problems)
            return input
        }
        var input = FormInput(
            title: self.title, anonymous: self.anonymous, allowsEditing: self.allowsEditing, closesAt: closesAt,
            privacyThreshold: fields.wholeNumber(self.privacyThreshold, at: "privacyThreshold"),
            sharesResultsWithParticipants: self.sharesResults, questions: questions)
        input.speederThresholdSeconds = fields.wholeNumber(self.speederThreshold, at: "speederThresholdSeconds")
        input.sharesResultsLive = self.sharesResultsLive ? true : nil
        return (input, fields.problems)
    }

    // MARK: - Editing without script: each button names one change

    /// Applies a builder button (`add:rating`, `up:2`, `down:2`, `remove:2`, `nps:1`,
    /// `addOption:1`, `showWhen:1`, `optionUp:1:3`, `optionDown:1:3`, `removeOption:1:3`); unknown or out-of-range
    /// ones change nothing. Returns the field to put the focus on afterwards, if any.
    @discardableResult
    mutating func apply(_ action: String) -> String? {
        let parts = action.split(separator: ":").map(String.init)
        let i = parts.count > 1 ? Int(parts[1]) : nil
        let j = parts.count > 2 ? Int(parts[2]) : nil
        switch (parts.first, i, j) {
        case ("add", _, _):
            guard self.questions.count < Self.maxQuestions, parts.count > 1, let kind = QuestionKind(rawValue: parts[1]) else { return nil }
            self.questions.append(.new(kind))
            return "q\(self.questions.count - 1)-prompt"
        case ("up", let i?, _) where i > 0 && i < self.questions.count:
            self.questions.swapAt(i, i - 1)
            return "q\(i - 1)-up"
        case ("down", let i?, _) where i >= 0 && i + 1 < self.questions.count:
            self.questions.swapAt(i, i + 1)
            return "q\(i + 1)-down"
        case ("remove", let i?, _) where self.questions.indices.contains(i):
            self.questions.remove(at: i)
            return nil
        case ("nps", let i?, _) where self.questions.indices.contains(i):
            self.questions[i].kind = .rating
            self.questions[i].min = "0"
            self.questions[i].max = "10"
            return "q\(i)-min"
        case ("addOption", let i?, _) where self.questions.indices.contains(i) && self.questions[i].options.count < Self.maxOptions:
            self.questions[i].options.append(Option())
            return "q\(i)-o\(self.questions[i].options.count - 1)-label"
        case ("optionUp", let i?, let j?) where self.questions.indices.contains(i) && j > 0 && j < self.questions[i].options.count:
            self.questions[i].options.swapAt(j, j - 1)
            return "q\(i)-o\(j - 1)-label"
        case ("optionDown", let i?, let j?) where self.questions.indices.contains(i) && j >= 0 && j + 1 < self.questions[i].options.count:
            self.questions[i].options.swapAt(j, j + 1)
            return "q\(i)-o\(j + 1)-label"
        case ("showWhen", let i?, _) where self.questions.indices.contains(i):
            // "Update choices" without script: the page comes back listing the chosen question's
            // options (or its scale) for the follow-up at `i`.
            return "q\(i)-showWhenQuestion"
        case ("removeOption", let i?, let j?) where self.questions.indices.contains(i) && self.questions[i].options.indices.contains(j):
            self.questions[i].options.remove(at: j)
            return nil
        default:
            return nil
        }
    }
}

extension BuilderDraft.Question {
    /// The condition as the API's input: nil when no earlier question is chosen (the page's
    /// "Always show", whatever rule and values stay posted beside it); values split on spaces and
    /// commas (a rating range also on `-` or `–`); numbers that are not numbers are problems at
    /// `path.ratingBetween`.
    func followUpInput(at path: String, problems: inout [FieldProblem]) -> FollowUpInput? {
        let key = self.showWhenQuestion.trimmingCharacters(in: .whitespaces)
        guard !key.isEmpty else { return nil }
        var input = FollowUpInput(question: key)
        let separators = CharacterSet(charactersIn: " ,")
        switch self.showWhenRule {
        case "ratingBetween":
            let parts = self.showWhenValues.components(separatedBy: separators.union(CharacterSet(charactersIn: "-–")))
                .filter { !$0.isEmpty }
            let values = parts.compactMap { Int($0) }
            guard values.count == parts.count, (1...2).contains(values.count) else {
                problems.append(FieldProblem(path + ".ratingBetween", "must be two whole numbers, like 0-6"))
                return input
            }
            input.ratingBetween = values.count == 1 ? [values[0], values[0]] : values
        case "chosen", "notChosen":
            let ids = self.showWhenValues.components(separatedBy: separators).filter { !$0.isEmpty }
            if self.showWhenRule == "chosen" { input.chosen = ids } else { input.notChosen = ids }
        default:
            break
        }
        return input
    }
}
