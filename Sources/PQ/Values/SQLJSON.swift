import Foundation

/// A `Codable` value stored in a `json`/`jsonb` column. Cast the parameter in SQL: `$1::jsonb`.
public struct SQLJSON<Value: Codable & Sendable>: SQLEncodable, SQLDecodable {
    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func sqlText() throws -> String? {
        let data = try Self.encoder.encode(self.value)
        let text = String(decoding: data, as: UTF8.self)
        // jsonb cannot hold U+0000, even escaped; refuse it here with a clear error.
        if text.contains("\\u0000") {
            throw PQError(.invalidParameter, "a JSON parameter contains a NUL character, which PostgreSQL cannot store")
        }
        return text
    }

    public static func decode(sqlText: String?, column: String) throws -> Self {
        guard let text = sqlText else {
            throw PQError(.decoding, "column \(column) is NULL but JSON value is not optional")
        }
        do {
            return Self(try Self.decoder.decode(Value.self, from: Data(text.utf8)))
        } catch {
            throw PQError(.decoding, "column \(column) holds JSON that does not match \(Value.self): \(error)")
        }
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(TimestampCodec.format(date))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = TimestampCodec.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a timestamp: \(text)")
            }
            return date
        }
        return decoder
    }
}
