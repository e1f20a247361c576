/// Korean verb and adjective endings, stripped for grouping answers into themes: "길었다",
/// "길어요" and "길었지만" are one word ("길"), as "회의가" and "회의는" already are one
/// (``KoreanWords`` strips the particles first).
///
/// A heuristic like the particle rule, and only for grouping: a theme is named by the words as
/// written (the commonest form), never by these stems. The endings are tried longest first, one
/// of them at most, then a past-tense or mood marker (었/았/였/겠) and a final 하 ("진행했다" → "진행"),
/// each only when a Hangul syllable is left (two for 하, so "하다" alone stays a stop word).
public enum KoreanStems: Sendable {
    /// Common sentence and connective endings of meeting feedback, polite and plain.
    static let endings = [
        "해주세요", "주세요", "겠어요", "했습니다", "었습니다", "았습니다", "습니다", "했어요", "었어요", "았어요", "였어요",
        "해요", "세요", "어요", "아요",
        "지만", "는데", "어서", "아서", "해서", "으면", "면서", "하고", "었고", "았고", "했고", "었다", "았다", "였다",
        "했다", "어야", "아야", "고", "다",
    ]

    /// Tense and mood markers left before an ending: past (었/았/였) and "would" (겠, "좋겠어요").
    static let pastMarkers: [Character] = ["었", "았", "였", "겠"]

    /// The stem of a word (already folded by ``WordFrequency``); a word that is not Hangul is unchanged.
    public static func stem(_ word: String) -> String {
        guard let last = word.unicodeScalars.last, KoreanWords.isHangulSyllable(last) else { return word }
        var characters = Array(word)
        if let ending = Self.endings.first(where: { word.hasSuffix($0) && characters.count > $0.count }) {
            characters.removeLast(ending.count)
        }
        if characters.count > 1, let final = characters.last {
            if Self.pastMarkers.contains(final) {
                characters.removeLast()
            } else if final == "했" {
                characters[characters.count - 1] = "하"
            }
        }
        if characters.count > 2, characters.last == "하" { characters.removeLast() }
        return String(characters)
    }
}
