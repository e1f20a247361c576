import Testing
@testable import Debrief

@Suite("Statistics: word frequencies")
struct WordFrequencyTests {
    @Test("English: case-folded, stop words, numbers and single letters dropped, sorted")
    func english() {
        let result = WordFrequency.count(texts: [
            "The coffee was great, the COFFEE was hot!",
            "Great talks; coffee too cold. 2024 a b x",
            "Don’t change the coffee. I don't mind.",
        ], limit: 10)
        #expect(result == [
            WordCount(word: "coffee", count: 4),
            WordCount(word: "great", count: 2),
            WordCount(word: "change", count: 1),
            WordCount(word: "cold", count: 1),
            WordCount(word: "hot", count: 1),
            WordCount(word: "mind", count: 1),
            WordCount(word: "talks", count: 1),
        ])
    }

    @Test("The limit keeps the most frequent words; ties break alphabetically")
    func limit() {
        let texts = ["zebra apple zebra mango apple kiwi"]
        #expect(WordFrequency.count(texts: texts, limit: 3) == [
            WordCount(word: "apple", count: 2), WordCount(word: "zebra", count: 2), WordCount(word: "kiwi", count: 1),
        ])
        #expect(WordFrequency.count(texts: texts, limit: 0) == [])
    }

    @Test("A text given many times counts every time")
    func repeatedTexts() {
        let texts = Array(repeating: "Useful, thanks — 회의가 👍", count: 700) + ["Useful talk"]
        #expect(WordFrequency.count(texts: texts, limit: 4) == [
            WordCount(word: "useful", count: 701), WordCount(word: "thanks", count: 700), WordCount(word: "회의", count: 700),
            WordCount(word: "talk", count: 1),
        ])
    }

    @Test("Korean: particles stripped, stop words removed")
    func korean() {
        let result = WordFrequency.count(texts: [
            "회의는 정말 유익했습니다",
            "회의가 너무 길었지만 발표는 유익했습니다",
            "우리는 발표를 더 원합니다. 제가 그리고",
        ], limit: 10)
        #expect(result == [
            WordCount(word: "발표", count: 2),
            WordCount(word: "유익했습니다", count: 2),
            WordCount(word: "회의", count: 2),
            WordCount(word: "길었지만", count: 1),
            WordCount(word: "원합니다", count: 1),
        ])
    }

    @Test("Particle stripping keeps stems of at least two syllables")
    func particles() {
        #expect(KoreanWords.strippingParticle("학교에서") == "학교")
        #expect(KoreanWords.strippingParticle("서울로") == "서울")
        #expect(KoreanWords.strippingParticle("사과") == "사과")     // "과" would leave one syllable
        #expect(KoreanWords.strippingParticle("커피를") == "커피")
        #expect(KoreanWords.strippingParticle("coffee는") == "coffee는") // not all Hangul
    }

    @Test("Mixed scripts, accents and emoji split correctly")
    func mixed() {
        #expect(WordFrequency.words(in: "Café👍🏽naïve — mp3 co-op 'quoted' 3.5") == ["café", "naïve", "mp3", "co", "op", "quoted"])
        #expect(WordFrequency.words(in: "Cafe\u{301}") == ["café"])
    }

    @Test("ASCII texts take a byte-wise path that tokenizes exactly as the Unicode one")
    func asciiPathMatchesTheUnicodePath() {
        let alphabet = Array("aZ09'' -_.,!?\t\n\"\\/:;()[]{}@#$%^&*+=<>|~`".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var texts = ["", "'", "''", "don't 'quoted' it's", "Ship IT!! v2.0 -- A/B test", "'''a'''", "x'y'z"]
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int((state >> 40) % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        for text in texts {
            #expect(WordFrequency.asciiTokens(in: text) == WordFrequency.unicodeTokens(in: text), "\(text.debugDescription)")
        }
        #expect(WordFrequency.asciiTokens(in: "café") == nil)
    }
}
