/// Korean-specific folding for word counts: Korean attaches particles to nouns
/// ("회의" + "는"), which would otherwise split one topic over many spellings
/// ("회의는", "회의가", "회의에서" all count as "회의").
///
/// The rule (docs/results.md, "Word counts"), applied to a token's trailing particle, at most
/// twice ("회의에서는" → "회의에서" → "회의"):
/// 1. The particles are 에서, 으로, 에게, 까지, 부터 (two syllables, tried first) and
///    을, 를, 이, 가, 은, 는, 에, 로, 와, 과, 도, 만, 의.
/// 2. A particle must fit the syllable before it, as Korean spelling requires: 을, 은, 이, 과 and
///    으로 follow a final consonant (으로 not after ㄹ); 를, 는, 가, 와 follow a vowel; 로 follows
///    a vowel or ㄹ. So "전문가" (가 after 문's ㄴ) and "출근경로" (로 after 경's ㅇ) stay whole.
///    After a digit or a Latin letter ("30분으로" is 분 + 으로; "API를") any particle fits.
/// 3. What remains must still be a word: two Hangul syllables or more, or one after a two-syllable
///    particle ("집에서" → "집"), or anything that holds a digit or a Latin letter ("30분으로" →
///    "30분", "3시에" → "3시"). So "사과", "결과", "정도" and "회의" stay whole, and so do "제가"
///    and "나는", which the stop words then drop.
/// 4. A word that ends in one of a few common nouns whose last syllable looks like a particle
///    (``wholeNouns``: "고양이", "주간회의") stays whole, and so does a verb form whose ending
///    looks like one (``verbEndings``: "길었지만", "진행하는", "늦어도").
///
/// A heuristic, not a morphological analyser: a rarer noun of three or more syllables that ends
/// in a particle syllable fitting rule 2 is still clipped, as "원숭이" would be without the list.
public enum KoreanWords: Sendable {
    /// Two-syllable particles first, so "에서" wins over "에" and "으로" over "로".
    static let particles = ["에서", "으로", "에게", "까지", "부터", "을", "를", "이", "가", "은", "는", "에", "로", "와", "과", "도", "만", "의"]

    /// Nouns whose last syllable is also a particle that fits before it (rule 2), so that only
    /// this list keeps them whole in compounds or at three syllables ("주간회의", "여름휴가",
    /// "고양이"). Kept short on purpose: an entry also keeps whole every word that merely ends in
    /// it, so nouns like 정도 or 제도 are left out ("일정도" is 일정 + 도, "문제도" 문제 + 도); two-
    /// syllable nouns need no entry (rule 3), nor do nouns rule 2 already keeps ("평가", "전문가").
    static let wholeNouns = [
        "회의", "논의", "토의", "휴가", "추가", "정치가", "결과", "불만",
        "고양이", "원숭이", "호랑이", "어린이", "젊은이", "늙은이", "깨끗이",
    ]

    /// Verb endings that end in a particle syllable (rule 4): "-지만" (but), "-하는"/"-되는" (that
    /// does/becomes), "-아도"/"-어도"/"-해도" (even if). A noun + 만 after 지 ("이미지만") stays
    /// whole with them; verbs are far more common there in meeting feedback.
    static let verbEndings = ["지만", "하는", "되는", "아도", "어도", "해도"]

    /// Words kept whole by rule 4, whatever particle they end in.
    static let keptWhole = Self.wholeNouns + Self.verbEndings

    /// `word` without its trailing particles, by the rule above.
    public static func strippingParticle(_ word: String) -> String {
        // Every particle is Hangul: a word ending in anything else has none to strip. Most words
        // of most answers are not Korean, and a report's word counts run over its newest 1,000
        // texts on every recomputation (issue 37: `perf` put a quarter of the server's CPU here,
        // under one host's stream of a meeting answered thirty times a second).
        guard let last = word.unicodeScalars.last, Self.isHangulSyllable(last) else { return word }
        var scalars = Array(word.unicodeScalars)
        for _ in 0..<2 {
            guard let stem = Self.stem(of: scalars) else { break }
            scalars = stem
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// `scalars` without one trailing particle, or nil when none may be stripped.
    private static func stem(of scalars: [Unicode.Scalar]) -> [Unicode.Scalar]? {
        let word = String(String.UnicodeScalarView(scalars))
        if Self.keptWhole.contains(where: { word.hasSuffix($0) }) { return nil }
        for particle in Self.particles where word.hasSuffix(particle) {
            let length = particle.unicodeScalars.count
            let stem = Array(scalars.dropLast(length))
            guard let last = stem.last else { continue }
            let hangulStem = stem.allSatisfy(Self.isHangulSyllable)
            if hangulStem {
                guard stem.count >= (length == 2 ? 1 : 2) else { continue }
            } else if !stem.contains(where: { $0.properties.numericType != nil || Self.isLatinLetter($0) }) {
                // Neither Hangul nor a number or a Latin word before it (e.g. a Hanja stem): leave it.
                continue
            }
            guard Self.fits(particle, after: last) else { continue }
            return stem
        }
        return nil
    }

    /// Whether `particle` may follow `scalar` as Korean spelling has it (rule 2).
    static func fits(_ particle: String, after scalar: Unicode.Scalar) -> Bool {
        guard Self.isHangulSyllable(scalar) else { return true }
        let final = (scalar.value - 0xAC00) % 28 // 0: no final consonant; 8: ㄹ
        switch particle {
        case "을", "은", "이", "과": return final != 0
        case "으로": return final != 0 && final != 8
        case "를", "는", "가", "와": return final == 0
        case "로": return final == 0 || final == 8
        default: return true
        }
    }

    /// Precomposed Hangul syllables (가…힣); NFC guarantees Korean text uses them.
    static func isHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7A3).contains(scalar.value)
    }

    static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.value < 0x250
    }
}
