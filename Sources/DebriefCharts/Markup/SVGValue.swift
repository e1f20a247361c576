/// A value that can stand in an SVG attribute.
protocol SVGValue {
    /// The attribute text, before XML escaping.
    var svgText: String { get }
}

extension String: SVGValue {
    var svgText: String { self }
}

extension Int: SVGValue {
    var svgText: String { String(self) }
}

extension Double: SVGValue {
    /// At most two decimals, no exponent and no `-0`: short, stable output that every SVG
    /// parser reads. Not-a-number and infinities, which no coordinate may be, become 0.
    var svgText: String {
        guard self.isFinite else { return "0" }
        let hundredths = (self * 100).rounded()
        if hundredths == 0 { return "0" }
        let whole = Int(hundredths / 100)
        let fraction = abs(Int(hundredths.truncatingRemainder(dividingBy: 100)))
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        switch fraction {
        case 0: return "\(sign)\(whole)"
        case let f where f % 10 == 0: return "\(sign)\(whole).\(f / 10)"
        case let f where f < 10: return "\(sign)\(whole).0\(f)"
        default: return "\(sign)\(whole).\(fraction)"
        }
    }
}
