import Debrief
import DebriefStore
import Foundation

/// What `participant-form.mustache` shows: the form's questions with the participant's input
/// and each problem next to its field.
///
/// Optional members of nested views never share a name with a member of an enclosing view:
/// a nil value makes mustache look further out.
struct ParticipantFormPage {
    struct CheckIn {
        /// Forms that are not anonymous ask for a name (and need the check-in before answers).
        var named: Bool
        var hint: String
        var button: String
        var nameValue: String
        var nameError: String?
    }

    struct Point {
        var inputID: String
        var value: Int
        var checked: Bool
    }

    struct Option {
        var inputID: String
        var value: String
        var label: String
        var checked: Bool
    }

    struct QuestionField {
        var key: String
        var fieldName: String
        var fieldID: String
        var prompt: String
        var required: Bool
        var hint: String
        var hintID: String
        var errorText: String?
        var errorID: String
        /// `aria-describedby`: the hint, and the error when there is one.
        var describedBy: String
        /// A follow-up: the condition in words ("Answer if you rated 0–6 on …"), always shown so
        /// the page works without script, and what `follow-up.js` reads to hide and show it.
        var condition: Condition?
        /// The kind's template (its page part's `partial`), which the page renders by name.
        var partial = ""
        /// Grid: the scale's values (column headings) and one row of radio buttons per statement.
        var gridColumnHeads: [GridColumn] = []
        var gridColumns = 0
        var gridRows: [GridRow] = []
        /// The kind's own view, which its partial reads inside `{{#kindFields}}` (a ranking's place
        /// `<select>`s, a number's bounds): set by its page part, so this view names no kind.
        var kindFields: Any?
        // Rating
        var points: [Point] = []
        var minLabel: String?
        var maxLabel: String?
        // Choice
        var inputType = "radio"
        var options: [Option] = []
        var allowsOther = false
        var otherInputID = ""
        var otherTextID = ""
        var otherFieldName = ""
        var otherChecked = false
        var otherValue = ""
        var otherMaxLength = ChoiceSpec.otherTextMaxLength
        // Short answer
        var textValue = ""
        var maxLength = 0
        var placeholder: String?
    }

    /// One statement of a grid: its radio buttons in one cell spanning the value columns, grouped
    /// (`role="radiogroup"`) and named by the row's heading. Names differ from the question's own (`statementLabel`,
    /// `cellValue`): a nested mustache section would otherwise read the outer value.
    struct GridRow {
        var rowID: String
        var statementLabel: String
        var rowField: String
        var cells: [GridCell]
    }

    /// A radio button, named by its row's and its column's headings ("The agenda was clear 4"):
    /// every button of a row shares the row's heading, which groups them for assistive technology.
    struct GridCell {
        var cellID: String
        var cellValue: Int
        var columnID: String
        var cellChecked: Bool
    }

    struct GridColumn {
        var columnID: String
        var columnValue: Int
    }

    struct Condition {
        var text: String
        /// The field of the deciding question (`q.nps`).
        var sourceField: String
        /// `rating LOW HIGH`, `chosen ID…` or `notChosen ID…`.
        var rule: String
    }

    struct ErrorLink {
        var href: String
        var text: String
    }

    /// One language the form can be shown in, as a link of the picker.
    struct LanguageChoice {
        var href: String
        var tag: String
        var name: String
        var current: Bool
    }

    var code: String
    var formTitle: String
    /// The language the questions are shown in, posted back so the response records it.
    var formLanguage: String
    /// `?lang=…` on a translated form's posts: a page that fails after the post (the database
    /// gone) still speaks the language the form was shown in (``PageErrorMiddleware``).
    var languageQuery: String
    /// The picker: every language of the form, when it has more than one.
    var languageChoices: [LanguageChoice]
    var showsLanguagePicker: Bool
    var meetingLine: String
    /// The series' picture above the form (decision 92).
    var picture: PicturePart?
    /// The logo of the team that owns the series (decision 95).
    var teamLogo: TeamLogoPart?
    var privacyNote: String
    var closesNote: String?
    var idempotencyKey: String
    /// The view's signed "opened" ticket, sent back with the answers (docs/decisions/0036).
    var openedToken: String?
    var participantToken: String?
    var personalLink: String?
    var checkIn: CheckIn?
    var checkedInNote: String?
    var changingNote: String?
    var filledNote: String?
    var showsQuestions: Bool
    var questions: [QuestionField]
    var generalErrors: [String]
    var errorLinks: [ErrorLink]
    /// Stored, not computed: templates see stored members only.
    var hasErrors = false
    /// "Questions from the room", when the host turned them on (``RoomQuestionsBlock``).
    var roomQuestions: RoomQuestionsBlock?

