/// A position in PostgreSQL's write-ahead log, as `pg_current_wal_lsn()` prints it (`16/B374D848`).
public struct LSN: Sendable, Comparable, Hashable, CustomStringConvertible {
    public let value: UInt64

    public init(value: UInt64) {
        self.value = value
    }

    /// Parses `HIGH/LOW` (two hexadecimal halves); nil for anything else.
    public init?(_ text: String) {
        let halves = text.split(separator: "/")
        guard halves.count == 2, let high = UInt32(halves[0], radix: 16), let low = UInt32(halves[1], radix: 16) else { return nil }
        self.value = UInt64(high) << 32 | UInt64(low)
    }

    public var description: String {
        String(self.value >> 32, radix: 16, uppercase: true) + "/" + String(self.value & 0xFFFF_FFFF, radix: 16, uppercase: true)
    }

    public static func < (lhs: LSN, rhs: LSN) -> Bool { lhs.value < rhs.value }
}
