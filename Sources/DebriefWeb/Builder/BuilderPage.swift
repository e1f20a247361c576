import Debrief
import DebriefStore
import Foundation

/// What `builder.mustache` shows: the draft's settings and questions with every problem next to
/// its field, the buttons that change the draft, the form's state, and (after "Preview") the form
/// as participants will see it.
struct BuilderPage {
    struct RuleOption {
        var value: String
        var label: String
        var selected: Bool
    }

    struct AddButton {
        var kind: String
        var label: String
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
    /// The question bank's page for this form (docs/decisions/0102): save a question, insert one.
    var bankHref: String
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
        let id = meeting.id.lowercasedText
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
        self.bankHref = "/m/\(id)/form/bank"
        self.sources = sources.filter { $0.id != meeting.id }.map { source in
            Source(
                value: source.id.lowercasedText,
                label: source.title + " · " + t(.sessionNumber, ["n": String(source.sessionNumber)]) + " · "
                    + DateText.meeting(source.startsAt, zone: source.seriesTimeZone, language))
        }
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
