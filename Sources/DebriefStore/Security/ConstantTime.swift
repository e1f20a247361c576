/// Comparisons of secrets whose duration does not depend on where the inputs differ.
///
/// A plain `==` on strings returns at the first differing byte, so how long a comparison takes
/// tells an attacker how many leading bytes of a guess were right. Every comparison of a secret
/// (or of a hash standing in for one) made in this process goes through here. Lookups by a
/// token's hash happen in PostgreSQL's index instead, where the hash reveals nothing.
public enum ConstantTime {
    /// True when `lhs` and `rhs` hold the same bytes. Always reads every byte of the longer input;
    /// only the lengths (public for fixed-length hashes and tokens) affect the time taken.
    public static func equals<L: Collection<UInt8>, R: Collection<UInt8>>(_ lhs: L, _ rhs: R) -> Bool {
        let count = max(lhs.count, rhs.count)
        var difference: UInt8 = lhs.count == rhs.count ? 0 : 1
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        for _ in 0..<count {
            difference |= (left.next() ?? 0) ^ (right.next() ?? 0)
        }
        return difference == 0
    }

    /// True when the two strings have the same UTF-8 bytes (no Unicode normalization: secrets are
    /// compared as the bytes they are).
    public static func equals(_ lhs: String, _ rhs: String) -> Bool {
        self.equals(Array(lhs.utf8), Array(rhs.utf8))
    }
}
