/// The results in a participant's language: the host's words of the report (prompts, options,
/// grid statements) as the form's translation has them, the numbers untouched.
///
/// The report is counted once, in the form's own words, and shared by every viewer (decision
/// 19); a participant who read the form in Korean reads its results in Korean too. The words
/// come from ``FormDefinition/localized(to:)``, the one owner of a form's texts in a language,
/// so the results say exactly what the form said. Only the questions of `form`'s version are
/// relabelled: an earlier version's question (``ResultsReport/earlierQuestions``) keeps its words.
extension ResultsReport {
    public func localized(to language: LanguageTag, form: FormDefinition) -> ResultsReport {
        guard language != form.language, form.translations[language] != nil else { return self }
        let questions = Dictionary(form.localized(to: language).questions.map { ($0.key.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        var copy = self
        copy.questions = self.questions.map { result in questions[result.key].map { result.relabelled(by: $0) } ?? result }
        return copy
    }
}

extension QuestionResult {
    /// The result with `question`'s words (same key, another language): its prompt, its chart's
    /// labels of options (a choice) or statements (a grid), and its statements' labels.
    func relabelled(by question: Question) -> QuestionResult {
        var copy = self
        copy.prompt = question.prompt
        // The host's words a chart names its categories by (options, statements) are what a
        // trend follows too: the kind's descriptor names them, with no switch on the kind here.
        guard let items = question.kind.descriptor.trendCategories(of: question.body)?.items else { return copy }
        let labels = Dictionary(items.map { ($0.id, $0.label) }, uniquingKeysWith: { first, _ in first })
        copy.chart = self.chart.relabelled(labels)
        copy.statements = self.statements?.map { statement in
            var statement = statement
            statement.label = labels[statement.key] ?? statement.label
            return statement
        }
        return copy
    }
}

extension ChartSeries {
    /// The series with each category found in `labels` (category → label) relabelled.
    func relabelled(_ labels: [String: String]) -> ChartSeries {
        var copy = self
        copy.rows = self.rows.map { row in
            var row = row
            row.label = labels[row.category] ?? row.label
            return row
        }
        copy.labels = copy.rows.count == self.labels.count ? copy.rows.map(\.label) : self.labels
        return copy
    }
}
