/// 95 % intervals for the change between two independent groups of respondents (a session and
/// the next; docs/decisions/0099-what-an-action-changed.md). Both are the textbook methods a
/// statistician would reach for with small groups: Welch's t for two means (no equal-variance
/// assumption: the room may answer more alike one week), Newcombe's hybrid score interval for
/// two proportions (built from Wilson's, so it stays inside ±100 points and behaves at 0 % and
/// 100 %, where the simple Wald interval collapses to a point).
public enum DifferenceInterval: Sendable {
    /// A summary of one group's answers: how many, their mean and sample standard deviation.
    public struct Sample: Sendable, Equatable {
        public var count: Int
        public var mean: Double
        public var standardDeviation: Double

        public init(count: Int, mean: Double, standardDeviation: Double) {
            self.count = count
            self.mean = mean
            self.standardDeviation = standardDeviation
        }
    }

    /// `after.mean − before.mean` with Welch's 95 % interval; nil unless each group has two answers.
    /// The degrees of freedom are Welch–Satterthwaite's; when neither group varies, the pooled
    /// n₁ + n₂ − 2 (the interval is then the difference itself).
    public static func ofMeans(before: Sample, after: Sample) -> (difference: Double, interval: ConfidenceInterval)? {
        guard before.count >= 2, after.count >= 2 else { return nil }
        let difference = after.mean - before.mean
        let v1 = before.standardDeviation * before.standardDeviation / Double(before.count)
        let v2 = after.standardDeviation * after.standardDeviation / Double(after.count)
        let degrees =
            v1 + v2 > 0
            ? (v1 + v2) * (v1 + v2) / (v1 * v1 / Double(before.count - 1) + v2 * v2 / Double(after.count - 1))
            : Double(before.count + after.count - 2)
        guard let t = StudentT.criticalValue95(degreesOfFreedom: degrees) else { return nil }
        let margin = t * (v1 + v2).squareRoot()
        return (difference, ConfidenceInterval(lower: difference - margin, upper: difference + margin))
    }

    /// `after − before` in percentage points, each a share of its group's respondents, with
    /// Newcombe's hybrid score 95 % interval (his method 10); nil when a group is empty.
    public static func ofShares(
        before: (count: Int, of: Int), after: (count: Int, of: Int)
    ) -> (difference: Double, interval: ConfidenceInterval)? {
        guard before.of > 0, after.of > 0 else { return nil }
        let p1 = Double(before.count) / Double(before.of), p2 = Double(after.count) / Double(after.of)
        let (l1, u1) = self.wilson(p1, before.of), (l2, u2) = self.wilson(p2, after.of)
        let difference = p2 - p1
        let lower = difference - ((p2 - l2) * (p2 - l2) + (u1 - p1) * (u1 - p1)).squareRoot()
        let upper = difference + ((u2 - p2) * (u2 - p2) + (p1 - l1) * (p1 - l1)).squareRoot()
        return (100 * difference, ConfidenceInterval(lower: 100 * lower, upper: 100 * upper))
    }

    /// Wilson's score interval for a proportion `p` of `n`, at z = 1.95996.
    static func wilson(_ p: Double, _ n: Int) -> (lower: Double, upper: Double) {
        let z = 1.959964, z2 = z * z, count = Double(n)
        let centre = (p + z2 / (2 * count)) / (1 + z2 / count)
        let half = z / (1 + z2 / count) * (p * (1 - p) / count + z2 / (4 * count * count)).squareRoot()
        return (centre - half, centre + half)
    }
}

extension StudentT {
    /// t(0.975, df) for a fractional df (Welch's): between the whole degrees either side, linear
    /// in 1/df as the anchors are. Nil below 1.
    public static func criticalValue95(degreesOfFreedom df: Double) -> Double? {
        guard df >= 1, df.isFinite else { return df.isInfinite ? 1.95996 : nil }
        let low = Int(df.rounded(.down))
        guard let tLow = self.criticalValue95(degreesOfFreedom: low), Double(low) < df,
            let tHigh = self.criticalValue95(degreesOfFreedom: low + 1)
        else { return self.criticalValue95(degreesOfFreedom: low) }
        let x = 1 / df, xLow = 1 / Double(low), xHigh = 1 / Double(low + 1)
        return tHigh + (tLow - tHigh) * (x - xHigh) / (xLow - xHigh)
    }
}
