import Debrief

/// What the computed layouts ask of a question kind (docs/decisions/0065): how its trend reads in
/// the `trends` layout. Each kind adopts it in `<Kind>+Export.swift`; ``QuestionKind``'s `export`
/// finds it, and `ExportKindPartTests` proves every registered kind has one.
protocol ExportKindPart: QuestionKindDescriptor {
    /// Whether a trend row carries the mean and its interval.
    static var trendHasMean: Bool { get }
    /// Whether the trend has a row per category (option or statement) in each session, rather than one.
    static var trendHasCategories: Bool { get }
    /// A session's value per category (option shares, statement means), if any.
    static func trendCategoryValues(_ point: QuestionTrend.Point) -> [String: Double]?
    /// The category cells of one row: `option`, `option_label`, `share`, `statement`,
    /// `statement_label`, `statement_mean`.
    static func trendCategoryCells(_ category: String, label: String?, value: String?) -> [String?]
}

extension QuestionKind {
    /// This kind's export part (nil only for a kind registered without one, which a test refuses).
    var export: (any ExportKindPart.Type)? { self.descriptor as? any ExportKindPart.Type }
}
