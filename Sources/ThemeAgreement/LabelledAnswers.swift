/// The labelled answers of `Tests/Fixtures/themes/labelled-answers.tsv`, one set per question of a
/// meeting series (its README says who wrote and labelled them).
public struct LabelledSet: Sendable, Equatable {
    /// The set's name, unique in the file (`en-weekly-sync-change`).
    public var name: String
    /// `en` or `ko`.
    public var language: String
    /// The answers, in the file's order.
    public var answers: [String]
    /// Each answer's theme as labelled by hand, nil for `-` (fits no theme).
    public var labels: [String?]
}

/// A line of the file that is not four tab-separated fields, or a set split or of two languages.
public struct LabelledAnswersError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var reason: String
    public var description: String { "line \(self.line): \(self.reason)" }
}

public enum LabelledAnswers {
    /// The header the file starts with.
    public static let header = "set\tlanguage\tlabel\tanswer"
    /// The label of an answer that fits no theme.
    public static let noTheme = "-"

    /// Reads the file's text: a header, then `set<TAB>language<TAB>label<TAB>answer` a line.
    /// A set's lines are consecutive; the sets come back in the file's order.
    public static func parse(_ text: String) throws(LabelledAnswersError) -> [LabelledSet] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard lines.first == Self.header else {
            throw LabelledAnswersError(line: 1, reason: "the header is not \"set, language, label, answer\" (tab-separated)")
        }
        var sets: [LabelledSet] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, !fields.contains(where: \.isEmpty) else {
                throw LabelledAnswersError(line: offset + 1, reason: "not four non-empty tab-separated fields")
            }
            let (name, language, label, answer) = (fields[0], fields[1], fields[2], fields[3])
            let theme = label == Self.noTheme ? nil : label
            if let last = sets.last, last.name == name {
                guard last.language == language else {
                    throw LabelledAnswersError(line: offset + 1, reason: "set \(name) is in \(last.language), not \(language)")
                }
                sets[sets.count - 1].answers.append(answer)
                sets[sets.count - 1].labels.append(theme)
            } else {
                guard !sets.contains(where: { $0.name == name }) else {
                    throw LabelledAnswersError(line: offset + 1, reason: "set \(name) continues after another set")
                }
                sets.append(LabelledSet(name: name, language: language, answers: [answer], labels: [theme]))
            }
        }
        return sets
    }
}
