import Foundation

extension Disclosure {
    /// How many of a theme's answers a host's results quote.
    public static let themeQuoteLimit = 3

    /// The themes of short-answer question `key` of version `form` (nil: current) that may be
    /// shown (docs/decisions/0105-themes-under-k.md). `themes` are ``ThemeGrouping``'s of `texts`
    /// (the question's newest answers, one respondent's each, newest first). Nil — no theme — as
    /// for the word cloud: when the answers are withheld, when even their counts are hidden, or
    /// when the counts are filtered. Otherwise the themes at least k respondents' answers fall in
    /// (every theme when the rule is off), each named by the words of its name at least k of its
    /// answers use (its first word every one of them uses), quoting up to ``themeQuoteLimit`` of
    /// its own answers, newest first. A theme under k shows nothing: not its words, not its
    /// answers, not that it exists.
    public func themes(question key: String, themes: [ThemeGrouping.Counted], texts: [String], in form: UUID? = nil) -> [ThemeResult]? {
        guard !self.filtered, self.reason(question: key, in: form) == nil, !self.hidesCounts(of: key, in: form) else { return nil }
        return themes.compactMap { counted in
            let members = counted.theme.members.filter { texts.indices.contains($0) }
            guard members.count >= self.smallestGroup else { return nil }
            let words = zip(counted.theme.words, counted.wordRespondents).filter { $0.1 >= self.smallestGroup }.map(\.0)
            guard !words.isEmpty else { return nil }
            return ThemeResult(
                words: words, respondents: members.count,
                quotes: members.prefix(Self.themeQuoteLimit).map { texts[$0] })
        }
    }
}
