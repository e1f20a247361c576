import Debrief
import DebriefStore
import Foundation

/// One bank entry as the pages list it: its name, its kind's name, a preview of its prompt and
/// its languages (stored properties: templates read nothing else).
struct BankEntryRow {
    /// Longest prompt preview, in characters: a list of 500 entries stays readable.
    static let previewLength = 120

    var id: String
    var name: String
    var kindLabel: String
    var preview: String
    var languages: String
    /// The problem with a rename of this entry, shown beside its name field.
    var nameError: String?

    init(_ entry: QuestionBankEntry, _ t: Localizer, nameError: String? = nil) {
        self.id = entry.id.lowercasedText
        self.name = entry.name
        self.kindLabel = BuilderPage.kindLabel(entry.banked.question.kind, t)
        let prompt = entry.banked.question.prompt
        self.preview = prompt.count > Self.previewLength ? String(prompt.prefix(Self.previewLength)) + "…" : prompt
        self.languages = t(QuestionBankPhrase.bankLanguages, ["languages": entry.banked.languages.map(\.rawValue).joined(separator: ", ")])
        self.nameError = nameError
    }
}
