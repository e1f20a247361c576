import Debrief
import Foundation

/// The roster's words about which session its attendance is for (docs/decisions/0083: the
/// session happening now, else the previous one; never a planned one), in each ``Language``;
/// read by templates as `{{t.name}}` like ``Phrase``.
enum RosterClockPhrase: String, CaseIterable, Sendable {
    case rosterPlannedSession, rosterNothingBegun, rosterPresentAt

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .rosterPlannedSession:
            return ("Session {planned} has not begun: this is the attendance of session {n}, the one happening now or the last one.",
                    "{planned}회차는 아직 시작하지 않았어요. 지금 진행 중이거나 가장 최근인 {n}회차의 출석이에요.")
        case .rosterNothingBegun:
            return ("No session has begun yet: attendance is taken from an hour before a session starts.",
                    "아직 시작한 회차가 없어요. 출석은 회차 시작 한 시간 전부터 받아요.")
        case .rosterPresentAt: return ("present at session {n}", "{n}회차 출석")
        }
    }
}

extension RosterClockPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the roster's session, with `{name}` placeholders filled.
    func callAsFunction(_ phrase: RosterClockPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
