import Foundation

/// The counted words of texts already seen (``WordFrequency/words(in:)``, each word once), kept
/// from one word count to the next.
///
/// Why: a report counts the words of each short-answer question's newest 1,000 texts, and a
/// watched meeting's report is recomputed up to ten times a second, every text but the newest few
/// counted by the recomputation before. Tokenizing them again (NFC, lowercasing, the Korean
/// particle rule) was most of that recomputation (issue 37, `perf` of one host's stream under 30
/// answers a second, each a distinct text with Korean and an emoji: 12.7 ms of CPU per
/// recomputation). With the memo a recomputation tokenizes only the texts that are new to it.
///
/// Bounded by the bytes of what it keeps, in two generations of at most `budget` each: a text
/// found in the older one moves to the newer, and when the newer one is full the older one is
/// dropped and the newer takes its place. The texts in use stay; the rest go within two
/// generations.
//
// `@unchecked Sendable` is safe because `generations` is only touched under `lock` (the domain
// module imports Foundation only, so no `Mutex`).
final class TextWordsMemo: @unchecked Sendable {
    /// What each text's words are, for the word counts of every report of this process.
    static let shared = TextWordsMemo(budget: 2 << 20)

    private struct Generations {
        var newer: [String: [String]] = [:]
        var older: [String: [String]] = [:]
        var newerBytes = 0

        /// The words of `text` if kept, moved to the newer generation.
        mutating func take(_ text: String, budget: Int) -> [String]? {
            if let words = self.newer[text] { return words }
            guard let words = self.older.removeValue(forKey: text) else { return nil }
            self.keep(text, words, budget: budget)
            return words
        }

        mutating func keep(_ text: String, _ words: [String], budget: Int) {
            guard self.newer[text] == nil else { return }
            let size = Self.size(text, words)
            if self.newerBytes + size > budget {
                self.older = self.newer
                self.newer = [:]
                self.newerBytes = 0
            }
            self.newer[text] = words
            self.newerBytes += size
        }

        static func size(_ text: String, _ words: [String]) -> Int {
            words.reduce(text.utf8.count) { $0 + $1.utf8.count }
        }
    }

    /// The most bytes (texts and their words, as UTF-8) one generation keeps.
    let budget: Int
    private let lock = NSLock()
    private var generations = Generations()

    init(budget: Int) {
        self.budget = max(1, budget)
    }

    /// The words of each of `texts`, in their order: the ones kept, and `count`'s for the rest,
    /// which are kept in their turn.
    func words(of texts: [String], count: (String) -> [String]) -> [[String]] {
        var words: [[String]?] = self.lock.withLock { texts.map { self.generations.take($0, budget: self.budget) } }
        var counted: [(String, [String])] = []
        for index in texts.indices where words[index] == nil {
            let found = count(texts[index])
            words[index] = found
            counted.append((texts[index], found))
        }
        if !counted.isEmpty {
            self.lock.withLock {
                for (text, found) in counted { self.generations.keep(text, found, budget: self.budget) }
            }
        }
        return words.map { $0 ?? [] }
    }

    /// The bytes kept now, both generations (for tests).
    var bytes: Int {
        self.lock.withLock {
            self.generations.newerBytes + self.generations.older.reduce(0) { $0 + Generations.size($1.key, $1.value) }
        }
    }
}
