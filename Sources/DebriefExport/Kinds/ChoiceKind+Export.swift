import Debrief

extension ChoiceKind: ExportKindPart {
    static let trendHasMean = false
    static let trendHasCategories = true
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { point.optionShares }

    /// `option`, `option_label`, `share`.
    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [category, label, value, nil, nil, nil]
    }
}
