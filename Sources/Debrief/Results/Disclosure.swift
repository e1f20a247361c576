import Foundation

/// What the outputs of one meeting's results may show of its answers: the privacy rule of k
/// (``PrivacyRule``) decided once, from the counts, for every output — the report and what renders
/// it, the responses page, the text-answer pages and the raw CSV layouts (docs/decisions/0009).
///
/// Only ``PrivacyRule/disclosure(of:filter:)`` and ``PrivacyRule/disclosure(form:questions:unfiltered:)``
/// make one (the initializer is private to this file), so an output cannot decide k by itself: it
/// takes a `Disclosure` and asks it. It fails closed: a form version it was not built from is
/// withheld whole.
public struct Disclosure: Sendable, Equatable {
    /// A part of a form version that may be withheld: a question, or one statement of a grid.
    public struct Part: Hashable, Sendable {
        public var question: String
        /// A grid's statement; nil for the question as a whole.
        public var statement: String?

        public init(question: String, statement: String? = nil) {
            self.question = question
            self.statement = statement
        }
    }

    /// One withheld part of one version, as the raw layouts' SQL takes them (statement "" for
    /// the question as a whole).
    public struct WithheldCell: Sendable, Equatable {
        public var form: UUID
        public var question: String
        public var statement: String
    }

    /// Which of the report's `quality` numbers may be shown.
    public struct Quality: Sendable, Equatable {
        public var speeders = true
        public var straightLiners = true
        public var flagged = true
        public var medianCompletion = true
    }

    /// k of the current version, for the words that say why something is withheld.
    public let threshold: Int
    /// The current version (nil for counts that name none, as trends').
    let current: UUID?
    /// The current version's withheld parts (decided on the merged counts), and why.
    let currentWithheld: [Part: String]
    /// Each earlier version's withheld parts (those merged copied from the current ones).
    let earlierWithheld: [UUID: [Part: String]]
    /// Follow-ups whose deciding question is withheld, by version (nil: the current one): their
    /// own counts would tell that question's answers, so not even how many answered is shown.
    let countsHidden: [UUID?: Set<String>]
    /// Versions whose responses' straight-lining flag would tell a withheld grid statement (all
    /// statements alike ⇒ the withheld one too).
    public let straightLiningWithheld: Set<UUID>
    public let quality: Quality
    /// Whether the responses per language may be shown: false when a language has fewer than k.
    public let languagesShown: Bool
    /// The fewest respondents a word of a short answer needs to be shown (``wordCloud(question:words:in:)``).
    let smallestGroup: Int
    /// Whether the counts were filtered (`since`, `until`, checked-in only): a word cloud is then
    /// withheld, since the rule of k on a filtered group is decided per question, not per word.
    let filtered: Bool

    fileprivate init(
        threshold: Int, current: UUID?, currentWithheld: [Part: String],
        earlierWithheld: [UUID: [Part: String]], countsHidden: [UUID?: Set<String>], straightLiningWithheld: Set<UUID>,
        quality: Quality, languagesShown: Bool, smallestGroup: Int, filtered: Bool
    ) {
        self.threshold = threshold
        self.current = current
        self.currentWithheld = currentWithheld
        self.earlierWithheld = earlierWithheld
        self.countsHidden = countsHidden
        self.straightLiningWithheld = straightLiningWithheld
        self.quality = quality
        self.languagesShown = languagesShown
        self.smallestGroup = smallestGroup
        self.filtered = filtered
    }

    /// Said of a version this disclosure was not built from.
    static let undecided = "the answers came after these results were counted; they are withheld until the next count"

    /// Why the answers to question `key` (or one `statement` of a grid) of form version `form`
    /// are withheld, or nil when they may be shown. `form` nil: the current version. A grid
    /// withheld as a whole withholds each statement.
    public func reason(question key: String, statement: String? = nil, in form: UUID? = nil) -> String? {
        let parts: [Part: String]
        if form == nil || form == self.current {
            parts = self.currentWithheld
        } else if let form, let earlier = self.earlierWithheld[form] {
            parts = earlier
        } else {
            return Self.undecided
        }
        if let statement, let reason = parts[Part(question: key, statement: statement)] { return reason }
        return parts[Part(question: key)]
    }

    /// Whether even the number of people who answered `key` in `form` (nil: current) is hidden:
    /// a follow-up whose deciding question is withheld.
    public func hidesCounts(of key: String, in form: UUID? = nil) -> Bool {
        if form == nil || form == self.current { return self.countsHidden[nil]?.contains(key) ?? false }
        guard let form, self.earlierWithheld[form] != nil else { return true }
        return self.countsHidden[form]?.contains(key) ?? false
    }

