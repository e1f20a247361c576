import Debrief

extension RatingKind: ExportKindPart {
    static let trendHasMean = true
    static let trendHasCategories = false
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]? { nil }

    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?] {
        [nil, nil, nil, nil, nil, nil]
    }
}
