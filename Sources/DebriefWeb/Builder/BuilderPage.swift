import Debrief
import DebriefStore
import Foundation

/// What `builder.mustache` shows: the draft's settings and questions with every problem next to
/// its field, the buttons that change the draft, the form's state, and (after "Preview") the form
/// as participants will see it.
struct BuilderPage {
    struct OptionRow {
        var idName: String
        var labelName: String
        var idValue: String
        var label: String
        var labelID: String
        var labelText: String
        var labelError: String?
        /// The move buttons' actions; a button that cannot move is rendered `hidden` (the
        /// builder's script shows it when a reorder makes it apply).
        var up: String
        var down: String
        var upHidden: Bool
        var downHidden: Bool
        var remove: String
        var upLabel: String
        var downLabel: String
        var removeLabel: String
        /// Where the keyboard was before the page re-rendered (`autofocus`, no script needed).
        var focusLabel = false
    }

    struct RuleOption {
        var value: String
        var label: String
        var selected: Bool
    }

    struct AddButton {
        var kind: String
        var label: String
    }

    struct QuestionBlock {
        var prefix: String
        var heading: String
        var kind: String
        var kindLabel: String
        var key: String
        var keyError: String?
        var prompt: String
        var promptError: String?
        var questionError: String?
        var required: Bool
        var isChoice: Bool
        var isRating: Bool
        var isText: Bool
        /// Choices, grids and rankings list options (a grid's statements) and may add one.
        var hasOptions: Bool
        /// The rows are a grid's statements.
        var rowsAreStatements = false
        /// A kind with a rating scale (ratings, grids) shows its ends and their labels.
        var hasScale: Bool
        var addOptionText: String
        var allowsMultiple: Bool
        var maxSelections: String
        var maxSelectionsError: String?
        var allowsOther: Bool
        var shuffleOptions = false
        var options: [OptionRow]
        var optionCount: Int
        var optionsError: String?
        var min: String
        var max: String
        var scaleError: String?
        var minLabel: String
        var maxLabel: String
        var maxLength: String
        var maxLengthError: String?
        var placeholder: String
        /// The kind's own fields in the editor: its builder partial (``PageKindPart/builderPartial``)
        /// and what that partial reads (`kindFields`, from ``PageKindPart/builderFields(_:at:errors:)``).
        var builderPartial: String?
        var kindFields: Any?
        /// "Show this question only when…" (a follow-up's condition): the lists to pick it from,
        /// and the values as text when the page cannot list them.
        var showWhenQuestion: String
        var followUp: BuilderFollowUpPicker
        var showWhenValues: String
        var showWhenError: String?
        /// "Update choices": re-renders the follow-up's lists for the question chosen (no script).
        var updateChoices: String
        /// The editor is open: a question with a problem, or the one a button just added or changed
        /// (issue 32, item 5); every other question shows its summary line only.
        var open = false
        /// The summary line: the question's text (or a note that it has none yet).
        var summaryPrompt: String
        var up: String
        var down: String
        var upHidden: Bool
        var downHidden: Bool
        var remove: String
        var nps: String
        var addOption: String
        var upLabel: String
        var downLabel: String
        var removeLabel: String
        var focusPrompt = false
        var focusUp = false
        var focusDown = false
        var focusMin = false
        var focusShowWhen = false
        /// "Show this question only when…" is open only when set, wrong, or just asked for: a
        /// Bool, as an empty string opens a Mustache section (question 1's was always open).
        var showWhenOpen = false

        /// True when any field of the question shows a problem.
        var hasError: Bool {
            [self.keyError, self.promptError, self.questionError, self.maxSelectionsError, self.optionsError, self.scaleError,
             self.maxLengthError, self.showWhenError].contains { $0 != nil } || self.options.contains { $0.labelError != nil }
        }
    }

    struct Source {
        var value: String
        var label: String
    }

