extension FormDefinition {
    /// The language to record for a response that says it was given in `raw` (the submission's
    /// `language`): one of the form's languages, its own when absent. Nil when the form speaks
    /// only one language: that language is the form's, and nothing needs storing per response.
    /// A language the form does not have is a problem at `language`.
    public func responseLanguage(_ raw: String?, into problems: inout ProblemCollector) -> LanguageTag? {
        var language = self.language
        if let raw {
            guard let tag = LanguageTag(rawValue: raw), self.languages.contains(tag) else {
                problems.add("language", "must be one of \(self.languages.map(\.rawValue).joined(separator: ", "))")
                return nil
            }
            language = tag
        }
        return self.translations.isEmpty ? nil : language
    }
}