    /// What the participant did so far on this page load.
    struct State {
        var idempotencyKey = SecretToken.newPageNonce()
        var participantToken: String?
        /// A roster member's personal link (decision 77), carried in a hidden field.
        var personalLink: String?
        /// The posted answers to show again (after a refused submission).
        var fields = FormFields([])
        var problemsByQuestion: [String: [String]] = [:]
        var generalErrors: [String] = []
        var checkInName = ""
        var checkInNameError: String?
        var checkedInNote: String?
        /// Set on the page that changes answers sent before (its fields hold them): says so,
        /// and offers no check-in.
        var changingNote: String?
        /// Set when a tap in a roster message filled in an answer (``OneTapQuestion``): says so.
        var filledNote: String?
    }

    /// The page for `view`, its questions in `formLanguage` (one of the form's languages) and its
    /// own words in `language`.
    init(_ view: ParticipantFormView, state: State, language: Language, formLanguage: LanguageTag) {
        let t = Localizer(language)
        // Shuffled options in the order of this view's ticket (the same on every reload of the
        // page), in the language the form is shown in.
        let definition = view.shownDefinition.localized(to: formLanguage)
        self.openedToken = view.opened?.text
        self.code = view.form.code
        self.formTitle = definition.title
        self.formLanguage = formLanguage.rawValue
        self.languageQuery = view.form.definition.translations.isEmpty ? "" : "?lang=\(formLanguage.rawValue)"
        self.languageChoices = view.form.definition.languages.map { tag in
            LanguageChoice(href: "/f/\(view.form.code)?lang=\(tag.rawValue)", tag: tag.rawValue, name: tag.nativeName, current: tag == formLanguage)
        }
        self.showsLanguagePicker = self.languageChoices.count > 1
        self.picture = view.picture.map { PicturePart($0, title: view.meetingTitle, t: t) }
        self.teamLogo = view.teamLook.flatMap(TeamLogoPart.init)
        // The meeting's title only when it says something the heading does not: a form titled
        // like its meeting shows the title once (issue 32 item 16).
        let sameTitle = [definition.title, view.form.definition.title].contains {
            $0.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(view.meetingTitle.trimmingCharacters(in: .whitespaces)) == .orderedSame
        }
        self.meetingLine = ((sameTitle ? [] : [view.meetingTitle]) + (view.meetingPlace.map { [$0] } ?? [])
            + [DateText.participant(view.meetingStartsAt, zone: view.timeZone, language)])
            .joined(separator: " · ")
        self.privacyNote = definition.anonymous
            ? t(.anonymousNote) + (definition.privacyThreshold > 1 ? " " + t(.thresholdNote, ["k": String(definition.privacyThreshold)]) : "")
            : t(.identifiedNote)
        self.closesNote = view.closesAt.map { t(.closesAt, ["time": DateText.participant($0, zone: view.timeZone, language)]) }
        self.idempotencyKey = state.idempotencyKey
        self.participantToken = state.participantToken
        self.personalLink = state.personalLink
        self.checkedInNote = state.checkedInNote
        self.changingNote = state.changingNote
        self.filledNote = state.filledNote
        if state.participantToken == nil, state.changingNote == nil {
            self.checkIn = CheckIn(
                named: !definition.anonymous,
                hint: definition.anonymous ? t(.checkInAnonymousHint) : t(.checkInRequiredHint),
                button: definition.anonymous ? t(.checkInAnonymousButton) : t(.checkInNamedButton),
                nameValue: state.checkInName,
                nameError: state.checkInNameError.map { ProblemMessages.sentence(for: $0, in: language) })
        }
        // Answers of a form that is not anonymous belong to a checked-in person: check in first.
        self.showsQuestions = definition.anonymous || state.participantToken != nil
        self.questions = definition.questions.map { question in
            let messages = state.problemsByQuestion[question.key.rawValue] ?? []
            var field = Self.question(
                question, fields: state.fields,
                error: messages.isEmpty ? nil : messages.map { ProblemMessages.sentence(for: $0, in: language) }.joined(separator: " "),
                t: t)
            field.condition = question.showWhen.flatMap { Self.condition($0, in: definition, t: t) }
            return field
        }
        self.generalErrors = state.generalErrors
        self.errorLinks = self.questions.compactMap { question in
            question.errorText.map { ErrorLink(href: "#\(question.fieldID)", text: "\(question.prompt): \($0)") }
        }
        if let error = self.checkIn?.nameError {
            self.errorLinks.insert(ErrorLink(href: "#checkin-name", text: "\(t(.checkInName)): \(error)"), at: 0)
        }
        self.hasErrors = !self.generalErrors.isEmpty || !self.errorLinks.isEmpty
    }

