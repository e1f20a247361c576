import struct Foundation.Date
import struct Foundation.UUID

/// A Swift value that can be sent as a text-format query parameter.
///
/// Queries should cast parameters in SQL (`$1::uuid`, `$2::timestamptz`) so the server never has
/// to guess a type.
public protocol SQLEncodable: Sendable {
    /// The value in PostgreSQL's text format, or `nil` for SQL NULL.
    func sqlText() throws -> String?
}

extension String: SQLEncodable {
    public func sqlText() throws -> String? {
        // libpq passes parameters as C strings: a NUL would silently cut the value short.
        if self.utf8.contains(0) {
            throw PQError(.invalidParameter, "a text parameter contains a NUL byte, which PostgreSQL cannot store")
        }
        return self
    }
}

extension Substring: SQLEncodable {
    public func sqlText() throws -> String? { try String(self).sqlText() }
}

extension Bool: SQLEncodable {
    public func sqlText() throws -> String? { self ? "true" : "false" }
}

extension Int: SQLEncodable {
    public func sqlText() throws -> String? { String(self) }
}

extension Int64: SQLEncodable {
    public func sqlText() throws -> String? { String(self) }
}

extension Int32: SQLEncodable {
    public func sqlText() throws -> String? { String(self) }
}

extension Double: SQLEncodable {
    public func sqlText() throws -> String? {
        if self.isNaN { return "NaN" }
        if self.isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        // Swift prints the shortest text that reads back to the same Double.
        return "\(self)"
    }
}

extension UUID: SQLEncodable {
    /// Lower-case hex in 8-4-4-4-12 groups, as PostgreSQL prints a `uuid`. Written from the bytes:
    /// `uuidString.lowercased()` was about 7,000 instructions a value, and each submission sends
    /// several (issue 72, callgrind).
    public func sqlText() throws -> String? {
        withUnsafeBytes(of: self.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
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
                return position
            }
        }
    }

    /// `0`–`9`, `a`–`f`.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension Date: SQLEncodable {
    public func sqlText() throws -> String? { TimestampCodec.format(self) }
}

extension Optional: SQLEncodable where Wrapped: SQLEncodable {
    public func sqlText() throws -> String? {
        switch self {
        case .none: return nil
        case .some(let value): return try value.sqlText()
        }
    }
}

extension Array: SQLEncodable where Element: SQLEncodable {
    /// A PostgreSQL array literal (`{"a","b",NULL}`); cast it in SQL, e.g. `$1::uuid[]`.
    ///
    /// Built as UTF-8 bytes: `"` and `\` are single bytes that never occur inside a multi-byte
    /// character, so escaping byte by byte is exact (and far cheaper than scalar by scalar, on
    /// the submission path that sends every answer as an array element). A plain loop, not
    /// `enumerated()`: this runs unspecialized (the parameter is an `any SQLEncodable`), where each
    /// step of an enumerated iterator looked up its tuple's metadata — half of this function's
    /// time in the submissions' profile (`scripts/bench-profile`).
    public func sqlText() throws -> String? {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(2 + self.count * 40)
        for element in self {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            guard let item = try element.sqlText() else {
                bytes.append(contentsOf: "NULL".utf8)
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in item.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
