import Foundation
import TextFormats

/// Foundation's `JSONEncoder` writes a `UUID` as `uuidString`, in upper case; Debrief writes every
/// id in lower case, as RFC 9562 prints them and as the database, the CSV and the page links do
/// (`0f8e…`, never `0F8E…`), so a client can compare ids as strings.
///
/// ``DebriefJSONEncoder`` encodes every value through ``LowercaseUUIDEncoder``, which forwards to
/// JSONEncoder's own encoder and replaces each `UUID` with its lower-case string. Every type is
/// covered (response bodies, results reports, stored submissions, live events) without each one
/// spelling out its ids.
final class DebriefJSONEncoder: JSONEncoder, @unchecked Sendable {
    override func encode<T: Encodable>(_ value: T) throws -> Data {
        if value is any EncodesLowercaseIDs { return try super.encode(value) }
        return try super.encode(LowercaseUUIDs(value: value))
    }
}

/// A type whose own `encode(to:)` writes every id it holds as a lower-case string, so
/// ``DebriefJSONEncoder`` hands it to `JSONEncoder` as it is, whether it is encoded alone or
/// inside another value. The forwarding encoder costs a dynamic cast per value: a measurable
/// share of the CPU of a submission, whose 201 echoes every answer, and of a results report's
/// computation. Only hot types conform; a test encodes each both ways and compares.
public protocol EncodesLowercaseIDs: Encodable {}

extension UUID {
    /// The id as Debrief writes it everywhere: lower case, as RFC 9562 and PostgreSQL print it
    /// (``UUIDText``, the one copy of that formatting).
    public var lowercasedText: String { UUIDText.lowercased(self) }
}

struct LowercaseUUIDs<Value: Encodable>: Encodable {
    let value: Value

    func encode(to encoder: any Encoder) throws {
        try LowercaseUUIDEncoder.encode(self.value, to: encoder)
    }
}

struct LowercaseUUIDEncoder: Encoder {
    let base: any Encoder

    var codingPath: [any CodingKey] { self.base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { self.base.userInfo }

    /// Encodes `value` into `encoder`: a UUID as its lower-case string, JSONEncoder's own leaves
    /// (dates with the API's strategy, data, URLs, decimals) by JSONEncoder, anything else through
    /// this encoder again.
    static func encode<T: Encodable>(_ value: T, to encoder: any Encoder) throws {
        if let uuid = value as? UUID {
            var container = encoder.singleValueContainer()
            try container.encode(uuid.lowercasedText)
        } else {
            try value.encode(to: LowercaseUUIDEncoder(base: encoder))
        }
    }

    /// Values JSONEncoder must see as they are, because it special-cases them, and values that
    /// write their own ids (``EncodesLowercaseIDs``), whose whole subtree JSONEncoder then encodes
    /// without this encoder's casts and nested encoders per value: a results report's charts are
    /// most of its values (a timeline of 240 buckets each in `labels`, `data` and `rows`).
    static func isLeaf(_ value: Any) -> Bool {
        value is any EncodesLowercaseIDs || value is Date || value is Data || value is URL || value is Decimal
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer(base: self.base.container(keyedBy: type)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(base: self.base.unkeyedContainer())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(base: self.base.singleValueContainer(), encoder: self)
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var base: KeyedEncodingContainer<Key>
        var codingPath: [any CodingKey] { self.base.codingPath }

        mutating func encodeNil(forKey key: Key) throws { try self.base.encodeNil(forKey: key) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: String, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try self.base.encode(value, forKey: key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try self.base.encode(value, forKey: key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            if let uuid = value as? UUID {
                try self.base.encode(uuid.lowercasedText, forKey: key)
            } else if LowercaseUUIDEncoder.isLeaf(value) || value is String || value is Int || value is Bool || value is Double {
                try self.base.encode(value, forKey: key)
            } else {
                try value.encode(to: LowercaseUUIDEncoder(base: self.base.superEncoder(forKey: key)))
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedContainer<NestedKey>(base: self.base.nestedContainer(keyedBy: keyType, forKey: key)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            UnkeyedContainer(base: self.base.nestedUnkeyedContainer(forKey: key))
        }

        mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: self.base.superEncoder()) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { LowercaseUUIDEncoder(base: self.base.superEncoder(forKey: key)) }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        var base: any UnkeyedEncodingContainer
        var codingPath: [any CodingKey] { self.base.codingPath }
        var count: Int { self.base.count }

        mutating func encodeNil() throws { try self.base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try self.base.encode(value) }
        mutating func encode(_ value: String) throws { try self.base.encode(value) }
        mutating func encode(_ value: Double) throws { try self.base.encode(value) }
        mutating func encode(_ value: Float) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int8) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int16) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int32) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int64) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try self.base.encode(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            if let uuid = value as? UUID {
                try self.base.encode(uuid.lowercasedText)
            } else if LowercaseUUIDEncoder.isLeaf(value) || value is String || value is Int || value is Bool || value is Double {
                try self.base.encode(value)
            } else {
                try value.encode(to: LowercaseUUIDEncoder(base: self.base.superEncoder()))
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(KeyedContainer<NestedKey>(base: self.base.nestedContainer(keyedBy: keyType)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            UnkeyedContainer(base: self.base.nestedUnkeyedContainer())
        }

        mutating func superEncoder() -> any Encoder { LowercaseUUIDEncoder(base: self.base.superEncoder()) }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        var base: any SingleValueEncodingContainer
        let encoder: LowercaseUUIDEncoder
        var codingPath: [any CodingKey] { self.base.codingPath }

        mutating func encodeNil() throws { try self.base.encodeNil() }
        mutating func encode(_ value: Bool) throws { try self.base.encode(value) }
        mutating func encode(_ value: String) throws { try self.base.encode(value) }
        mutating func encode(_ value: Double) throws { try self.base.encode(value) }
        mutating func encode(_ value: Float) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int8) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int16) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int32) throws { try self.base.encode(value) }
        mutating func encode(_ value: Int64) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt8) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt16) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt32) throws { try self.base.encode(value) }
        mutating func encode(_ value: UInt64) throws { try self.base.encode(value) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            if let uuid = value as? UUID {
                try self.base.encode(uuid.lowercasedText)
            } else if LowercaseUUIDEncoder.isLeaf(value) || value is String || value is Int || value is Bool || value is Double {
                try self.base.encode(value)
            } else {
                // The same encoder, as JSONEncoder's single-value container does.
                try value.encode(to: self.encoder)
            }
        }
    }
}
