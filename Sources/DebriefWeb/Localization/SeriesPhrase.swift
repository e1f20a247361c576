import Debrief
import Foundation

/// The fixed text of a series' stable code (docs/decisions/0050) and of a participant changing
/// their answers (issue 32 items 14 and 16), in each ``Language``; read by templates as
/// `{{t.name}}` like ``Phrase``.
enum SeriesPhrase: String, CaseIterable, Sendable {
    // The participant's page of a series code with no open session
    case seriesNoSessionHeading, seriesNoSessionBody, seriesNextSession, seriesNoNextSession
    case seriesPreviousFormOpen, seriesPreviousFormLink
    // The host's meeting page
    case seriesLinkHeading, seriesLinkHint, sessionLinkHeading, seriesQRTitle
    // A participant changing their answers
    case changingAnswersNote
    // A form opened from a tap in a roster message (decision 103)
    case oneTapFilledNote

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .seriesNoSessionHeading: return ("No session is open right now", "지금 열린 세션이 없어요")
        case .seriesNoSessionBody:
            return ("This link always opens the current session of the meeting, and none takes answers at the moment.", "이 링크는 언제나 이 모임의 지금 세션을 열어요. 지금은 답변을 받는 세션이 없어요.")
        case .seriesNextSession: return ("The next session starts {time}. This link opens it from an hour before.", "다음 세션은 {time}에 시작해요. 이 링크는 시작 한 시간 전부터 그 세션을 열어요.")
        case .seriesNoNextSession: return ("No next session is planned yet.", "아직 다음 세션이 잡혀 있지 않아요.")
        case .seriesPreviousFormOpen:
            return ("The form of the previous session still takes answers.", "지난 세션의 설문은 아직 답변을 받고 있어요.")
        case .seriesPreviousFormLink: return ("Answer the previous session's form", "지난 세션 설문에 답하기")
        case .seriesLinkHeading: return ("Every session", "모든 세션")
        case .seriesLinkHint:
            return ("This link and QR code always open the current session: print it once for the whole series.", "이 링크와 QR 코드는 언제나 지금 세션을 열어요. 시리즈 전체에 한 번만 인쇄하면 돼요.")
        case .sessionLinkHeading: return ("This session", "이번 세션")
        case .seriesQRTitle: return ("QR code of the series link", "시리즈 링크 QR 코드")
        case .oneTapFilledNote:
            return ("Your answer from the message is filled in: check it, then press Send.", "메일에서 고른 답이 채워져 있어요. 확인하고 보내기를 눌러 주세요.")
        case .changingAnswersNote:
            return ("You are changing your answers: sending replaces the ones you sent before.", "답변을 바꾸고 있어요. 보내면 전에 보낸 답변을 대신해요.")
        }
    }
}

extension SeriesPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of series codes and changed answers, with `{name}` placeholders filled.
    func callAsFunction(_ phrase: SeriesPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
