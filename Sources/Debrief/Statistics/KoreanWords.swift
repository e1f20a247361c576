/// Korean-specific folding for word counts: Korean attaches particles to nouns
/// ("회의" + "는"), which would otherwise split one topic over many spellings.
public enum KoreanWords: Sendable {
    /// Trailing particles, longest first so "에서" wins over "에".
    static let particles = ["에서", "으로", "은", "는", "이", "가", "을", "를", "의", "에", "로", "와", "과", "도"]

    /// `word` without one trailing particle, when `word` is 2+ Hangul syllables and what
    /// remains is still 2+ syllables ("회의는" → "회의", but "제가" stays, as would the
    /// one-syllable stem "제"). A heuristic: nouns that happen to end in a particle
    /// syllable ("고양이") are clipped too; a morphological analyser would be needed to
    /// do better.
    public static func strippingParticle(_ word: String) -> String {
        let syllables = Array(word.unicodeScalars)
        guard syllables.count >= 2, syllables.allSatisfy(isHangulSyllable) else { return word }
        for particle in particles where word.hasSuffix(particle) {
            let remaining = syllables.count - particle.unicodeScalars.count
            if remaining >= 2 {
                return String(String.UnicodeScalarView(syllables.prefix(remaining)))
            }
        }
        return word
    }

    /// Precomposed Hangul syllables (가…힣); NFC guarantees Korean text uses them.
    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }
}
