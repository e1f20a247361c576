/// One theme of short answers: what several respondents wrote about, by its words.
public struct TextTheme: Sendable, Equatable {
    /// The theme's name: its commonest words (display forms), most common first, at most 3.
    public var words: [String]
    /// Indices into the grouped texts of the answers in the theme, ascending.
    public var members: [Int]

    public init(words: [String], members: [Int]) {
        self.words = words
        self.members = members
    }
}

/// Short answers grouped into themes by the words they share, after stemming (docs/results.md,
/// "Themes"; docs/decisions/0105-themes-under-k.md): "too long", "long meeting" and "ran long"
/// are one theme, "long", though none of them is a word three people used.
///
/// Words are ``WordFrequency``'s (stop words dropped, Korean particles stripped), stemmed by
/// ``EnglishStemmer`` or ``KoreanStems``. Then, greedily and deterministically: the stem shared by
/// the most answers not yet in a theme makes a theme of those answers (ties: the stem that sorts
/// first), named by that stem's commonest written form and up to two more stems at least half of
/// the theme's answers (and two or more) share; until no stem is shared by two remaining answers.
/// So every answer in a theme holds its first word. No k here: ``Disclosure`` decides which
/// themes may be shown.
public enum ThemeGrouping: Sendable {
    /// The most texts grouped: the newest, as many as the word counts read
    /// (``ResultsBuilder``'s texts are the newest 1,000 answers).
    public static let textLimit = 1_000
    /// The most themes made: a result lists a few, and each one costs a pass over the texts.
    public static let themeLimit = 12
    /// The most words in a theme's name.
    public static let nameLimit = 3

    /// A theme with, for each word of its name, how many of its answers use that word (the first
    /// word: all of them), so that ``Disclosure`` can keep only the words k respondents used.
    public struct Counted: Sendable, Equatable {
        public var theme: TextTheme
        public var wordRespondents: [Int]
    }

    /// Groups `texts` (one respondent's answer each) into themes, largest first; an answer falls in
    /// at most one theme; answers in no theme are left out. Applies no k (Disclosure decides that).
    public static func themes(of texts: [String]) -> [TextTheme] {
        self.counted(of: texts).map(\.theme)
    }

    /// ``themes(of:)`` with how many answers use each word of each name.
    public static func counted(of texts: [String]) -> [Counted] {
        let considered = Array(texts.prefix(Self.textLimit))
        let pairsOfEach = Self.memo.words(of: considered) { Self.stemsAndForms(of: $0) }
        // Stems as numbers for counting: a report is regrouped on every change, so the greedy
        // passes count integers, not strings.
        var ids: [String: Int] = [:]
        var stems: [String] = []
        let stemsOfEach: [[Int]] = pairsOfEach.map { pairs in
            stride(from: 0, to: pairs.count, by: 2).map { position in
                if let id = ids[pairs[position]] { return id }
                ids[pairs[position]] = stems.count
                stems.append(pairs[position])
                return stems.count - 1
            }
        }
        var remaining = considered.indices.filter { !stemsOfEach[$0].isEmpty }
        var counts = [Int](repeating: 0, count: stems.count)
        var themes: [Counted] = []
        while themes.count < Self.themeLimit {
            for id in counts.indices { counts[id] = 0 }
            for index in remaining {
                for id in stemsOfEach[index] { counts[id] += 1 }
            }
            // The stem in the most remaining texts, ties to the one that sorts first.
            var lead = -1
            for id in counts.indices where counts[id] >= 2 {
                if lead < 0 || counts[id] > counts[lead] || (counts[id] == counts[lead] && stems[id] < stems[lead]) { lead = id }
            }
            guard lead >= 0 else { break }
            let members = remaining.filter { stemsOfEach[$0].contains(lead) }
            let forms = Dictionary(uniqueKeysWithValues: members.map { ($0, Self.forms(pairsOfEach[$0])) })
            themes.append(Self.named(lead: stems[lead], members: members, forms: forms))
            remaining.removeAll { stemsOfEach[$0].contains(lead) }
        }
        return themes
    }

    /// Each text's stems and their written forms, kept from one grouping to the next (as
    /// ``TextWordsMemo/shared`` keeps its words): only texts new to it are tokenized and stemmed.
    static let memo = TextWordsMemo(budget: 2 << 20)

    /// The stems of `text`'s words (``WordFrequency``'s: stop words dropped, particles stripped)
    /// with the written form of each (the first in sorted order), as [stem, form, stem, form, …]
    /// by stem; stems that name no topic left out.
    static func stemsAndForms(of text: String) -> [String] {
        var forms: [String: String] = [:]
        for word in Set(WordFrequency.words(in: text)).sorted() {
            let stem = Self.stem(word)
            guard !Self.droppedStems.contains(stem), forms[stem] == nil else { continue }
            forms[stem] = word
        }
        return forms.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    }

    static func forms(_ pairs: [String]) -> [String: String] {
        var forms: [String: String] = [:]
        for position in stride(from: 0, to: pairs.count, by: 2) { forms[pairs[position]] = pairs[position + 1] }
        return forms
    }

    /// Stems that name no topic, so they make no theme and join no name: Korean auxiliary and
    /// evaluative verbs ("있어요", "되고", "같아요", "좋았어요", "해 주세요", "없어요", "돼요",
    /// "나왔어요"). Measured: as theme leads they merged answers about different topics
    /// (docs/results.md, "Themes: agreement with hand labels"); English generic words ("good",
    /// "nothing") were tried too and moved no English figure up.
    static let droppedStems: Set<String> = [
        "있", "하", "되", "같", "않", "싶", "좋", "주", "줬", "없", "돼요", "돼", "나왔", "나오",
    ]

    /// The stem of a folded word: English by Porter2, Korean by its endings, others as they are.
    static func stem(_ word: String) -> String {
        KoreanStems.stem(EnglishStemmer.stem(word))
    }

    /// The theme of `members`, named by `lead` and the stems most of them share.
    static func named(lead: String, members: [Int], forms: [Int: [String: String]]) -> Counted {
        var shared: [String: Int] = [:]
        for index in members {
            for stem in forms[index, default: [:]].keys where stem != lead { shared[stem, default: 0] += 1 }
        }
        let enough = max(2, (members.count + 1) / 2)
        let others = shared.filter { $0.value >= enough }
            .sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(Self.nameLimit - 1)
        let stems = [(lead, members.count)] + others.map { ($0.key, $0.value) }
        let words = stems.map { stem, _ in Self.commonestForm(of: stem, in: members, forms: forms) }
        return Counted(theme: TextTheme(words: words, members: members), wordRespondents: stems.map(\.1))
    }

    /// How `stem` is most often written in `members` (ties: the shorter, then the first in order).
    static func commonestForm(of stem: String, in members: [Int], forms: [Int: [String: String]]) -> String {
        var written: [String: Int] = [:]
        for index in members { if let form = forms[index]?[stem] { written[form, default: 0] += 1 } }
        return written.max { lhs, rhs in
            if lhs.value != rhs.value { return lhs.value < rhs.value }
            if lhs.key.count != rhs.key.count { return lhs.key.count > rhs.key.count }
            return lhs.key > rhs.key
        }?.key ?? stem
    }
}