    var csrf: String
    var heading: String
    var meetingTitle: String
    var meetingHref: String
    var action: String
    var title: String
    var titleError: String?
    var anonymous: Bool
    var allowsEditing: Bool
    var sharesResults: Bool
    var sharesResultsLive: Bool
    var sharesResultsLiveError: String?
    var privacyThreshold: String
    var privacyError: String?
    /// The threshold as a choice (issue 32, item 6): every allowed value, the domain's default
    /// named and selected when the draft has none, and what the chosen value means.
    var privacyChoices: [RuleOption] = []
    var privacyExplanation = ""
    /// The explanation's two forms with `{k}`, for the script to follow the select.
    var privacyExplanationTemplate = ""
    var privacyExplanationOne = ""
    var speederThreshold = ""
    var speederThresholdError: String?
    var closesAt: String
    var closesAtError: String?
    /// The page edits the series' form: its close rule is typed in hours after the session ends,
    /// in place of a date (docs/decisions/0063).
    var editsSeriesForm = false
    var closesAfterHours = ""
    var closesAfterHoursError: String?
    var questions: [QuestionBlock]
    var count: Int
    var questionsError: String?
    var notice: String?
    /// Whether this session uses the series' form, and the push button when it does not.
    var seriesForm: BuilderSeriesForm?
    var templates: BuilderTemplates?
    var formError: String?
    /// Every problem at the top of the page, a link to each field (`error-summary.mustache`).
    var errorLinks: [BuilderErrorLinks.Link] = []
    var generalErrors: [String] = []
    /// Stored, not computed: templates see stored members only.
    var hasErrors = false
    /// The page shows a draft that is not saved (a button's change, a refused save, an import):
    /// the builder's script warns before leaving it as it warns after an edit.
    var unsaved = false
    var stateText: String
    var participantURL: String?
    var canPublish: Bool
    var canClose: Bool
    var canReopen: Bool
    var publishAction: String
    var closeAction: String
    var reopenAction: String
    var exportHref: String
    var importAction: String
    var copyAction: String
    var sources: [Source]
    /// The translations page, once a form is stored; with the languages and the texts still
    /// missing a translation (publishing refuses them).
    var translationsHref: String?
    var languagesNote: String?
    var missingTranslationsNote: String?
    var importText = ""
    var importError: String?
    var preview: ParticipantFormPage?
    /// The preview is the form on Preview's post; on other pages, the draft as it stands when
    /// it has no problems. No preview: a note says when it appears.
    var previewRefreshed = false
    /// A new question of each kind and a new option, rendered into `<template>`s: the builder's
    /// script clones them to add without a reload, and renumbers their fields (`qnew.…`).
    var newQuestions: [QuestionBlock] = []
    /// One "Add a … question" button per kind, in the registry's order.
    var addButtons: [AddButton] = []
    var newOption: OptionRow?
    let maxQuestions = BuilderDraft.maxQuestions
    let maxOptions = BuilderDraft.maxOptions

    /// Puts `autofocus` on the element a builder button named (the moved question's button, the
    /// new question's prompt, the new option's label), so a keyboard user stays where they were.
    mutating func focus(_ id: String?) {
        guard let id else { return }
        for i in self.questions.indices {
            let prefix = self.questions[i].prefix
            if id == prefix + "-prompt" { self.questions[i].focusPrompt = true }
            if id == prefix + "-up" { self.questions[i].focusUp = !self.questions[i].upHidden; self.questions[i].focusDown = self.questions[i].upHidden }
            if id == prefix + "-down" { self.questions[i].focusDown = !self.questions[i].downHidden; self.questions[i].focusUp = self.questions[i].downHidden }
            if id == prefix + "-min" { self.questions[i].focusMin = true }
            if id == prefix + "-showWhenQuestion" { self.questions[i].focusShowWhen = true }
            for j in self.questions[i].options.indices where self.questions[i].options[j].labelID == id {
                self.questions[i].options[j].focusLabel = true
            }
            if id == prefix + "-showWhenQuestion" { self.questions[i].showWhenOpen = true }
            let q = self.questions[i]
            self.questions[i].open = q.hasError || q.focusPrompt || q.focusMin || q.focusShowWhen || q.options.contains(where: \.focusLabel)
        }
    }

