/// The language of a chart's own words: headings, captions, messages, the `<desc>` sentences
/// and dates. Prompts, option labels and answers are the host's and participants' text and are
/// drawn as given.
///
/// Raw values are the language's ISO 639-1 code, as in `lang=ko`.
public enum ChartLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case korean = "ko"
}
