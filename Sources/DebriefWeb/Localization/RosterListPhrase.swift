import Debrief
import Foundation

/// The roster's pasted list (issue 68 a, ``RosterPaste``) in each ``Language``; read by
/// templates as `{{t.name}}` like ``Phrase``.
enum RosterListPhrase: String, CaseIterable, Sendable {
    case rosterListLabel, rosterListHint, rosterListButton, rosterListRefused, rosterListLineProblem

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .rosterListLabel: return ("Paste a list", "목록 붙여넣기")
        case .rosterListHint:
            return ("One member per line: Name <address>, Name, address, an address, or a name. Up to 500 at once; if a line is wrong, nothing is added.",
                    "한 줄에 한 명씩: 이름 <주소>, 이름, 주소, 주소만, 또는 이름만. 한 번에 500명까지. 잘못된 줄이 있으면 아무도 추가하지 않아요.")
        case .rosterListButton: return ("Add everyone", "모두 추가")
        case .rosterListRefused: return ("Nothing was added. Fix these lines and add the list again:", "아무도 추가하지 않았어요. 아래 줄을 고친 뒤 다시 추가해 주세요.")
        case .rosterListLineProblem: return ("Line {n}: {problem}", "{n}번째 줄: {problem}")
        }
    }
}

extension RosterListPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the roster's pasted list, with `{name}` placeholders filled.
    func callAsFunction(_ phrase: RosterListPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
