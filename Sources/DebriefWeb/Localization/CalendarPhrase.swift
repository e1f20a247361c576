import Debrief
import Foundation

/// The fixed text of the calendar pages (`/m/{id}/calendar`, `/m/from-calendar`) and the
/// "add to my calendar" links, in each ``Language``: read by templates as `{{t.name}}`.
enum CalendarPhrase: String, CaseIterable, Sendable {
    case calendarLink, calendarHeading, addToCalendar, calendarSessionBody
    case feedHeading, feedBody, feedNone, feedActiveSince, feedMakeButton, feedRotateButton, feedRevokeButton
    case feedIssued, feedRevoked, feedUrlLabel, feedOwnerOnly
    case fromCalendarLink, fromCalendarHeading, fromCalendarBody, fromCalendarIcsLabel, fromCalendarIcsHint
    case fromCalendarOr, fromCalendarRuleLabel, fromCalendarRuleHint, fromCalendarButton, fromCalendarZone
    case fromCalendarFileLabel, fromCalendarFileHint, fromCalendarFileTooLarge, fromCalendarFileNotText
    case repeatsLabel, repeatsHint, repeatsNone, repeatsWeekly, repeatsEveryTwoWeeks, repeatsMonthly, repeatsFromCalendarLink

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .calendarLink: return ("Calendar", "캘린더")
        case .calendarHeading: return ("Calendar: {title}", "캘린더: {title}")
        case .addToCalendar: return ("Add to my calendar", "내 캘린더에 추가")
        case .calendarSessionBody: return ("Download this session as an .ics file, with the participant link in its description.", "이 회차를 .ics 파일로 내려받아요. 설명에 참여 링크가 들어 있어요.")
        case .feedHeading: return ("Subscribe to the series", "시리즈 구독")
        case .feedBody: return ("A private address your calendar application subscribes to: every session of this series, kept up to date, cancelled ones marked. It shows titles, times, places and links, never answers. Anyone with the address can read it: keep it private.", "캘린더 앱이 구독하는 비공개 주소예요. 이 시리즈의 모든 회차가 최신 상태로 나오고, 취소된 회차는 취소로 표시돼요. 제목, 시간, 장소, 링크만 보이고 응답은 보이지 않아요. 주소를 아는 사람은 누구나 읽을 수 있으니 비공개로 두세요.")
        case .feedNone: return ("This series has no calendar address.", "이 시리즈에는 캘린더 주소가 없어요.")
        case .feedActiveSince: return ("A calendar address is active since {date}.", "{date}부터 캘린더 주소가 사용 중이에요.")
        case .feedMakeButton: return ("Make a calendar address", "캘린더 주소 만들기")
        case .feedRotateButton: return ("Make a new address (the old one stops working)", "새 주소 만들기 (이전 주소는 더 이상 동작하지 않아요)")
        case .feedRevokeButton: return ("Revoke the address", "주소 폐기")
        case .feedIssued: return ("Copy the address now: it is shown only once.", "지금 주소를 복사하세요. 한 번만 보여요.")
        case .feedRevoked: return ("The calendar address was revoked.", "캘린더 주소를 폐기했어요.")
        case .feedUrlLabel: return ("Calendar address", "캘린더 주소")
        case .feedOwnerOnly: return ("Only the series' owner makes and revokes its calendar address.", "캘린더 주소는 시리즈 소유자만 만들고 폐기할 수 있어요.")
        case .fromCalendarLink: return ("New series from a calendar event", "캘린더 일정으로 새 시리즈")
        case .fromCalendarHeading: return ("New series from a calendar event", "캘린더 일정으로 새 시리즈 만들기")
        case .fromCalendarBody: return ("Debrief plans a session for each repetition within 26 weeks of the first (at most 100), at the same local time across daylight saving time. Supported: daily, weekly (every other week: INTERVAL=2), monthly by weekday (BYDAY=2TU, -1FR), COUNT or UNTIL, EXDATE.", "첫 회차부터 26주 안의 반복마다 회차를 하나씩 계획해요(최대 100회). 서머타임이 바뀌어도 같은 현지 시각을 지켜요. 지원: 매일, 매주(격주: INTERVAL=2), 매월 요일(BYDAY=2TU, -1FR), COUNT 또는 UNTIL, EXDATE.")
        case .fromCalendarIcsLabel: return ("The .ics file's text", ".ics 파일의 내용")
        case .fromCalendarIcsHint: return ("Export the event from your calendar, open the .ics file and paste it here.", "캘린더에서 일정을 내보내고 .ics 파일을 열어 여기에 붙여 넣으세요.")
        case .fromCalendarOr: return ("Or type the rule", "또는 규칙을 직접 입력")
        case .fromCalendarRuleLabel: return ("Repeat rule (RRULE)", "반복 규칙 (RRULE)")
        case .fromCalendarRuleHint: return ("For example FREQ=WEEKLY;INTERVAL=2;COUNT=6", "예: FREQ=WEEKLY;INTERVAL=2;COUNT=6")
        case .fromCalendarButton: return ("Plan the series", "시리즈 계획하기")
        case .fromCalendarZone: return ("Times are in {zone}.", "시간대: {zone}")
        case .fromCalendarFileLabel: return ("A calendar file (.ics)", "캘린더 파일 (.ics)")
        case .fromCalendarFileHint: return ("Export the event from your calendar and choose the file; or paste its text below.", "캘린더에서 일정을 내보내 파일을 고르세요. 또는 아래에 내용을 붙여 넣으세요.")
        case .fromCalendarFileTooLarge: return ("The file is larger than {kib} KiB; export only the one event.", "파일이 {kib}KiB보다 커요. 일정 하나만 내보내세요.")
        case .fromCalendarFileNotText: return ("The file is not a text calendar file (UTF-8).", "텍스트 캘린더 파일(UTF-8)이 아니에요.")
        case .repeatsLabel: return ("Repeats", "반복")
        case .repeatsHint: return ("A repeating meeting is a series: every session within 26 weeks is planned now, each with the series' form, and \"Next session\" follows the schedule.", "반복하는 모임은 시리즈가 돼요. 26주 안의 회차를 지금 모두 계획하고, 회차마다 시리즈의 설문지가 들어가며, '다음 회차'는 일정을 따라요.")
        case .repeatsNone: return ("Does not repeat", "반복 안 함")
        case .repeatsWeekly: return ("Every week", "매주")
        case .repeatsEveryTwoWeeks: return ("Every two weeks", "2주마다")
        case .repeatsMonthly: return ("Every month, on the same weekday (the second Tuesday, say)", "매월 같은 번째 같은 요일 (예: 둘째 화요일)")
        case .repeatsFromCalendarLink: return ("Start a series from a calendar file", "캘린더 파일로 시리즈 시작하기")
        }
    }
}
