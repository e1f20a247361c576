import Testing
@testable import Debrief

@Suite("Statistics: word frequencies")
struct WordFrequencyTests {
    @Test("English: case-folded, stop words, numbers and single letters dropped, once per answer, sorted")
    func english() {
        let result = WordFrequency.count(texts: [
            "The coffee was great, the COFFEE was hot!",
            "Great talks; coffee too cold. 2024 a b x",
            "Don’t change the coffee. I don't mind.",
        ], limit: 10)
        #expect(result == [
            WordCount(word: "coffee", count: 3),
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
        let texts = ["zebra apple", "zebra mango", "apple kiwi"]
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
        #expect(KoreanWords.strippingParticle("coffee는") == "coffee") // a Latin word takes particles too
    }

    /// Issue 32 item 8: "시간을" lost its particle but "30분으로" kept it. Real phrases from
    /// retro answers, each token with what it is counted as (docs/results.md, "Word counts").
    static let koreanPhrases: [(String, String)] = [
        // Each particle, after the syllable it may follow.
        ("시간을", "시간"), ("회의를", "회의"), ("발표가", "발표"), ("아이디어가", "아이디어"), ("공유가", "공유"),
        ("진행이", "진행"), ("안건은", "안건"), ("회고는", "회고"), ("오전에", "오전"), ("회의실에서", "회의실"),
        ("마지막으로", "마지막"), ("서울로", "서울"), ("슬랙으로", "슬랙"), ("디자인팀과", "디자인팀"), ("커피와", "커피"),
        ("일정과", "일정"), ("디자이너와", "디자이너"), ("오늘도", "오늘"), ("결론만", "결론"), ("팀장의", "팀장"),
        // Two particles, and a two-syllable particle after a one-syllable noun.
        ("회의에서는", "회의"), ("다음주에도", "다음주"), ("집에서", "집"), ("집으로", "집"),
        // Numbers with units, and Latin words.
        ("30분으로", "30분"), ("10분만", "10분"), ("3시에", "3시"), ("2주에", "2주"), ("api를", "api"), ("jira에서", "jira"),
        // Words that merely end in a particle syllable stay whole.
        ("사과", "사과"), ("결과", "결과"), ("정도", "정도"), ("회의", "회의"), ("전문가", "전문가"), ("출근경로", "출근경로"),
        ("고양이", "고양이"), ("주간회의", "주간회의"), ("여름휴가", "여름휴가"), ("고객불만", "고객불만"), ("고양이가", "고양이"),
        ("주간회의는", "주간회의"), ("제가", "제가"), ("나는", "나는"),
        // Verb forms whose ending looks like a particle stay whole.
        ("길었지만", "길었지만"), ("진행하는", "진행하는"), ("늦어도", "늦어도"),
    ]

    @Test("Korean particles are stripped by one rule", arguments: Self.koreanPhrases)
    func koreanPhrase(phrase: String, counted: String) {
        #expect(KoreanWords.strippingParticle(phrase) == counted, "\(phrase)")
    }

    @Test("A sentence's words fold the same wherever its particles fall")
    func koreanSentences() {
        #expect(WordFrequency.words(in: "회의 시간을 30분으로 줄였으면 좋겠어요") == ["회의", "시간", "30분", "줄였으면", "좋겠어요"])
        #expect(WordFrequency.words(in: "시간이 부족했고 30분은 짧았다") == ["시간", "부족했고", "30분", "짧았다"])
    }

    @Test("One respondent's repeated word counts once; two respondents' twice")
    func oncePerRespondent() {
        let result = WordFrequency.count(texts: ["line one\nline two", "line three"], limit: 5)
        #expect(result.first == WordCount(word: "line", count: 2))
        #expect(WordFrequency.count(texts: ["회의가 길었다. 회의는 짧게"], limit: 5).contains(WordCount(word: "회의", count: 1)))
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
