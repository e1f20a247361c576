import Debrief
import Foundation

/// The words of the host's home page (`/m`, issue 68 goal 7): the nearest meeting, how long until
/// it starts, its growing QR code, and which session each series shows first. Read by templates
/// as `{{t.name}}` like ``Phrase``.
enum HomePhrase: String, CaseIterable, PairedPhraseTable {
    case homeNearestHeading, homeNothingAhead, homeRunningNow, homeStartsIn
    case homeMinute, homeMinutes, homeHour, homeHours, homeDay, homeDays
    case homePresenterLink, homeQRGrows, homeQRUp, homeNoForm
    case homeNowBadge, homeNextBadge, homeLastBadge, homeAllSessions

    var texts: (en: String, ko: String) {
        switch self {
        case .homeNearestHeading: return ("Your nearest meeting", "가장 가까운 회의")
        case .homeNothingAhead: return ("No meeting is planned ahead.", "앞으로 잡힌 회의가 없어요.")
        case .homeRunningNow: return ("Running now", "지금 진행 중")
        case .homeStartsIn: return ("Starts in {time}", "{time} 후 시작")
        case .homeMinute: return ("1 minute", "1분")
        case .homeMinutes: return ("{n} minutes", "{n}분")
        case .homeHour: return ("1 hour", "1시간")
        case .homeHours: return ("{n} hours", "{n}시간")
        case .homeDay: return ("1 day", "1일")
        case .homeDays: return ("{n} days", "{n}일")
        case .homePresenterLink: return ("Show the QR code to the room", "회의실에 QR 코드 보여 주기")
        case .homeQRGrows:
            return ("The QR code grows an hour before the meeting starts, large enough to scan from the back of the room.", "QR 코드는 회의 시작 한 시간 전에 회의실 뒤에서도 찍을 수 있게 커져요.")
        case .homeQRUp: return ("Scan to answer", "찍어서 답하기")
        case .homeNoForm: return ("This session has no published form yet.", "이 회차에는 아직 공개된 설문이 없어요.")
        case .homeNowBadge: return ("Now", "지금")
        case .homeNextBadge: return ("Next", "다음")
        case .homeLastBadge: return ("Last", "지난 회차")
        case .homeAllSessions: return ("All {n} sessions", "{n}회차 모두 보기")
        }
    }
}
