/// One chart-ready series: categories with a count and a percentage each.
///
/// The same shape serves every chart (choice options, rating values, words, minutes) so one
/// renderer draws them all. It carries the data twice, so no client has to reshape it:
/// `labels` + `datasets` feed Chart.js and ECharts directly; `rows` is a tidy table (one record per
/// category) for Vega-Lite and Swift Charts. `unit` and `total` say what is counted and what
/// the percentages are of. It holds no id (``EncodesLowercaseIDs``): text and numbers only.
public struct ChartSeries: Sendable, Equatable, Encodable, EncodesLowercaseIDs {
    public struct Dataset: Sendable, Equatable, Encodable {
        public var label: String
        public var unit: String
        /// One value per label; null where a value is withheld.
        public var data: [Double?]
    }

    public struct Row: Sendable, Equatable, Encodable {
        /// A stable key for the category (option id, scale value, word, minute).
        public var category: String
        public var label: String
        public var count: Int?
        public var percent: Double?
    }

    /// What `count` counts, e.g. `respondents`, `answers`, `responses`.
    public var unit: String
    /// What the percentages are of; null when even that is withheld (``hidingTotal()``).
    public var total: Int?
    public var totalDescription: String
    public var labels: [String]
    public var datasets: [Dataset]
    public var rows: [Row]

    /// Builds the series from (category, label, count) in display order; percentages are of `total`.
    public init(unit: String, total: Int, totalDescription: String, categories: [(category: String, label: String, count: Int)]) {
        self.unit = unit
        self.total = total
        self.totalDescription = totalDescription
        self.labels = categories.map(\.label)
        let percents = categories.map { Self.rounded(Statistics.percentage(part: $0.count, of: total)) }
        self.datasets = [
            Dataset(label: "count", unit: unit, data: categories.map { Double($0.count) }),
            Dataset(label: "percent", unit: "percent", data: percents),
        ]
        self.rows = zip(categories, percents).map { Row(category: $0.category, label: $0.label, count: $0.count, percent: $1) }
    }

    /// The same series with every value removed, for groups too small to show.
    ///
    /// `keepingCategories` keeps categories the host defined (options, scale values) so a chart
    /// can still draw its empty axis; without it the categories go too, because they came from
    /// participants (the words of short answers) and are themselves what must not be shown.
    public func withheld(keepingCategories: Bool) -> ChartSeries {
        var copy = self
        guard keepingCategories else {
            copy.labels = []
            copy.datasets = copy.datasets.map { Dataset(label: $0.label, unit: $0.unit, data: []) }
            copy.rows = []
            return copy
        }
        copy.datasets = copy.datasets.map { Dataset(label: $0.label, unit: $0.unit, data: $0.data.map { _ in nil }) }
        copy.rows = copy.rows.map { Row(category: $0.category, label: $0.label, count: nil, percent: nil) }
        return copy
    }

    /// The same series without its total, for a group whose very size is withheld.
    public func hidingTotal() -> ChartSeries {
        var copy = self
        copy.total = nil
        return copy
    }

    /// Percentages keep one decimal: enough for a chart, and stable in JSON.
    public static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
