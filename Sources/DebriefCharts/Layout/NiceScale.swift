import Foundation

/// A value axis with round tick values (1, 2 or 5 times a power of ten apart) covering the data.
struct NiceScale {
    let lower: Double
    let upper: Double
    let ticks: [Double]

    /// Covers `low…high` in about `targetTicks` steps (whole steps when `integers`, for
    /// counts); a flat or empty range still gets a positive span, so nothing divides by zero.
    init(low: Double, high: Double, targetTicks: Int = 4, integers: Bool = false) {
        let low = low.isFinite ? low : 0
        let high = high.isFinite ? max(high, low) : low
        let span = high - low
        let raw = Self.niceStep(span > 0 ? span / Double(max(1, targetTicks)) : max(1, abs(high)) / 2)
        let step = integers ? max(1, raw) : raw
        var lower = (low / step).rounded(.down) * step
        var upper = (high / step).rounded(.up) * step
        if upper <= lower { upper = lower + step }
        if lower == -0 { lower = 0 }
        self.lower = lower
        self.upper = upper
        let count = Int(((upper - lower) / step).rounded())
        self.ticks = (0...count).map { lower + Double($0) * step }
    }

    /// Where `value` falls, 0 at `lower` and 1 at `upper`.
    func fraction(_ value: Double) -> Double {
        (value - self.lower) / (self.upper - self.lower)
    }

    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let normalized = raw / magnitude
        let nice: Double = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10
        return nice * magnitude
    }
}
