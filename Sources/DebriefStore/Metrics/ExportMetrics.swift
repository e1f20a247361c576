import Metrics

/// CSV leaving through exports (CLI and HTTP alike), per layout: `debrief_export_rows_total` and
/// `debrief_export_bytes_total`. Header rows are not counted; the byte order mark is.
public struct ExportMetrics: Sendable {
    struct Layout: Sendable {
        let rows: Counter
        let bytes: Counter
    }

    private let layouts: [ExportLayout.Name: Layout]

    public init(factory: any MetricsFactory = MetricsSystem.factory) {
        var layouts: [ExportLayout.Name: Layout] = [:]
        for name in ExportLayout.Name.allCases {
            let dimensions = [("layout", name.rawValue)]
            layouts[name] = Layout(
                rows: Counter(label: "debrief_export_rows_total", dimensions: dimensions, factory: factory),
                bytes: Counter(label: "debrief_export_bytes_total", dimensions: dimensions, factory: factory))
        }
        self.layouts = layouts
    }

    func layout(_ name: ExportLayout.Name) -> Layout? {
        self.layouts[name]
    }
}
