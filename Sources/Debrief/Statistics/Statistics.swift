/// Small, exact helpers shared by the aggregations.
public enum Statistics: Sendable {
    /// `100 × part / whole`, unrounded; 0 when `whole` is 0 (an empty chart shows 0 %,
    /// not NaN, which JSON cannot even encode).
    public static func percentage(part: Int, of whole: Int) -> Double {
        guard whole != 0 else { return 0 }
        return 100 * Double(part) / Double(whole)
    }

    /// The median of `values`, which must already be sorted ascending (e.g. minutes from
    /// meeting end to response, sorted by the database). With an even count it is the
    /// mean of the two middle values. Nil when empty.
    public static func median(ofSorted values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let middle = values.count / 2
        if values.count % 2 == 1 { return values[middle] }
        return (values[middle - 1] + values[middle]) / 2
    }

    /// The median of `values` in any order (sorts a copy). Nil when empty.
    public static func median(of values: [Double]) -> Double? {
        median(ofSorted: values.sorted())
    }
}

/// Critical values of Student's t distribution for two-sided 95 % intervals.
public enum StudentT: Sendable {
    /// t(0.975, df) for df = 1…30, to 4 decimals.
    static let table: [Double] = [
        12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
        2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
        2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
    ]

    /// Anchors beyond the table, ending with the normal value 1.95996 (df → ∞).
    static let anchors: [(df: Double, t: Double)] = [
        (30, 2.0423), (40, 2.0211), (50, 2.0086), (60, 2.0003), (80, 1.9901),
        (100, 1.9840), (120, 1.9799), (200, 1.9719), (500, 1.9647), (1000, 1.9623),
        (.infinity, 1.95996),
    ]

    /// t(0.975, df): exact table for df ≤ 30; above, linear interpolation in 1/df
    /// between the anchors, which is within 1e-4 of the true quantile (the quantile is
    /// nearly linear in 1/df). Nil for df < 1.
    public static func criticalValue95(degreesOfFreedom df: Int) -> Double? {
        guard df >= 1 else { return nil }
        if df <= table.count { return table[df - 1] }
        let x = 1 / Double(df)
        for (upper, lower) in zip(anchors, anchors.dropFirst()) {
            let xHigh = 1 / upper.df, xLow = 1 / lower.df // 1/∞ is 0
            if x <= xHigh && x >= xLow {
                return lower.t + (upper.t - lower.t) * (x - xLow) / (xHigh - xLow)
            }
        }
        return 1.95996
    }
}
