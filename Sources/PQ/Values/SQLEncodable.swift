import struct Foundation.Date
import struct Foundation.UUID
import TextFormats

/// A Swift value that can be sent as a text-format query parameter.
///
/// Queries should cast parameters in SQL (`$1::uuid`, `$2::timestamptz`) so the server never has
/// to guess a type.
public protocol SQLEncodable: Sendable {
    /// The value in PostgreSQL's text format, or `nil` for SQL NULL.
    func sqlText() throws -> String?

    /// `elements` as a PostgreSQL array literal (``Array/sqlText()``). A requirement, answered by
    /// the default below, so that each element type gets a loop of its own with `sqlText()`
    /// called directly; one generic loop over `any SQLEncodable` copied, cast and destroyed every
    /// element through its type's metadata.
    static func sqlArrayText(_ elements: [Self]) throws -> String
    /// As ``sqlArrayText(_:)``, `nil` elements written as `NULL` (``Optional``'s arrays).
    static func sqlArrayText(optionals elements: [Self?]) throws -> String
}

extension SQLEncodable {
    public static func sqlArrayText(_ elements: [Self]) throws -> String {
        var literal = SQLArrayLiteral(capacity: elements.count)
        for element in elements {
            literal.append(try element.sqlText())
        }
        return literal.finished()
    }

    public static func sqlArrayText(optionals elements: [Self?]) throws -> String {
        var literal = SQLArrayLiteral(capacity: elements.count)
        for element in elements {
            if let element {
                literal.append(try element.sqlText())
            } else {
                literal.append(nil)
            }
        }
        return literal.finished()
    }
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
    /// Lower-case hex in 8-4-4-4-12 groups, as PostgreSQL prints a `uuid` (``UUIDText``).
    public func sqlText() throws -> String? {
        UUIDText.lowercased(self)
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

    /// The wrapped type's own loop, which writes `nil` as `NULL`.
    public static func sqlArrayText(_ elements: [Wrapped?]) throws -> String {
        try Wrapped.sqlArrayText(optionals: elements)
    }
}

extension Array: SQLEncodable where Element: SQLEncodable {
    /// A PostgreSQL array literal (`{"a","b",NULL}`); cast it in SQL, e.g. `$1::uuid[]`. Written
    /// by the element type's ``SQLEncodable/sqlArrayText(_:)`` (``SQLArrayLiteral``).
    public func sqlText() throws -> String? {
        try Element.sqlArrayText(self)
    }
}
