import Foundation

/// A word and how often it occurs.
public struct WordCount: Sendable, Equatable, Codable {
    /// The folded word.
    public var word: String
    /// Number of texts (answers, one per respondent) that use the word.
    public var count: Int

    /// Creates an entry.
    public init(word: String, count: Int) {
        self.word = word
        self.count = count
    }
}

/// Word frequencies of free-text answers, for a "what people talked about" list.
///
/// Foundation's `.byWords` enumeration is unavailable in swift-corelibs-foundation
/// (Linux), so words are split here with Unicode properties: a word is a run of
/// characters that are letters or numbers (apostrophes inside a word are kept, so
/// "don't" stays one word and can be a stop word). This works for any script that
/// separates words with spaces or punctuation, including Korean; it does not segment
/// Chinese or Japanese text.
public enum WordFrequency: Sendable {
    /// The `limit` words used in the most `texts` (each text is one respondent's answer, and
    /// counts a word once however often it repeats it), by count descending then word ascending
    /// (so ties come out in a deterministic order).
    ///
    /// Steps per word: NFC, lowercase, strip one common trailing Korean particle
    /// (see ``KoreanWords``), then drop stop words (``StopWords``), words made only of
    /// digits, and single-letter Latin words.
    public static func count(texts: [String], limit: Int) -> [WordCount] {
        guard limit > 0 else { return [] }
        // Each distinct text is tokenized once: short answers repeat ("Thanks!"), and a report
        // recomputed on every change counts the same sample again and again.
        var occurrences: [String: Int] = [:]
        for text in texts { occurrences[text, default: 0] += 1 }
        let distinct = Array(occurrences)
        // A word counts once per answer (one respondent's): "line one / line two" is one person
        // mentioning "line", not two. The texts counted before are not tokenized again.
        let wordsOfEach = TextWordsMemo.shared.words(of: distinct.map(\.key)) { Array(Set(words(in: $0))) }
        var counts: [String: Int] = [:]
        for ((_, times), words) in zip(distinct, wordsOfEach) {
            for word in words { counts[word, default: 0] += times }
        }
        let sorted = counts.sorted { lhs, rhs in
            lhs.value != rhs.value ? lhs.value > rhs.value : lhs.key < rhs.key
        }
        return sorted.prefix(limit).map { WordCount(word: $0.key, count: $0.value) }
    }

    /// The counted words of one text, in order (after folding and filtering).
    public static func words(in text: String) -> [String] {
        tokens(in: text).compactMap(fold)
    }

    /// Raw tokens: maximal runs of letters, numbers and apostrophes, lowercased, with
    /// apostrophes trimmed from both ends ("'quoted'" → "quoted").
    static func tokens(in text: String) -> [String] {
        if let tokens = asciiTokens(in: text) { return tokens }
        return unicodeTokens(in: text)
    }

    /// ``tokens(in:)`` of an all-ASCII text, byte by byte (nil for any other text). For ASCII,
    /// normalization changes nothing, letters and numbers are `[A-Za-z0-9]` and lowercasing is
    /// ASCII's, so the result is ``unicodeTokens(in:)``'s at a fraction of the cost: reports are
    /// recomputed on every change, and tokenizing their text sample was most of that work.
    static func asciiTokens(in text: String) -> [String]? {
        var tokens: [String] = []
        var current: [UInt8] = []
        func flush() {
            // Apostrophes are trimmed from both ends of a token.
            if let first = current.firstIndex(where: { $0 != UInt8(ascii: "'") }),
                let last = current.lastIndex(where: { $0 != UInt8(ascii: "'") })
            {
                tokens.append(String(decoding: current[first...last], as: UTF8.self))
            }
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "'"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            case 0x80...:
                return nil
            default:
                flush()
            }
        }
        flush()
        return tokens
    }

    /// ``tokens(in:)`` of any text, by Unicode properties.
    static func unicodeTokens(in text: String) -> [String] {
        let folded = text.precomposedStringWithCanonicalMapping.lowercased()
            .replacingOccurrences(of: "\u{2019}", with: "'") // typographic apostrophe
        var tokens: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber || character == "'" {
                current.append(character)
            } else if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            .filter { !$0.isEmpty }
    }

    /// The word to count for `token`, or nil when it is not worth counting.
    static func fold(_ token: String) -> String? {
        if token.allSatisfy(\.isNumber) { return nil }
        if token.count == 1, let scalar = token.unicodeScalars.first, isLatin(scalar) { return nil }
        if StopWords.contains(token) { return nil }
        let stem = KoreanWords.strippingParticle(token)
        if stem != token, StopWords.contains(stem) { return nil }
        return stem
    }

    /// Latin letters: Basic Latin, Latin-1 Supplement, Latin Extended-A/B and
    /// Latin Extended Additional.
    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return true
        default: return false
        }
    }
}
