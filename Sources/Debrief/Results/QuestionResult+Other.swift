extension QuestionResult {
    /// The index in `chart.rows` of the participants' own ("Other") answers of a choice that
    /// allows them: always the last row. Nil when there is none. A host's option may itself be
    /// called "other", so the row is found by position, not by its id or label.
    public var otherRowIndex: Int? {
        guard self.kind == .choice, self.otherTexts != nil, !self.chart.rows.isEmpty else { return nil }
        return self.chart.rows.count - 1
    }
}
