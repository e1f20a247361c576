/// The agreement of a grouping with the hand labels, set by set, then per language and over all.
///
/// A set is grouped on its own (one question's answers of one meeting series, as a dashboard
/// groups them). The adjusted Rand index of a language (and of all) is the mean of its sets'
/// indexes, each set counting once; precision, recall and F1 are pooled over its sets' pairs.
public struct AgreementReport: Sendable {
    /// One set's figures.
    public struct SetRow: Sendable, Equatable {
        public var name: String
        public var language: String
        public var answers: Int
        /// Hand-labelled themes (not counting `-`).
        public var labelledThemes: Int
        /// Themes the grouping found.
        public var themes: Int
        /// Answers the grouping put in some theme.
        public var grouped: Int
        public var agreement: PairAgreement
    }

    /// A language's (or all sets') figures.
    public struct Summary: Sendable, Equatable {
        public var name: String
        public var sets: Int
        public var answers: Int
        /// The mean of the sets' adjusted Rand indexes.
        public var meanAdjustedRandIndex: Double
        /// The sets' pair counts added up (for pooled precision, recall and F1).
        public var pooled: PairAgreement
    }

    public var rows: [SetRow]

    /// Groups each set with `grouping` (answers in, each theme's member indices out) and compares
    /// the result with the set's labels.
    public init(sets: [LabelledSet], grouping: ([String]) -> [[Int]]) throws(ThemeContractError) {
        self.rows = try sets.map { set throws(ThemeContractError) in
            let themes = grouping(set.answers)
            var groups = [Int?](repeating: nil, count: set.answers.count)
            for (theme, members) in themes.enumerated() {
                for member in members {
                    guard groups.indices.contains(member), groups[member] == nil else {
                        throw ThemeContractError(set: set.name, member: member)
                    }
                    groups[member] = theme
                }
            }
            return SetRow(
                name: set.name, language: set.language, answers: set.answers.count,
                labelledThemes: Set(set.labels.compactMap { $0 }).count, themes: themes.count,
                grouped: groups.compactMap { $0 }.count,
                agreement: PairAgreement(labels: set.labels, groups: groups))
        }
    }

    /// One summary per language (in the order the sets first use them), then one of all sets.
    public var summaries: [Summary] {
        var languages: [String] = []
        for row in self.rows where !languages.contains(row.language) { languages.append(row.language) }
        return languages.map { language in
            Self.summary(of: self.rows.filter { $0.language == language }, name: language)
        } + [Self.summary(of: self.rows, name: "all")]
    }

    static func summary(of rows: [SetRow], name: String) -> Summary {
        let indexes = rows.map(\.agreement.adjustedRandIndex)
        return Summary(
            name: name, sets: rows.count, answers: rows.reduce(0) { $0 + $1.answers },
            meanAdjustedRandIndex: indexes.isEmpty ? 0 : indexes.reduce(0, +) / Double(indexes.count),
            pooled: rows.reduce(PairAgreement.none) { $0 + $1.agreement })
    }
}

/// The grouping named an answer that is not in the set, or put an answer in two themes.
public struct ThemeContractError: Error, CustomStringConvertible, Equatable {
    public var set: String
    public var member: Int
    public var description: String {
        "set \(self.set): answer \(self.member) is out of range or in two themes"
    }
}
