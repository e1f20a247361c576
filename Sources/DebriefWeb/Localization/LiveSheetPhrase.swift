import Debrief
import Foundation

/// The fixed text of the live sheet page (`/m/{id}/sheet`, docs/decisions/0101-live-sheet.md), in
/// each ``Language``: read by templates as `{{t.name}}`.
enum LiveSheetPhrase: String, CaseIterable, Sendable, PairedPhraseTable {
    case sheetLink, sheetHeading, sheetBody, sheetPrivacy, sheetNone, sheetActiveSince, sheetOwnerOnly
    case sheetMakeButton, sheetRotateButton, sheetRevokeButton, sheetIssued, sheetRevoked
    case sheetUrlLabel, sheetFormulaLabel, sheetFormulaHint

    var texts: (en: String, ko: String) {
        switch self {
        case .sheetLink: return ("Live sheet", "실시간 시트")
        case .sheetHeading: return ("Live sheet: {title}", "실시간 시트: {title}")
        case .sheetBody: return ("A private CSV address a spreadsheet reads and keeps up to date: the series' results summary, one row per session, question and answer category, with counts, percents and each rating's mean and median. Paste it into Google Sheets with IMPORTDATA, or into Excel with Data › From Web (Power Query).", "스프레드시트가 읽어 최신 상태로 유지하는 비공개 CSV 주소예요. 시리즈의 결과 요약이 회차, 질문, 응답 항목마다 한 줄씩, 개수와 비율, 평점의 평균과 중앙값과 함께 나와요. Google 스프레드시트에서는 IMPORTDATA로, Excel에서는 데이터 › 웹에서(파워 쿼리)로 붙여 넣으세요.")
        case .sheetPrivacy: return ("It shows what an export shows: numbers the privacy rule withholds stay withheld. Anyone with the address can read it: keep it private. It stops when you revoke it, or when its maker may no longer edit the series.", "내보내기와 같은 내용만 보여요. 개인정보 보호 규칙이 가린 숫자는 계속 가려져요. 주소를 아는 사람은 누구나 읽을 수 있으니 비공개로 두세요. 폐기하거나 만든 사람이 시리즈를 더 이상 편집할 수 없게 되면 멈춰요.")
        case .sheetNone: return ("This series has no live sheet.", "이 시리즈에는 실시간 시트가 없어요.")
        case .sheetActiveSince: return ("A live sheet address is active since {date}.", "{date}부터 실시간 시트 주소가 사용 중이에요.")
        case .sheetOwnerOnly: return ("Only the series' owner makes and revokes its live sheet.", "실시간 시트는 시리즈 소유자만 만들고 폐기할 수 있어요.")
        case .sheetMakeButton: return ("Make a live sheet address", "실시간 시트 주소 만들기")
        case .sheetRotateButton: return ("Make a new address (the old one stops working)", "새 주소 만들기 (이전 주소는 더 이상 동작하지 않아요)")
        case .sheetRevokeButton: return ("Revoke the address", "주소 폐기")
        case .sheetIssued: return ("Copy the address now: it is shown only once.", "지금 주소를 복사하세요. 한 번만 보여요.")
        case .sheetRevoked: return ("The live sheet address was revoked.", "실시간 시트 주소를 폐기했어요.")
        case .sheetUrlLabel: return ("Sheet address (CSV)", "시트 주소 (CSV)")
        case .sheetFormulaLabel: return ("Google Sheets formula", "Google 스프레드시트 수식")
        case .sheetFormulaHint: return ("Paste it into cell A1 of an empty sheet; Google refreshes it about every hour.", "빈 시트의 A1 셀에 붙여 넣으세요. Google이 대략 한 시간마다 새로 고쳐요.")
        }
    }
}