    /// Adds the room's questions, their problems listed in the summary at the top as well (the
    /// page after a refused post opens at its top).
    mutating func add(_ room: RoomQuestionsBlock?, t: Localizer) {
        self.roomQuestions = room
        guard let room else { return }
        if let message = room.roomMessage { self.generalErrors.append(message) }
        if let error = room.roomNameError { self.errorLinks.append(ErrorLink(href: "#room-name", text: "\(t(RoomQuestionPhrase.roomQNameLabel)): \(error)")) }
        if let error = room.roomTextError { self.errorLinks.append(ErrorLink(href: "#room-text", text: "\(t(RoomQuestionPhrase.roomQTextLabel)): \(error)")) }
        self.hasErrors = !self.generalErrors.isEmpty || !self.errorLinks.isEmpty
    }

    /// The condition of a follow-up in the participant's words.
    static func condition(_ condition: FollowUpCondition, in form: FormDefinition, t: Localizer) -> Condition? {
        guard let source = form.question(for: condition.question) else { return nil }
        let field = PostedAnswers.field(source.key)
        switch (condition.rule, source.body) {
        case (.ratingBetween(let range), _):
            let values = range.lowerBound == range.upperBound ? String(range.lowerBound) : "\(range.lowerBound)–\(range.upperBound)"
            return Condition(
                text: t(.followUpIfRated, ["values": values, "question": source.prompt]), sourceField: field,
                rule: "rating \(range.lowerBound) \(range.upperBound)")
        case (.chosen(let ids), .choice(let spec)), (.notChosen(let ids), .choice(let spec)):
            let labels = ids.compactMap { id in spec.options.first { $0.id == id }?.label }.map { "“\($0)”" }.joined(separator: ", ")
            let chosen = if case .chosen = condition.rule { true } else { false }
            return Condition(
                text: t(chosen ? .followUpIfChosen : .followUpIfNotChosen, ["options": labels, "question": source.prompt]),
                sourceField: field, rule: (chosen ? "chosen " : "notChosen ") + ids.joined(separator: " "))
        default:
            return nil
        }
    }

    /// "From 1 (Not at all) to 5 (Very)".
    static func scaleHint(_ spec: RatingSpec, _ t: Localizer) -> String {
        let low = spec.minLabel.map { "\(spec.min) (\($0))" } ?? String(spec.min)
        let high = spec.maxLabel.map { "\(spec.max) (\($0))" } ?? String(spec.max)
        return t(.ratingScale, ["min": low, "max": high])
    }

    private static func question(_ question: Question, fields: FormFields, error: String?, t: Localizer) -> QuestionField {
        let key = question.key.rawValue
        let fieldID = "q-\(key)"
        let posted = fields.values(PostedAnswers.field(question.key))
        var view = QuestionField(
            key: key, fieldName: PostedAnswers.field(question.key), fieldID: fieldID, prompt: question.prompt,
            required: question.required, hint: "", hintID: "\(fieldID)-hint", errorText: error, errorID: "\(fieldID)-error",
            describedBy: "\(fieldID)-hint" + (error == nil ? "" : " \(fieldID)-error"))
        question.kind.page?.participantField(question, fields: fields, posted: posted, fieldID: fieldID, t: t, into: &view)
        return view
    }
}
