/// The fixed text of the printed reports (`/m/{id}/report`, `/m/{id}/trends/report`; issue 71
/// goal 5), in each ``Language``: read by templates as `{{t.name}}`.
enum ReportPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case reportLink, seriesReportLink, reportHeading, seriesReportHeading, reportPaper, reportPrintHint, reportBack

    var texts: (en: String, ko: String) {
        switch self {
        case .reportLink: return ("Report to print", "인쇄용 보고서")
        case .seriesReportLink: return ("Series report to print", "시리즈 인쇄용 보고서")
        case .reportHeading: return ("Report: {title}", "보고서: {title}")
        case .seriesReportHeading: return ("Series report: {title}", "시리즈 보고서: {title}")
        case .reportPaper: return ("Paper:", "용지:")
        case .reportPrintHint:
            return ("Print this page or save it as PDF from the browser's Print menu.", "브라우저의 인쇄 메뉴에서 이 페이지를 인쇄하거나 PDF로 저장하세요.")
        case .reportBack: return ("Back to the page", "페이지로 돌아가기")
        }
    }
}
