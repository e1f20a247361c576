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
    public func sqlText() throws -> String? { self.uuidString.lowercased() }
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
    public func sqlText() throws -> String? {
        var text = "{"
        for (index, element) in self.enumerated() {
            if index > 0 { text += "," }
            guard let item = try element.sqlText() else {
                text += "NULL"
                continue
            }
            text += "\""
            for character in item.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }
}