    init(
        draft typed: BuilderDraft, meeting: Meeting, stored: StoredForm?, failure: ValidationFailure?, csrf: String,
        publicBaseURL: String, sources: [Meeting], language: Language
    ) {
        let t = Localizer(language)
        let errors = FieldErrors(failure, t)
        let id = meeting.id.uuidString.lowercased()
        var draft = typed
        draft.assignIdentifiers()
        self.csrf = csrf
        self.heading = t(.builderHeading, ["title": meeting.title])
        self.meetingTitle = meeting.title
        self.meetingHref = "/m/\(id)"
        self.action = "/m/\(id)/form"
        if let stored {
            self.translationsHref = "/m/\(id)/form/translations"
            let languages = stored.definition.languages
            if languages.count > 1 {
                self.languagesNote = t(.languagesNote, ["languages": languages.map(\.nativeName).joined(separator: ", ")])
            }
            let missing = stored.definition.missingTranslations.count
            if missing > 0 { self.missingTranslationsNote = t(.missingSummary, ["n": String(missing)]) }
        }
        self.title = draft.title
        self.titleError = errors["title"]
        self.anonymous = draft.anonymous
        self.allowsEditing = draft.allowsEditing
        self.sharesResults = draft.sharesResults
        self.sharesResultsLive = draft.sharesResultsLive
        self.sharesResultsLiveError = errors["sharesResultsLive"]
        self.privacyThreshold = draft.privacyThreshold
        self.privacyError = errors["privacyThreshold"]
        let k = Int(draft.privacyThreshold.trimmingCharacters(in: .whitespaces))
            ?? (draft.privacyThreshold.isEmpty ? FormDefinition.defaultPrivacyThreshold : nil)
        let chosen = k.map(String.init) ?? draft.privacyThreshold
        self.privacyChoices = FormDefinition.privacyThresholdRange.map { value in
            RuleOption(
                value: String(value),
                label: value == FormDefinition.defaultPrivacyThreshold ? t(.privacyDefaultOption, ["k": String(value)]) : String(value),
                selected: String(value) == chosen)
        }
        // A value outside the list (posted by hand) stays on the page beside its problem.
        if !self.privacyChoices.contains(where: \.selected) {
            self.privacyChoices.insert(RuleOption(value: draft.privacyThreshold, label: draft.privacyThreshold, selected: true), at: 0)
        }
        self.privacyExplanationTemplate = t(.privacyExplanation)
        self.privacyExplanationOne = t(.privacyExplanationOne)
        self.privacyExplanation = k == 1 ? self.privacyExplanationOne : t(.privacyExplanation, ["k": k.map(String.init) ?? "?"])
        self.speederThreshold = draft.speederThreshold
        self.speederThresholdError = errors["speederThresholdSeconds"]
        self.closesAt = draft.closesAt
        self.closesAtError = errors["closesAt"]
        self.closesAfterHoursError = errors["closesAfterHours"]
        self.count = draft.questions.count
        self.questionsError = errors["questions"]
        let summary = BuilderErrorLinks(failure, draft: draft, t: t)
        self.errorLinks = summary.links
        self.generalErrors = summary.general
        self.hasErrors = !summary.links.isEmpty || !summary.general.isEmpty
        let last = draft.questions.count - 1
        self.questions = draft.questions.enumerated().map { i, q in
            var block = Self.block(q, at: i, last: last, prefix: "q\(i)", errors: errors, t: t, draft: draft)
            block.open = block.hasError
            return block
        }
        self.addButtons = QuestionKind.allCases.map { AddButton(kind: $0.rawValue, label: $0.page?.addLabel(t) ?? $0.rawValue) }
        self.newQuestions = QuestionKind.allCases.map { kind in
            // Added by the script: open for editing at once.
            var block = Self.block(.new(kind), at: 1, last: 1, prefix: "qnew", errors: FieldErrors(nil, t), t: t, draft: BuilderDraft())
            block.open = true
            return block
        }
        self.newOption = Self.option(
            BuilderDraft.Option(), at: 1, of: 0, last: 1, number: t(.questionNumber, ["n": "1"]), qPrefix: "qnew", oPrefix: "onew",
            errors: FieldErrors(nil, t), t: t)
        let state = stored?.state()
        switch state {
        case .none: self.stateText = t(.formStateNone)
        case .draft: self.stateText = t(.formStateDraft)
        case .open: self.stateText = t(.formOpen)
        case .closed: self.stateText = t(.formClosed)
        }
        self.participantURL = stored?.code.map { "\(publicBaseURL)/f/\($0)" }
        // Publish saves what the page holds first: a form never saved can be published too.
        self.canPublish = state == nil || state == .draft
        self.canClose = state == .open
        self.canReopen = state == .closed
        self.publishAction = "/m/\(id)/form/publish"
        self.closeAction = "/m/\(id)/form/close"
        self.reopenAction = "/m/\(id)/form/reopen"
        self.exportHref = "/m/\(id)/form/export"
        self.importAction = "/m/\(id)/form/import"
        self.copyAction = "/m/\(id)/form/copy"
        self.sources = sources.filter { $0.id != meeting.id }.map { source in
            Source(
                value: source.id.uuidString.lowercased(),
                label: source.title + " · " + t(.sessionNumber, ["n": String(source.sessionNumber)]) + " · "
                    + DateText.dateTime(source.startsAt, language))
        }
    }

