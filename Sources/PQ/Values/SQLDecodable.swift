import struct Foundation.Date
import struct Foundation.UUID

/// A Swift type that a column value (in text format) can be decoded into.
public protocol SQLDecodable: Sendable {
    /// Decodes a column's text, `nil` meaning SQL NULL.
    static func decode(sqlText: String?, column: String) throws -> Self
}

/// A non-optional type decoded from a non-NULL text value; NULL is a decoding error.
public protocol SQLTextDecodable: SQLDecodable {
    init?(sqlText: String)
}

extension SQLTextDecodable {
    public static func decode(sqlText: String?, column: String) throws -> Self {
        guard let text = sqlText else {
            throw PQError(.decoding, "column \(column) is NULL but \(Self.self) is not optional")
        }
        guard let value = Self(sqlText: text) else {
            throw PQError(.decoding, "column \(column) cannot be read as \(Self.self)")
        }
        return value
    }
}

extension Optional: SQLDecodable where Wrapped: SQLDecodable {
    public static func decode(sqlText: String?, column: String) throws -> Self {
        guard let text = sqlText else { return nil }
        return try Wrapped.decode(sqlText: text, column: column)
    }
}

extension String: SQLTextDecodable {
    public init?(sqlText: String) { self = sqlText }
}

extension Bool: SQLTextDecodable {
    public init?(sqlText: String) {
        switch sqlText {
        case "t", "true": self = true
        case "f", "false": self = false
        default: return nil
        }
    }
}

extension Int: SQLTextDecodable {
    public init?(sqlText: String) { self.init(sqlText, radix: 10) }
}

extension Int64: SQLTextDecodable {
    public init?(sqlText: String) { self.init(sqlText, radix: 10) }
}

extension Int32: SQLTextDecodable {
    public init?(sqlText: String) { self.init(sqlText, radix: 10) }
}

extension Double: SQLTextDecodable {
    public init?(sqlText: String) {
        // `Double.init?(_:)` reads "NaN", "Infinity" and "-Infinity" as PostgreSQL prints them.
        self.init(sqlText)
    }
}

extension UUID: SQLTextDecodable {
    public init?(sqlText: String) { self.init(uuidString: sqlText) }
}

extension Date: SQLTextDecodable {
    public init?(sqlText: String) {
        guard let date = TimestampCodec.parse(sqlText) else { return nil }
        self = date
    }
}
