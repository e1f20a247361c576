/// One theme of a short answer's results (``ThemeGrouping``), as ``Disclosure/themes(question:themes:texts:in:)``
/// lets it be shown: only themes at least k respondents' answers fall in, named only by words at
/// least k of them used, quoting only its own answers (docs/decisions/0105-themes-under-k.md).
public struct ThemeResult: Sendable, Equatable, Encodable {
    /// The theme's name: its commonest words as written, most common first (1 to 3).
    public var words: [String]
    /// How many respondents' answers fall in the theme (of the newest answers grouped).
    public var respondents: Int
    /// Up to ``Disclosure/themeQuoteLimit`` of the theme's own answers, newest first. Empty in
    /// what participants and the room see (``ResultsReport/participantView``).
    public var quotes: [String]

    public init(words: [String], respondents: Int, quotes: [String]) {
        self.words = words
        self.respondents = respondents
        self.quotes = quotes
    }
}
