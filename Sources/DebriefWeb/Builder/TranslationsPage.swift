import Debrief
import Foundation

/// What `translations.mustache` shows: every text of the form beside an input per language, the
/// missing ones flagged, and the controls to set the form's own language and add or remove others.
///
/// Inputs are named `tr.<language>.<path>` with the API's path of the text (`tr.ko.title`,
/// `tr.ko.questions.q1.options.yes`), so a refused save puts each problem next to its input.
struct TranslationsPage {
    struct LanguageOption {
        var value: String
        var name: String
        var selected: Bool
    }

    struct Row {
        var fieldID: String
        var fieldName: String
        var label: String
        var original: String
        var value: String
        var missing: Bool
        /// Translated from an original the form no longer says (until the host saves it again).
        var outdated: Bool
        var errorText: String?
    }

    struct Translation {
        var tag: String
        var caption: String
        var removeLabel: String
        var rows: [Row]
    }

    /// Languages a host can pick from without typing a tag: the pages' own and the most asked for.
    static let commonLanguages = ["en", "ko", "ja", "zh", "es", "fr", "de", "pt", "vi", "id"].compactMap(LanguageTag.init(rawValue:))

    var heading: String
    var builderHref: String
    var builderLabel: String
    var action: String
    var csrf: String
    var notice: String?
    var formError: String?
    var ownLanguages: [LanguageOption]
    var addLanguages: [LanguageOption]
    var translations: [Translation]
    /// Whether any translation lacks a text: the summary is then a warning, else a confirmation.
    var hasMissing: Bool
    var missingSummary: String?
    /// How many translated texts were made from an original that has changed since, if any.
    var outdatedSummary: String?
    var languageError: String?

    /// The page for `draft` (the form with the host's typed translations, valid or not), with the
    /// problems of a refused save.
    init(
        meeting: Meeting, form: FormDefinition, typed: [String: [String: String]], problems: [FieldProblem], csrf: String,
        t: Localizer
    ) {
        let id = meeting.id.lowercasedText
        self.heading = t(.translationsHeading, ["title": meeting.title])
        self.builderHref = "/m/\(id)/form"
        self.builderLabel = t(.builderHeading, ["title": meeting.title])
        self.action = "/m/\(id)/form/translations"
        self.csrf = csrf
        self.ownLanguages = Self.options(Self.commonLanguages + [form.language], selected: form.language)
        let taken = Set(form.languages)
        self.addLanguages = Self.options(Self.commonLanguages.filter { !taken.contains($0) }, selected: nil)
        let texts = form.translatableTexts
        let positions = Positions(form)
        var missing = 0
        var outdatedCount = 0
        self.translations = form.translations.keys.sorted().map { tag in
            let translation = form.translations[tag] ?? FormTranslation()
            let outdated = Set(form.outdatedTranslations(in: tag))
            let rows = texts.map { text -> Row in
                let name = "tr.\(tag.rawValue).\(text.path)"
                let value = typed[tag.rawValue]?[text.path] ?? translation.text(for: text) ?? ""
                if value.isEmpty { missing += 1 }
                // A text retyped in a refused save is the host's new one: only the stored one is flagged.
                let isOutdated = !value.isEmpty && outdated.contains(text.path) && value == translation.text(for: text)
                if isOutdated { outdatedCount += 1 }
                let error = problems.first { $0.path == "translations.\(tag.rawValue).\(text.path)" && $0.message != "is missing" }
                return Row(
                    fieldID: name.replacingOccurrences(of: ".", with: "-"), fieldName: name,
                    label: Self.label(text, positions, t), original: text.original, value: value, missing: value.isEmpty,
                    outdated: isOutdated, errorText: error.map { ProblemMessages.sentence(for: $0.message, in: t.language) })
            }
            return Translation(
                tag: tag.rawValue, caption: t(.translationCaption, ["language": tag.nativeName]),
                removeLabel: t(.removeLanguageButton, ["language": tag.nativeName]), rows: rows)
        }
        self.hasMissing = missing > 0
        self.missingSummary = self.translations.isEmpty ? nil : missing > 0 ? t(.missingSummary, ["n": String(missing)]) : t(.missingNone)
        self.outdatedSummary = outdatedCount > 0 ? t(TranslationPhrase.outdatedSummary, ["n": String(outdatedCount)]) : nil
        self.languageError = problems.first { $0.path == "language" }.map { ProblemMessages.sentence(for: $0.message, in: t.language) }
    }

    private static func options(_ tags: [LanguageTag], selected: LanguageTag?) -> [LanguageOption] {
        var seen: Set<LanguageTag> = []
        return tags.filter { seen.insert($0).inserted }.map { LanguageOption(value: $0.rawValue, name: $0.nativeName, selected: $0 == selected) }
    }

    /// Where each question, option and statement stands in the form (1-based), so the page names
    /// them as the host sees them in the builder, never by their codes.
    private struct Positions {
        var questions: [QuestionKey: Int] = [:]
        var items: [QuestionKey: [String: Int]] = [:]

        init(_ form: FormDefinition) {
            for (index, question) in form.questions.enumerated() {
                self.questions[question.key] = index + 1
                let ids = question.kind.page?.itemIDs(of: question.body) ?? []
                self.items[question.key] = Dictionary(ids.enumerated().map { ($1, $0 + 1) }, uniquingKeysWith: { first, _ in first })
            }
        }

        func item(_ id: String, of key: QuestionKey) -> String {
            self.items[key]?[id].map(String.init) ?? id
        }
    }

    /// "Question 2 · Option 3" — where a text stands, in the host's words.
    private static func label(_ text: TranslatableText, _ positions: Positions, _ t: Localizer) -> String {
        guard let key = text.question else { return t(.titleLabel) }
        let question = t(.questionNumber, ["n": String(positions.questions[key] ?? 0)])
        switch text.field {
        case .title, .prompt: return question
        case .placeholder: return "\(question) · \(text.name == .unit ? t(TranslationPhrase.unitLabel) : t(.placeholderLabel))"
        case .minLabel: return "\(question) · \(t(.minLabelLabel))"
        case .maxLabel: return "\(question) · \(t(.maxLabelLabel))"
        case .option(_, let id): return "\(question) · \(t(.optionNumber, ["n": positions.item(id, of: key)]))"
        case .statement(_, let statement): return "\(question) · \(t(.statementNumber, ["n": positions.item(statement, of: key)]))"
        }
    }
}
