import Debrief

extension DateKind: ExportKindPart {
    /// A trend row carries the session's respondents: days have no mean to follow.
    static let trendHasMean = false
    static let trendHasCategories = false
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { nil }

    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [nil, nil, nil, nil, nil, nil]
    }
}
