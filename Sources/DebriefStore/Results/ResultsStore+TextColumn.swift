import Debrief

extension ResultsStore {
    /// The two text columns of `answers`; which a question's report reads is its kind's
    /// (``StoreKindPart/textColumns(_:)``).
    enum TextColumn: String {
        /// Written answers (a short answer's), sampled for words and themes.
        case textValue = "text_value"
        /// "Other" texts beside options, listed in the host's report only.
        case otherText = "other_text"

        /// The newest texts a report reads: a sample for counting words, a list for reading.
        var limit: Int { self == .textValue ? ResultsStore.textSample : ResultsStore.otherTextLimit }

        /// Puts `texts` where a report's counts keep this column's.
        func keep(_ texts: [String], in counts: inout QuestionCounts) {
            switch self {
            case .textValue: counts.texts = texts
            case .otherText: counts.otherTexts = texts
            }
        }

        /// The SQL function that reads the column's newest texts of a question.
        var newestFunction: String {
            switch self {
            case .textValue: return "debrief_newest_text_values"
            case .otherText: return "debrief_newest_other_texts"
            }
        }
    }
}
