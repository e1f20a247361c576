import Debrief

/// The dashboard's block about embedding the form and the room's results in another site
/// (docs/decisions/0068), in English and Korean.
enum EmbedPhrase: String, CaseIterable, Sendable {
    case embedHeading, embedFormLabel, embedResultsLabel, embedHint, embedOff

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .embedHeading: return ("Embed in another site", "다른 사이트에 넣기")
        case .embedFormLabel: return ("The form (HTML to paste into the page)", "설문 (페이지에 붙여 넣을 HTML)")
        case .embedResultsLabel: return ("The room's results", "함께 보는 결과")
        case .embedHint:
            return (
                "These pages may be framed only by the sites this server lists ({origins}); anywhere else the frame stays empty.",
                "이 페이지는 서버에 등록된 사이트({origins})에서만 프레임으로 보여요. 다른 곳에서는 프레임이 비어 있어요."
            )
        case .embedOff:
            return (
                "Embedding is off: no site may frame these pages. An administrator turns it on by listing the sites that may, with --embed-origins (DEBRIEF_EMBED_ORIGINS), for example https://intranet.example.com.",
                "다른 사이트에 넣기가 꺼져 있어요. 어떤 사이트도 이 페이지를 프레임으로 보여 줄 수 없어요. 관리자가 --embed-origins (DEBRIEF_EMBED_ORIGINS)에 허용할 사이트를 적으면 켜져요. 예: https://intranet.example.com"
            )
        }
    }
}

extension EmbedPhrase: PhraseTable {}

extension Localizer {
    /// A phrase of the embedding block, with its `{origins}` filled.
    func callAsFunction(_ phrase: EmbedPhrase, _ values: [String: String] = [:]) -> String {
        values.reduce(phrase.text(self.language)) { text, value in
            text.replacingOccurrences(of: "{\(value.key)}", with: value.value)
        }
    }
}
