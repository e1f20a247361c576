/// Punycode (RFC 3492), only to measure an internationalized domain label as DNS sees it.
///
/// A domain label's 63-octet limit applies to its ASCII form (`xn--` + Punycode, RFC 5890), not
/// to its UTF-8 bytes: `가` repeated 22 times is 66 UTF-8 octets but a 29-octet DNS label, so
/// counting UTF-8 would refuse valid Korean domains. The application never sends the encoded
/// form anywhere; it is computed only for ``EmailAddress``'s length checks.
enum Punycode {
    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700, initialBias = 72, initialN = 128

    /// The label as DNS carries it: itself when ASCII, else `xn--` followed by its Punycode.
    static func asciiLabel(_ label: Substring) -> String {
        let scalars = label.unicodeScalars.map { Int($0.value) }
        guard scalars.contains(where: { $0 >= initialN }) else { return String(label) }
        return "xn--" + self.encode(scalars)
    }

    /// RFC 3492 section 6.3. Inputs are at most a few hundred code points (an address is at most
    /// 254 characters), so `delta` stays far below `Int`'s range.
    static func encode(_ input: [Int]) -> String {
        var output = input.filter { $0 < initialN }.map { Character(Unicode.Scalar(UInt8($0))) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { break }
            delta += (next - n) * (handled + 1)
            n = next
            for code in input {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(self.digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(self.digit(q))
                bias = self.adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + ((base - tMin + 1) * delta) / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? 0x61 + value : 0x30 + value - 26)))
    }
}
