/// The Snowball ("Porter2") English stemmer, for grouping short answers into themes
/// (docs/decisions/0105-themes-under-k.md): "meetings" and "meeting" → "meet", "running" → "run",
/// "agendas" → "agenda".
///
/// Written here because no stemmer package is among the dependencies Debrief may use, and the
/// algorithm is short and fixed (snowballstem.org/algorithms/english/stemmer.html). It takes one
/// lowercase word of ASCII letters and apostrophes; any other word is returned unchanged.
public enum EnglishStemmer: Sendable {
    /// The stem of `word`.
    public static func stem(_ word: String) -> String {
        guard word.utf8.count > 2, word.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 39 }) else { return word }
        if let exception = Self.exceptions[word] { return exception }
        var w = Word(Array(word.utf8))
        w.prepare()
        w.step0()
        w.step1a()
        if Self.invariantAfter1a.contains(w.string) { return w.string }
        w.step1b()
        w.step1c()
        w.step2()
        w.step3()
        w.step4()
        w.step5()
        return w.string.replacingOccurrences(of: "Y", with: "y")
    }

    /// Words whose stem the rules would get wrong (the algorithm's own list).
    static let exceptions: [String: String] = [
        "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie", "idly": "idl",
        "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl", "sky": "sky",
        "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes",
    ]

    static let invariantAfter1a: Set<String> = ["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"]

    /// A word being stemmed, as bytes ("Y" marks a consonant y), with its regions R1 and R2.
    struct Word {
        var b: [UInt8]
        var r1 = 0
        var r2 = 0

        init(_ bytes: [UInt8]) { self.b = bytes }

        var string: String { String(decoding: self.b, as: UTF8.self) }

        static func isVowel(_ c: UInt8) -> Bool {
            c == 97 || c == 101 || c == 105 || c == 111 || c == 117 || c == 121 // a e i o u y
        }

        func vowel(at i: Int) -> Bool { Self.isVowel(self.b[i]) }

        func ends(_ suffix: String) -> Bool {
            let s = Array(suffix.utf8)
            return self.b.count >= s.count && Array(self.b[(self.b.count - s.count)...]) == s
        }

        /// The longest of `suffixes` the word ends with.
        func longest(_ suffixes: [String]) -> String? {
            suffixes.filter { self.ends($0) }.max { $0.utf8.count < $1.utf8.count }
        }

        func inR1(_ suffix: String) -> Bool { self.b.count - suffix.utf8.count >= self.r1 }
        func inR2(_ suffix: String) -> Bool { self.b.count - suffix.utf8.count >= self.r2 }

        mutating func replace(_ suffix: String, with replacement: String) {
            self.b.removeLast(suffix.utf8.count)
            self.b.append(contentsOf: Array(replacement.utf8))
        }

        /// Whether the bytes before the last `length` hold a vowel.
        func hasVowel(before length: Int) -> Bool {
            (0..<(self.b.count - length)).contains { self.vowel(at: $0) }
        }

        /// The region after the first non-vowel that follows a vowel, from `start`.
        func region(from start: Int) -> Int {
            var i = start + 1
            while i < self.b.count {
                if !self.vowel(at: i) && self.vowel(at: i - 1) { return i + 1 }
                i += 1
            }
            return self.b.count
        }

        mutating func prepare() {
            if self.b.first == 39 { self.b.removeFirst() }
            for i in self.b.indices where self.b[i] == 121 && (i == 0 || self.vowel(at: i - 1)) { self.b[i] = 89 } // Y
            let word = self.string
            if let prefix = ["gener", "commun", "arsen"].first(where: { word.hasPrefix($0) }) {
                self.r1 = prefix.utf8.count
            } else {
                self.r1 = self.b.isEmpty ? 0 : self.region(from: 0)
            }
            self.r2 = self.r1 >= self.b.count ? self.b.count : self.region(from: self.r1)
            self.r1 = min(self.r1, self.b.count)
            self.r2 = min(max(self.r2, self.r1), self.b.count)
        }

        /// A short syllable ending at `end` (exclusive).
        func shortSyllable(endingAt end: Int) -> Bool {
            if end == 2 { return self.vowel(at: 0) && !self.vowel(at: 1) }
            guard end >= 3 else { return false }
            let last = self.b[end - 1]
            return !self.vowel(at: end - 3) && self.vowel(at: end - 2) && !Self.isVowel(last) && last != 119 && last != 120 && last != 89
        }

        var isShort: Bool { self.r1 >= self.b.count && self.shortSyllable(endingAt: self.b.count) }

        mutating func step0() {
            if let s = self.longest(["'", "'s", "'s'"]) { self.b.removeLast(s.utf8.count) }
        }

        mutating func step1a() {
            guard let s = self.longest(["sses", "ied", "ies", "us", "ss", "s"]) else { return }
            switch s {
            case "sses": self.replace(s, with: "ss")
            case "ied", "ies": self.replace(s, with: self.b.count > 4 ? "i" : "ie")
            case "s": if self.b.count >= 3, self.hasVowel(before: 2) { self.b.removeLast() }
            default: break
            }
        }

        mutating func step1b() {
            guard let s = self.longest(["eed", "eedly", "ed", "edly", "ing", "ingly"]) else { return }
            if s == "eed" || s == "eedly" {
                if self.inR1(s) { self.replace(s, with: "ee") }
                return
            }
            guard self.hasVowel(before: s.utf8.count) else { return }
            self.b.removeLast(s.utf8.count)
            if self.ends("at") || self.ends("bl") || self.ends("iz") {
                self.b.append(101)
            } else if let d = self.longest(["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"]), d.utf8.count == 2 {
                self.b.removeLast()
            } else if self.isShort {
                self.b.append(101)
            }
        }

        mutating func step1c() {
            guard let last = self.b.last, last == 121 || last == 89, self.b.count > 2, !self.vowel(at: self.b.count - 2) else { return }
            self.b[self.b.count - 1] = 105
        }

        static let step2Rules: [(String, String)] = [
            ("tional", "tion"), ("enci", "ence"), ("anci", "ance"), ("abli", "able"), ("entli", "ent"), ("izer", "ize"),
            ("ization", "ize"), ("ational", "ate"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"), ("aliti", "al"),
            ("alli", "al"), ("fulness", "ful"), ("ousli", "ous"), ("ousness", "ous"), ("iveness", "ive"), ("iviti", "ive"),
            ("biliti", "ble"), ("bli", "ble"), ("ogi", "og"), ("fulli", "ful"), ("lessli", "less"), ("li", ""),
        ]

        mutating func step2() {
            guard let s = self.longest(Self.step2Rules.map(\.0)), self.inR1(s) else { return }
            let replacement = Self.step2Rules.first { $0.0 == s }!.1
            switch s {
            case "ogi":
                if self.b.count >= 4, self.b[self.b.count - 4] == 108 { self.replace(s, with: replacement) } // l
            case "li":
                if self.b.count >= 3, Array("cdeghkmnrt".utf8).contains(self.b[self.b.count - 3]) { self.b.removeLast(2) }
            default:
                self.replace(s, with: replacement)
            }
        }

        static let step3Rules: [(String, String)] = [
            ("tional", "tion"), ("ational", "ate"), ("alize", "al"), ("icate", "ic"), ("iciti", "ic"), ("ical", "ic"),
            ("ful", ""), ("ness", ""), ("ative", ""),
        ]

        mutating func step3() {
            guard let s = self.longest(Self.step3Rules.map(\.0)), self.inR1(s) else { return }
            if s == "ative" {
                if self.inR2(s) { self.b.removeLast(s.utf8.count) }
                return
            }
            self.replace(s, with: Self.step3Rules.first { $0.0 == s }!.1)
        }

        mutating func step4() {
            let suffixes = [
                "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous",
                "ive", "ize", "ion",
            ]
            guard let s = self.longest(suffixes), self.inR2(s) else { return }
            if s == "ion" {
                let before = self.b.count - 4
                if before >= 0, self.b[before] == 115 || self.b[before] == 116 { self.b.removeLast(3) } // s, t
                return
            }
            self.b.removeLast(s.utf8.count)
        }

        mutating func step5() {
            guard let last = self.b.last else { return }
            if last == 101 { // e
                if self.inR2("e") || (self.inR1("e") && !self.shortSyllable(endingAt: self.b.count - 1)) { self.b.removeLast() }
            } else if last == 108, self.inR2("l"), self.b.count >= 2, self.b[self.b.count - 2] == 108 { // ll
                self.b.removeLast()
            }
        }
    }
}
