import Debrief

extension RankingKind: ExportKindPart {
    static let trendHasMean = false
    static let trendHasCategories = true
    /// Each option's share of the session's Borda points.
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { point.optionShares }

    /// `option`, `option_label`, `share` (of the Borda points).
    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [category, label, value, nil, nil, nil]
    }
}
