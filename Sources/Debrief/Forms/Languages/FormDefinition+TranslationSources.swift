/// Which translated texts may be out of date (issue 68: a Korean title left from the template
/// after the English one changed read as translated). Each translated text remembers the original
/// it was made from (``FormTranslation/sources``); a text whose form now says something else is
/// flagged on the translations page and in the API, until a host saves that translation again.
extension FormDefinition {
    /// The paths of `language`'s texts whose original changed since they were translated, in
    /// reading order. A text without a recorded original (saved before they were recorded) is
    /// never flagged: nothing says what it was made from.
    public func outdatedTranslations(in language: LanguageTag) -> [String] {
        guard let translation = self.translations[language] else { return [] }
        return self.translatableTexts.filter { text in
            guard translation.text(for: text) != nil, let source = translation.sources[text.path] else { return false }
            return source != text.original
        }.map(\.path)
    }

    /// The form about to be saved over `previous` (the form as stored before, nil for a first
    /// save), each translated text with the original it was made from:
    /// - `confirming` (a host saved the translations page, which shows every text beside its
    ///   original): the original it stands beside now, even for a text left unchanged;
    /// - else a text typed or changed in this save: the original now;
    /// - else (the same text as before): what it was made from before, or when that was never
    ///   recorded, the original it stood beside before — so a builder save that changes the
    ///   English leaves the untouched Korean flagged.
    public func recordingTranslationSources(over previous: FormDefinition?, confirming: Bool) -> FormDefinition {
        var copy = self
        let texts = self.translatableTexts
        let before = previous.map { Dictionary($0.translatableTexts.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
        for (language, translation) in self.translations {
            var sources: [String: String] = [:]
            let earlier = previous?.translations[language]
            for text in texts {
                guard let value = translation.text(for: text) else { continue }
                if !confirming, let earlier, let old = before[text.path], earlier.text(for: old) == value {
                    sources[text.path] = earlier.sources[text.path] ?? old.original
                } else {
                    sources[text.path] = text.original
                }
            }
            copy.translations[language]?.sources = sources
        }
        return copy
    }
}