    /// The words of short-answer question `key` of version `form` (nil: current) that may be
    /// shown, to anyone and on a public screen (docs/decisions/0064-word-cloud-under-k.md):
    /// `words` are counted from the question's answers, each counting once per answer (one
    /// respondent's). Nil — no word at all — when the question's answers are withheld, when even
    /// its counts are hidden, or when the counts are filtered; otherwise the words used by at
    /// least k respondents (every word when the rule is off), joined by the words of the shown
    /// `themes` (``themes(question:themes:texts:in:)``, already decided here): each name's word
    /// weighted by the theme's answers that use it, so that "too long", "long meeting" and "ran
    /// longer" give "long" though no written form reached k. A word in both keeps its larger
    /// count; most used first (ties by word), at most ``ResultsBuilder/wordLimit``.
    public func wordCloud(question key: String, words: [WordCount], themes: [ThemeGrouping.Counted] = [], in form: UUID? = nil)
        -> [WordCount]?
    {
        guard !self.filtered, self.reason(question: key, in: form) == nil, !self.hidesCounts(of: key, in: form) else { return nil }
        var counts: [String: Int] = [:]
        for word in words where word.count >= self.smallestGroup { counts[word.word] = word.count }
        for counted in themes where counted.theme.members.count >= self.smallestGroup {
            for (word, respondents) in zip(counted.theme.words, counted.wordRespondents) where respondents >= self.smallestGroup {
                counts[word] = max(counts[word] ?? 0, respondents)
            }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(ResultsBuilder.wordLimit).map { WordCount(word: $0.key, count: $0.value) }
    }

    /// Whether this disclosure decides form version `form` (otherwise everything of it is withheld).
    public func decides(_ form: UUID) -> Bool {
        form == self.current || self.earlierWithheld[form] != nil
    }

    /// Every form version decided here.
    public var forms: [UUID] {
        (self.current.map { [$0] } ?? []) + self.earlierWithheld.keys.sorted { $0.uuidString < $1.uuidString }
    }

    /// Every withheld part of every version, one cell each, for the SQL of the raw layouts.
    public var withheldCells: [WithheldCell] {
        var cells: [WithheldCell] = []
        if let current = self.current {
            cells += self.currentWithheld.keys.map { WithheldCell(form: current, question: $0.question, statement: $0.statement ?? "") }
        }
        for (form, parts) in self.earlierWithheld {
            cells += parts.keys.map { WithheldCell(form: form, question: $0.question, statement: $0.statement ?? "") }
        }
        return cells.sorted { ($0.form.uuidString, $0.question, $0.statement) < ($1.form.uuidString, $1.question, $1.statement) }
    }
}

extension PrivacyRule {
    /// The disclosure of a meeting's counts under `filter`: each question of the current version
    /// decided on the answers of every version counted with it (the population the report
    /// shows), each grid statement on its own, each earlier version's other questions on their
    /// own counts; then everything derived from a withheld part is withheld with it — a
    /// follow-up whose deciding question is withheld (its counts included), the straight-lining
    /// flag of a version with a withheld grid statement — and the report's quality numbers and
    /// languages, each a group of people like any other.
    public static func disclosure(of counts: ResultsCounts, filter: ResultsFilter) -> Disclosure {
        let form = counts.form.definition
        let earlier = counts.earlierVersions.sorted { $0.form.version < $1.form.version }
        let unfiltered = filter.isEmpty ? nil : counts.unfilteredQuestions
        let merged = MergedQuestion.merge(
            current: form, version: counts.form.version, counts: counts.questions, unfiltered: unfiltered,
            responses: counts.currentResponses, earlier: earlier)
        let current = Self.withheld(
            form, counts: { merged[$0]?.counts }, unfiltered: unfiltered == nil ? nil : { merged[$0]?.unfiltered }, inherited: [:])
        var earlierWithheld: [UUID: [Disclosure.Part: String]] = [:]
        var countsHidden: [UUID?: Set<String>] = [nil: current.countsHidden]
        var straightLining = Set<UUID>()
        if Self.gridPartWithheld(form, current.parts) { straightLining.insert(counts.form.id) }
        for old in earlier {
            let keys = Set(form.questions.filter { form.countsAnswers(of: old.form.definition, to: $0.key) }.map(\.key.rawValue))
            let decided = Self.withheld(
                old.form.definition, counts: { old.questions[$0] },
                unfiltered: filter.isEmpty ? nil : { old.unfilteredQuestions?[$0] ?? QuestionCounts() },
                inherited: current.parts.filter { keys.contains($0.key.question) })
            earlierWithheld[old.form.id] = decided.parts
            countsHidden[old.form.id] = decided.countsHidden.union(current.countsHidden.intersection(keys))
            if Self.gridPartWithheld(old.form.definition, decided.parts) { straightLining.insert(old.form.id) }
        }
        var quality = Disclosure.Quality()
        quality.speeders = Self.shows(counts.quality.speeders, on: form)
        quality.straightLiners = Self.shows(counts.quality.straightLined, on: form) && straightLining.isEmpty
        quality.flagged = Self.shows(counts.quality.flagged, on: form) && quality.speeders && quality.straightLiners
        quality.medianCompletion = Self.shows(counts.quality.timed, on: form)
        // Responses stored without a language count as the form's own (``ResultsReport/languages(_:)``).
        let tagged = counts.languages.values.reduce(0, +)
        let groups = Array(counts.languages.values) + [max(0, counts.responses - tagged)]
        return Disclosure(
            threshold: form.privacyThreshold, current: counts.form.id, currentWithheld: current.parts,
            earlierWithheld: earlierWithheld, countsHidden: countsHidden, straightLiningWithheld: straightLining, quality: quality,
            languagesShown: groups.allSatisfy { Self.shows($0, on: form) }, smallestGroup: Self.smallestGroup(on: form),
            filtered: !filter.isEmpty)
    }

