import Foundation

/// Net Promoter Score on a 0–10 scale: promoters answered 9–10, passives 7–8,
/// detractors 0–6.
public struct NPSBreakdown: Sendable, Equatable, Codable {
    /// Answers of 9 or 10.
    public var promoters: Int
    /// Answers of 7 or 8.
    public var passives: Int
    /// Answers of 0 to 6.
    public var detractors: Int

    /// Creates a breakdown from the three group sizes.
    public init(promoters: Int, passives: Int, detractors: Int) {
        self.promoters = promoters
        self.passives = passives
        self.detractors = detractors
    }

    /// All answers.
    public var total: Int { promoters + passives + detractors }

    /// Share of promoters, 0–100.
    public var promoterPercentage: Double { Statistics.percentage(part: promoters, of: total) }
    /// Share of passives, 0–100.
    public var passivePercentage: Double { Statistics.percentage(part: passives, of: total) }
    /// Share of detractors, 0–100.
    public var detractorPercentage: Double { Statistics.percentage(part: detractors, of: total) }

    /// % promoters − % detractors, from −100 to 100, kept exact (unrounded) as a
    /// Double: `100 × (promoters − detractors) / total`, computed in one division so that
    /// e.g. 5 and 2 out of 10 give exactly 30. Nil when there are no answers.
    public var score: Double? {
        guard total > 0 else { return nil }
        return 100 * Double(promoters - detractors) / Double(total)
    }

    /// A 95 % interval for the score: each answer scores +100 (promoter), 0 or −100 (detractor),
    /// the score is their mean, so it is mean ± t(0.975, n − 1) · sd / √n of those scores, cut
    /// to −100…100 as a mean's interval is cut to its scale. Nil when n < 2.
    public var confidenceInterval95: ConfidenceInterval? {
        let n = Double(total)
        guard total >= 2, let score, let t = StudentT.criticalValue95(degreesOfFreedom: total - 1) else { return nil }
        let squares = Double(promoters) * pow(100 - score, 2) + Double(passives) * pow(score, 2)
            + Double(detractors) * pow(-100 - score, 2)
        let margin = t * (squares / (n - 1)).squareRoot() / n.squareRoot()
        return ConfidenceInterval(lower: score - margin, upper: score + margin).clamped(to: -100...100)
    }
}