    /// One question's fields; `prefix` names them (`q3`, or `qnew` in a template).
    static func block(
        _ q: BuilderDraft.Question, at i: Int, last: Int, prefix: String, errors: FieldErrors, t: Localizer, draft: BuilderDraft
    ) -> QuestionBlock {
        let path = "questions[\(i)]"
        let number = t(.questionNumber, ["n": String(i + 1)])
        let optionLast = q.options.count - 1
        var block = QuestionBlock(
            prefix: prefix, heading: number, kind: q.kind.rawValue,
            kindLabel: Self.kindLabel(q.kind, t),
            key: q.key, keyError: errors[path + ".key"], prompt: q.prompt, promptError: errors[path + ".prompt"],
            questionError: errors[path] ?? errors[path + ".kind"], required: q.required,
            isChoice: q.kind == .choice, isRating: q.kind == .rating, isText: q.kind == .shortAnswer,
            hasOptions: q.kind.page?.hasOptionRows ?? false, hasScale: q.kind.page?.hasScale ?? false,
            addOptionText: q.kind.descriptor.itemsAreStatements ? t(.addStatementButton) : t(.addOptionButton),
            allowsMultiple: q.allowsMultiple, maxSelections: q.maxSelections, maxSelectionsError: errors[path + ".maxSelections"],
            allowsOther: q.allowsOther,
            options: q.options.enumerated().map { j, option in
                Self.option(
                    option, at: j, of: i, last: optionLast, number: number, qPrefix: prefix, isStatement: q.kind.descriptor.itemsAreStatements, errors: errors, t: t)
            },
            optionCount: q.options.count, optionsError: errors[path + ".options"] ?? errors[path + ".statements"],
            min: q.min, max: q.max, scaleError: errors[path + ".min"] ?? errors[path + ".max"],
            minLabel: q.minLabel, maxLabel: q.maxLabel, maxLength: q.maxLength, maxLengthError: errors[path + ".maxLength"],
            placeholder: q.placeholder,
            showWhenQuestion: q.showWhenQuestion,
            followUp: prefix == "qnew" ? BuilderFollowUpPicker() : BuilderFollowUpPicker(q, at: i, in: draft, t: t),
            showWhenValues: q.showWhenValues,
            showWhenError: errors.first(under: path + ".showWhen"),
            updateChoices: "showWhen:\(i)",
            summaryPrompt: q.prompt.trimmingCharacters(in: .whitespaces).isEmpty ? t(.summaryNoText) : q.prompt,
            up: "up:\(i)", down: "down:\(i)", upHidden: i == 0, downHidden: i >= last, remove: "remove:\(i)", nps: "nps:\(i)",
            addOption: "addOption:\(i)",
            upLabel: t(.moveUp) + ": " + number, downLabel: t(.moveDown) + ": " + number, removeLabel: t(.removeButton) + ": " + number)
        block.shuffleOptions = q.shuffleOptions
        block.builderPartial = q.kind.page?.builderPartial
        block.kindFields = q.kind.page?.builderFields(q, at: path, errors: errors)
        block.rowsAreStatements = q.kind.descriptor.itemsAreStatements
        block.showWhenOpen = !q.showWhenQuestion.trimmingCharacters(in: .whitespaces).isEmpty || block.showWhenError != nil
        return block
    }

    /// A question kind's name.
    static func kindLabel(_ kind: QuestionKind, _ t: Localizer) -> String {
        kind.page?.label(t) ?? kind.rawValue
    }

    /// One option's fields (or a grid statement's: `isStatement`), `j` of question `i`, named
    /// `{qPrefix}.o{j}.…` (or `oPrefix`: `onew` in a template).
    static func option(
        _ option: BuilderDraft.Option, at j: Int, of i: Int, last: Int, number: String, qPrefix: String, oPrefix: String? = nil,
        isStatement: Bool = false, errors: FieldErrors, t: Localizer
    ) -> OptionRow {
        let path = "questions[\(i)]"
        let list = isStatement ? ".statements" : ".options"
        let optionText = t(isStatement ? .statementNumber : .optionNumber, ["n": String(j + 1)])
        let o = oPrefix ?? "o\(j)"
        return OptionRow(
            idName: "\(qPrefix).\(o).id", labelName: "\(qPrefix).\(o).label", idValue: option.id, label: option.label,
            labelID: "\(qPrefix)-\(o)-label", labelText: optionText,
            labelError: errors[path + list + "[\(j)]"] ?? errors[path + list + "[\(j)].label"]
                ?? errors[path + list + "[\(j)]." + (isStatement ? "key" : "id")],
            up: "optionUp:\(i):\(j)", down: "optionDown:\(i):\(j)", upHidden: j == 0, downHidden: j >= last,
            remove: "removeOption:\(i):\(j)",
            upLabel: t(.moveUp) + ": " + number + ", " + optionText, downLabel: t(.moveDown) + ": " + number + ", " + optionText,
            removeLabel: t(.removeButton) + ": " + number + ", " + optionText)
    }
}

extension BuilderPage {
    /// Shows the close rule field when the session follows the series' form: as typed, or the
    /// stored close time read as whole hours after this session's end (blank: none).
    mutating func showCloseRule(of draft: BuilderDraft, stored: StoredForm?, sessionEnd: Date) {
        self.editsSeriesForm = self.seriesForm?.follows ?? false
        if let typed = draft.closesAfterHours {
            self.closesAfterHours = typed
        } else if let closesAt = stored?.definition.closesAt {
            self.closesAfterHours = String(max(0, Int((closesAt.timeIntervalSince(sessionEnd) / 3_600).rounded())))
        }
    }
}
