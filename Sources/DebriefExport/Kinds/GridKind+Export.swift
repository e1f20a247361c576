import Debrief

extension GridKind: ExportKindPart {
    static let trendHasMean = false
    static let trendHasCategories = true
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { point.statementMeans }

    /// `statement`, `statement_label`, `statement_mean`.
    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [nil, nil, nil, category, label, value]
    }
}
