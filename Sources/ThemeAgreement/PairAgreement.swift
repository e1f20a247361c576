/// How far two groupings of the same answers agree, counted over pairs of answers.
///
/// Each grouping gives every answer a group, or none: an answer in no group stands alone (a
/// singleton), so it is "together" with nobody. The hand labels' `-` and the answers the grouping
/// left out of every theme are such singletons. Every figure below is a function of four pair
/// counts, so the counts of several sets can be added and the pooled precision and recall read
/// from the sum.
public struct PairAgreement: Sendable, Equatable {
    /// Pairs in the same group in both groupings.
    public var together: Int
    /// Pairs the grouping under test put together (its themes).
    public var groupedTogether: Int
    /// Pairs the labels put together (the same label, not `-`).
    public var labelledTogether: Int
    /// Every pair of answers (n choose 2); pairs of different sets are never counted.
    public var pairs: Int

    public init(together: Int, groupedTogether: Int, labelledTogether: Int, pairs: Int) {
        self.together = together
        self.groupedTogether = groupedTogether
        self.labelledTogether = labelledTogether
        self.pairs = pairs
    }

    /// Compares two groupings of the same answers: `labels[i]` and `groups[i]` are answer i's
    /// group in each (any hashable name), nil when it stands alone.
    public init<Label: Hashable, Group: Hashable>(labels: [Label?], groups: [Group?]) {
        precondition(labels.count == groups.count, "both groupings cover the same answers")
        var cells: [Pair<Label, Group>: Int] = [:]
        var labelSizes: [Label: Int] = [:]
        var groupSizes: [Group: Int] = [:]
        for (label, group) in zip(labels, groups) {
            if let label { labelSizes[label, default: 0] += 1 }
            if let group { groupSizes[group, default: 0] += 1 }
            if let label, let group { cells[Pair(label: label, group: group), default: 0] += 1 }
        }
        self.init(
            together: cells.values.reduce(0) { $0 + Self.pairs(of: $1) },
            groupedTogether: groupSizes.values.reduce(0) { $0 + Self.pairs(of: $1) },
            labelledTogether: labelSizes.values.reduce(0) { $0 + Self.pairs(of: $1) },
            pairs: Self.pairs(of: labels.count))
    }

    /// Of the pairs the grouping put together, the share the labels put together too; nil when
    /// it put no two answers together.
    public var precision: Double? {
        self.groupedTogether == 0 ? nil : Double(self.together) / Double(self.groupedTogether)
    }

    /// Of the pairs the labels put together, the share the grouping found; nil when no two
    /// answers share a label.
    public var recall: Double? {
        self.labelledTogether == 0 ? nil : Double(self.together) / Double(self.labelledTogether)
    }

    /// The harmonic mean of precision and recall, 0 when no pair is together in both.
    public var f1: Double {
        guard self.together > 0, let precision, let recall else { return 0 }
        return 2 * precision * recall / (precision + recall)
    }

    /// Hubert and Arabie's adjusted Rand index (1985): 1 for the same grouping, about 0 for a
    /// grouping no better than chance with the same group sizes, below 0 for worse. From the
    /// pair counts: (together − expected) / (mean of the two groupings' pairs − expected), where
    /// expected = labelled × grouped / pairs. When both groupings are trivial the same way (all
    /// singletons, or one group) the ratio is 0/0 and the index is 1, as scikit-learn has it.
    public var adjustedRandIndex: Double {
        guard self.pairs > 0 else { return 1 }
        let expected = Double(self.labelledTogether) * Double(self.groupedTogether) / Double(self.pairs)
        let maximum = Double(self.labelledTogether + self.groupedTogether) / 2
        guard maximum != expected else { return 1 }
        return (Double(self.together) - expected) / (maximum - expected)
    }

    /// The counts of two disjoint sets of answers together (no pair across them counted).
    public static func + (left: Self, right: Self) -> Self {
        Self(together: left.together + right.together,
             groupedTogether: left.groupedTogether + right.groupedTogether,
             labelledTogether: left.labelledTogether + right.labelledTogether,
             pairs: left.pairs + right.pairs)
    }

    /// The zero of `+`.
    public static let none = Self(together: 0, groupedTogether: 0, labelledTogether: 0, pairs: 0)

    static func pairs(of count: Int) -> Int { count * (count - 1) / 2 }
}

/// A cell of the contingency table: answers with this label in this group.
private struct Pair<Label: Hashable, Group: Hashable>: Hashable {
    var label: Label
    var group: Group
}