    /// The disclosure of one version's counts alone (`questions` by key, every comparable
    /// version's answers already added up; `unfiltered` without the filter, nil when there is
    /// none): what trends show of a session.
    public static func disclosure(
        form: FormDefinition, questions: [String: QuestionCounts], unfiltered: [String: QuestionCounts]? = nil
    ) -> Disclosure {
        let decided = Self.withheld(
            form, counts: { questions[$0] }, unfiltered: unfiltered.map { all in { all[$0] } }, inherited: [:])
        return Disclosure(
            threshold: form.privacyThreshold, current: nil, currentWithheld: decided.parts, earlierWithheld: [:],
            countsHidden: [nil: decided.countsHidden], straightLiningWithheld: [], quality: Disclosure.Quality(),
            languagesShown: true, smallestGroup: Self.smallestGroup(on: form), filtered: unfiltered != nil)
    }

    /// The withheld parts of one version's questions, in form order so that a follow-up sees its
    /// deciding question's decision (a condition names an earlier question). `inherited` are the
    /// decisions of the questions counted with the current version's, taken as they are.
    private static func withheld(
        _ form: FormDefinition, counts: (String) -> QuestionCounts?, unfiltered: ((String) -> QuestionCounts?)?,
        inherited: [Disclosure.Part: String]
    ) -> (parts: [Disclosure.Part: String], countsHidden: Set<String>) {
        var parts: [Disclosure.Part: String] = [:]
        var hidden = Set<String>()
        let inheritedKeys = Set(inherited.keys.map(\.question))
        for question in form.questions {
            let key = question.key.rawValue
            if inheritedKeys.contains(key) {
                for (part, reason) in inherited where part.question == key { parts[part] = reason }
                continue
            }
            let tally = counts(key) ?? QuestionCounts()
            let all = unfiltered.map { $0(key) ?? QuestionCounts() }
            var reason = Self.withheldReason(form: form, respondents: tally.respondents, unfilteredRespondents: all?.respondents)
            if let condition = question.showWhen, parts[Disclosure.Part(question: condition.question.rawValue)] != nil {
                // Who was shown it is decided by the withheld answers: any count of it tells them.
                reason = "it is shown by the answer to \(condition.question.rawValue), which is withheld; how many answered it would tell that answer"
                hidden.insert(key)
            }
            if let reason { parts[Disclosure.Part(question: key)] = reason }
            for part in question.kind.descriptor.privacyParts(of: question.body) {
                var own = Self.withheldReason(
                    form: form, respondents: tally.respondents(ofStatement: part),
                    unfilteredRespondents: all?.respondents(ofStatement: part))
                if own == nil, reason != nil { own = "the grid's breakdown is withheld" }
                if let own { parts[Disclosure.Part(question: key, statement: part)] = own }
            }
        }
        return (parts, hidden)
    }

    /// Whether a question of `form` whose answers can be straight-lined (a grid) has a withheld part among `parts`.
    private static func gridPartWithheld(_ form: FormDefinition, _ parts: [Disclosure.Part: String]) -> Bool {
        form.questions.contains { question in
            guard question.kind.descriptor.canStraightLine else { return false }
            return parts.keys.contains { $0.question == question.key.rawValue }
        }
    }
}
