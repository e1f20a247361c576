import Debrief

/// `scripts/theme-agreement --themes`: what the grouping found in each set, theme by theme, with
/// the hand labels of its members, so a low figure can be read as "these labels were merged" or
/// "this label was split".
public enum ThemeListing {
    public static func text(of set: LabelledSet, themes: [TextTheme]) -> String {
        var lines = ["## \(set.name) (\(set.answers.count) answers)"]
        var inTheme = Set<Int>()
        for theme in themes {
            inTheme.formUnion(theme.members)
            let labels = theme.members.map { set.labels[$0] ?? LabelledAnswers.noTheme }
            lines.append("- \(theme.words.joined(separator: " · ")) (\(theme.members.count)): \(Self.tally(labels))")
        }
        let left = set.answers.indices.filter { !inTheme.contains($0) }
        lines.append("- in no theme (\(left.count)): \(Self.tally(left.map { set.labels[$0] ?? LabelledAnswers.noTheme }))")
        return lines.joined(separator: "\n")
    }

    /// "too-long 4, agenda 2, - 1": each label with its count, commonest first.
    static func tally(_ labels: [String]) -> String {
        var counts: [String: Int] = [:]
        for label in labels { counts[label, default: 0] += 1 }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }
}
