import Foundation

extension UUID {
    /// A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits.
    ///
    /// Response ids are made this way, from the same instant as `submitted_at`, so the newest
    /// responses are also the highest ids: an index on `answers (…, response_id)` then lists a
    /// question's newest texts without joining `responses` to sort by time (PostgreSQL orders
    /// uuids bytewise). The 74 random bits keep ids unique; no permission depends on an id.
    static func timeOrdered(at date: Date) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var bytes = UUID().uuid  // random bits to start from
        bytes.0 = UInt8(truncatingIfNeeded: milliseconds >> 40)
        bytes.1 = UInt8(truncatingIfNeeded: milliseconds >> 32)
        bytes.2 = UInt8(truncatingIfNeeded: milliseconds >> 24)
        bytes.3 = UInt8(truncatingIfNeeded: milliseconds >> 16)
        bytes.4 = UInt8(truncatingIfNeeded: milliseconds >> 8)
        bytes.5 = UInt8(truncatingIfNeeded: milliseconds)
        bytes.6 = 0x70 | (bytes.6 & 0x0F)  // version 7
        bytes.8 = 0x80 | (bytes.8 & 0x3F)  // RFC 9562 variant
        return UUID(uuid: bytes)
    }
}
