import Foundation

/// A JSON number's value as the app's `JSONDecoder` (swift-foundation) reads it into an `Int` or
/// a `Double`, for readers of a body that must accept and refuse exactly what it did
/// (decision 89). `Decimal(string:)` is its decimal reading already.
public enum JSONNumbers {
    /// The `Int` the decoder reads from `text` (a well-formed number), or nil where it throws.
    /// Plain digits exactly; anything else as a `Double` (strtod) that must be whole and, below
    /// 2^53, is the value (so `4.0` is 4, `1e-400` is 0 and `4.5` fails); from 2^53 up the text is
    /// read again as a `Decimal` whose mantissa must fit 64 bits, its fraction dropped.
    public static func integer(_ text: String, isIntegral: Bool) -> Int? {
        if isIntegral, let value = Int(text) { return value }
        if let double = Double(text) {
            guard let value = Int(exactly: double) else { return nil }
            if double.magnitude < 9_007_199_254_740_992 { return value }
        }
        guard let decimal = Decimal(string: text), !decimal.isNaN, var magnitude = UInt64(decimal.significand.description) else {
            return nil
        }
        for _ in 0..<abs(decimal.exponent) {
            if decimal.exponent < 0 {
                magnitude /= 10
            } else {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = product
            }
        }
        guard let value = Int(exactly: magnitude) else { return nil }
        return decimal.sign == .minus ? -value : value
    }

    /// The `Double` the decoder reads from `text`, or nil where it throws: infinite, or rounded
    /// to zero from digits that are not all zero.
    public static func double(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite else { return nil }
        guard value == 0 else { return value }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): return nil
            case UInt8(ascii: "e"), UInt8(ascii: "E"): return value
            default: continue
            }
        }
        return value
    }
}
