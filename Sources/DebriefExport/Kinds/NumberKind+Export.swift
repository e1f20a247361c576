import Debrief

extension NumberKind: ExportKindPart {
    /// A trend row carries the session's mean and its interval, like a rating's.
    static let trendHasMean = true
    static let trendHasCategories = false
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { nil }

    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [nil, nil, nil, nil, nil, nil]
    }
}
