import Foundation

/// The one JSON convention of Debrief: camelCase keys, keys sorted (so equal values encode to
/// equal bytes: idempotency hashes and stored values rely on it), slashes unescaped, and
/// timestamps as ``Timestamps`` writes them (ISO 8601, milliseconds, UTC), ids (`UUID`) in lower
/// case.
///
/// Swift spells identifiers `meetingID` (the API Design Guidelines' uniform case for acronyms);
/// JSON spells them `meetingId`, as the API always has: a type with such a property names its
/// wire key in its `CodingKeys` (`case meetingID = "meetingId"`).
///
/// The JSON API, the idempotency records and the live stream all encode through it, so a value
/// stored and replayed later reads exactly as it did when it was first sent.
public enum JSONCoding {
    public static var encoder: JSONEncoder {
        // Ids in lower case (``DebriefJSONEncoder``).
        let encoder: JSONEncoder = DebriefJSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamps.format(date))
        }
        return encoder
    }

    public static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamps.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: Timestamps.hint)
            }
            return date
        }
        return decoder
    }

    /// `value` as JSON text.
    public static func string(_ value: some Encodable) throws -> String {
        String(decoding: try Self.encoder.encode(value), as: UTF8.self)
    }
}
