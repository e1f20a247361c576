import Foundation

/// A UUID's text as RFC 9562 prints it and as PostgreSQL does: lower-case hex in 8-4-4-4-12
/// groups, 36 bytes. The one copy of that formatting: PQ writes a `uuid` parameter with it, the
/// domain every id Debrief shows (`UUID.lowercasedText`) and the one-pass JSON of a submission.
///
/// Written from the bytes: Foundation's `uuidString` goes through `snprintf` and is upper case,
/// and `uuidString.lowercased()` was about 6,300 instructions an id, 8 % of a room list read's
/// (issue 72, callgrind).
public enum UUIDText {
    /// The bytes of the text.
    public static let count = 36

    public static func lowercased(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: Self.count) { text in
            Self.write(uuid, into: text)
            return Self.count
        }
    }

    /// Appends the text to `bytes`.
    public static func append(_ uuid: UUID, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: Self.count))
        bytes.withUnsafeMutableBufferPointer { all in
            Self.write(uuid, into: UnsafeMutableBufferPointer(rebasing: all[start...]))
        }
    }

    /// Writes the text into the first ``count`` bytes of `text`.
    private static func write(_ uuid: UUID, into text: UnsafeMutableBufferPointer<UInt8>) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            var position = 0
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                text[position] = Self.hexDigit(byte >> 4)
                text[position + 1] = Self.hexDigit(byte & 0x0F)
                position += 2
            }
        }
    }

    /// `0`–`9`, `a`–`f`.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
