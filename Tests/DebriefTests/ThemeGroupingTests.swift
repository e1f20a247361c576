import Testing
@testable import Debrief

@Suite("Themes: stemming and grouping short answers")
struct ThemeGroupingTests {
    @Test("The English stemmer gives Snowball's stems for known words")
    func englishStems() {
        let pairs: [(String, String)] = [
            ("meetings", "meet"), ("meeting", "meet"), ("running", "run"), ("agenda", "agenda"), ("agendas", "agenda"),
            ("caresses", "caress"), ("ponies", "poni"), ("ties", "tie"), ("cats", "cat"), ("agreed", "agre"),
            ("plastered", "plaster"), ("motoring", "motor"), ("sing", "sing"), ("troubled", "troubl"), ("hopping", "hop"),
            ("falling", "fall"), ("hissing", "hiss"), ("filing", "file"), ("happy", "happi"), ("skies", "sky"),
            ("generously", "generous"), ("discussions", "discuss"), ("discussed", "discuss"), ("boring", "bore"),
            ("useful", "use"), ("relational", "relat"), ("hopefulness", "hope"), ("communication", "communic"),
            ("long", "long"), ("longer", "longer"), ("it's", "it"), ("ran", "ran"), ("api", "api"),
        ]
        for (word, stem) in pairs {
            #expect(EnglishStemmer.stem(word) == stem, "\(word)")
        }
        // Not ASCII letters: unchanged.
        #expect(EnglishStemmer.stem("회의") == "회의")
        #expect(EnglishStemmer.stem("café") == "café")
    }

    @Test("Korean endings: one stem for a verb's forms, nouns kept")
    func koreanStems() {
        for word in ["길었다", "길어요", "길었지만", "길고"] {
            #expect(KoreanStems.stem(word) == "길", "\(word)")
        }
        #expect(KoreanStems.stem("진행했다") == "진행")
        #expect(KoreanStems.stem("진행했어요") == "진행")
        #expect(KoreanStems.stem("공유해주세요") == "공유")
        #expect(KoreanStems.stem("좋겠어요") == "좋" && KoreanStems.stem("주세요") == "주")
        #expect(KoreanStems.stem("회의") == "회의")
        #expect(KoreanStems.stem("필요") == "필요")
        #expect(KoreanStems.stem("다") == "다")
        #expect(KoreanStems.stem("meeting") == "meeting")
    }

    @Test("Five answers sharing a stem are one theme, though no written word is used by three")
    func longMeeting() {
        let texts = ["Too long", "long meeting", "ran long again", "Meetings run longer than the agenda", "way too long!"]
        // The old cloud's count: "long" by four, but the fifth writes "longer".
        let themes = ThemeGrouping.themes(of: texts)
        #expect(themes.first?.words.first == "long")
        #expect(themes.first?.members == [0, 1, 2, 4])
        let small = ["it ran long", "the meeting was too long", "long, and meetings drift"]
        #expect(ThemeGrouping.themes(of: small) == [TextTheme(words: ["long", "meeting"], members: [0, 1, 2])])
    }

    @Test("Greedy, largest first, each answer in one theme at most, unshared answers left out")
    func grouping() {
        let texts = [
            "The agenda was unclear", "no agenda again", "agendas should be sent earlier", "coffee was cold",
            "cold coffee", "great discussion", "discussions were great", "I liked it",
        ]
        let themes = ThemeGrouping.themes(of: texts)
        #expect(themes == [
            TextTheme(words: ["agenda"], members: [0, 1, 2]),
            TextTheme(words: ["coffee", "cold"], members: [3, 4]),
            TextTheme(words: ["discussion", "great"], members: [5, 6]),
        ])
        let all = themes.flatMap(\.members)
        #expect(Set(all).count == all.count)
        #expect(!all.contains(7))
        #expect(ThemeGrouping.themes(of: texts) == themes) // deterministic
        #expect(ThemeGrouping.themes(of: []) == [])
        #expect(ThemeGrouping.themes(of: ["one answer alone"]) == [])
    }

    @Test("Korean answers group by particle and ending, named by the commonest written form")
    func korean() {
        let texts = ["회의가 너무 길었다", "회의는 길어요", "회의에서 시간이 부족했어요", "발표 자료가 좋았어요", "자료는 좋고"]
        let themes = ThemeGrouping.counted(of: texts)
        #expect(themes.map(\.theme) == [
            TextTheme(words: ["회의", "길어요"], members: [0, 1, 2]),
            // "좋았어요", "좋고" share 좋, a stem that names no topic: it joins no name.
            TextTheme(words: ["자료"], members: [3, 4]),
        ])
        #expect(themes.map(\.wordRespondents) == [[3, 2], [2]])
        #expect(ThemeGrouping.themes(of: ["좋았어요", "좋아요", "좋겠어요", "해 주세요", "주세요"]) == [])
    }

    @Test("Bounded: only the newest texts are grouped, into a limited number of themes")
    func bounded() {
        let texts = (0..<(ThemeGrouping.textLimit + 50)).map { "topic\($0 % 40)" }
        let themes = ThemeGrouping.themes(of: texts)
        #expect(themes.count == ThemeGrouping.themeLimit)
        #expect(themes.allSatisfy { $0.members.allSatisfy { $0 < ThemeGrouping.textLimit } })
        #expect(themes.allSatisfy { $0.words.count <= ThemeGrouping.nameLimit })
    }
}
