import DebriefCharts

extension Language {
    /// The charts of a page speak the page's language.
    var chartLanguage: ChartLanguage {
        switch self {
        case .en: return .english
        case .ko: return .korean
        }
    }
}
