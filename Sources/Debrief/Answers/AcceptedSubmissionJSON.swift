import Foundation
import TextFormats

/// Writes an ``AcceptedSubmission`` as JSON in one pass, with no `Encoder`: byte for byte what
/// `JSONCoding.encoder.encode(accepted)` writes. Every accepted submission is encoded once for its
/// reply (201/200) and once more for its idempotency record; through `JSONEncoder` that was about
/// 10 % of the service's CPU under a full room of participants (issue 37).
///
/// The bytes must stay identical to `JSONEncoder`'s: a replay answers with the stored record, and
/// clients see both. So this writes exactly what `JSONEncoder` (swift-foundation's `JSONWriter`,
/// with ``JSONCoding``'s `.sortedKeys` and `.withoutEscapingSlashes`) writes, checked against it
/// on this platform by `AcceptedSubmissionJSONTests`:
///
/// - every object's members sorted by the UTF-8 bytes of their names, as `.sortedKeys` sorts them:
///   `{"answers":[…],"changedAt":…,"id":"…","submittedAt":"…"}`, and within an answer
///   `optionIds`, `otherText`, `questionKey`, `rating`, `ratings`, `text` (those present), the
///   grid's `ratings` by statement key;
/// - `changedAt` written as `null` when there is none, `otherText` left out when there is none;
/// - ids in lower case (``EncodesLowercaseIDs``), dates as ``Timestamps/format(_:)`` writes them;
/// - strings escaped as `JSONEncoder` escapes them (see `Writer.string(_:)`).
///
/// A change to ``AcceptedSubmission``'s or ``Answer``'s `encode(to:)` must be made here too; the
/// tests compare both on generated values.
public enum AcceptedSubmissionJSON {
    /// `accepted` as JSON: the UTF-8 bytes `JSONCoding.encoder.encode(accepted)` would write.
    public static func encode(_ accepted: AcceptedSubmission) -> [UInt8] {
        var writer = Writer()
        writer.bytes.reserveCapacity(Self.estimatedCount(accepted))
        writer.submission(accepted)
        return writer.bytes
    }

    /// As ``encode(_:)``, as text (the idempotency record's `accepted` column).
    public static func string(_ accepted: AcceptedSubmission) -> String {
        String(decoding: Self.encode(accepted), as: UTF8.self)
    }

    /// Roughly the encoded size, so the bytes grow once or not at all: the fixed members (about
    /// 120 bytes with both dates) and, per answer, its key and some 60 bytes of members. Not each
    /// value's own size: reaching it through the answer's kind cost about 1,700 instructions an
    /// answer (issue 72, callgrind), far more than growing the bytes once for a long text.
    private static func estimatedCount(_ accepted: AcceptedSubmission) -> Int {
        var count = 128
        for answer in accepted.answers {
            count += 64 + answer.questionKey.rawValue.utf8.count
        }
        return count
    }

    /// The one-pass writer; each kind's descriptor writes its answer's members with it
    /// (``QuestionKindDescriptor/writeJSON(_:questionKey:into:)``).
    public struct Writer {
        var bytes: [UInt8] = []

        // MARK: - The two object shapes

        mutating func submission(_ accepted: AcceptedSubmission) {
            self.raw("{\"answers\":[")
            for (index, answer) in accepted.answers.enumerated() {
                if index > 0 { self.bytes.append(UInt8(ascii: ",")) }
                self.answer(answer)
            }
            self.raw("],\"changedAt\":")
            if let changedAt = accepted.changedAt {
                self.string(Timestamps.format(changedAt))
            } else {
                self.raw("null")
            }
            self.raw(",\"id\":")
            self.id(accepted.responseID)
            self.raw(",\"submittedAt\":")
            self.string(Timestamps.format(accepted.submittedAt))
            self.bytes.append(UInt8(ascii: "}"))
        }

        /// The flat shape of ``Answer``'s `encode(to:)`, its members in sorted order: `questionKey`
        /// sorts after `optionIds` and `otherText` and before `rating`, `ratings` and `text`.
        mutating func answer(_ answer: Answer) {
            self.bytes.append(UInt8(ascii: "{"))
            answer.value.kind.descriptor.writeJSON(answer.value, questionKey: answer.questionKey.rawValue, into: &self)
            self.bytes.append(UInt8(ascii: "}"))
        }

        // MARK: - Values

        /// Punctuation and member names: written as they are.
        mutating func raw(_ text: StaticString) {
            self.bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// A JSON string, escaped as `JSONEncoder` escapes with `.withoutEscapingSlashes`: `"` and
        /// `\` with a backslash; of the control characters U+0000–U+001F, U+0008, U+0009, U+000A,
        /// U+000C and U+000D as `\b` `\t` `\n` `\f` `\r` and the others as `\u00xx` with lower-case
        /// hex digits. Everything else is left as its UTF-8, `/`, U+007F, U+2028 and U+2029
        /// included, and nothing is normalized.
        mutating func string(_ text: String) {
            self.bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                // Runs without an escape are copied whole.
                var start = 0
                for index in utf8.indices {
                    let byte = utf8[index]
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                    self.escape(byte)
                    start = index + 1
                }
                self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
            }
            self.bytes.append(UInt8(ascii: "\""))
        }

        private mutating func escape(_ byte: UInt8) {
            self.bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.bytes.append(byte)
            case 0x08: self.bytes.append(UInt8(ascii: "b"))
            case 0x09: self.bytes.append(UInt8(ascii: "t"))
            case 0x0A: self.bytes.append(UInt8(ascii: "n"))
            case 0x0C: self.bytes.append(UInt8(ascii: "f"))
            case 0x0D: self.bytes.append(UInt8(ascii: "r"))
            default:
                self.raw("u00")
                self.hexDigit(byte >> 4)
                self.hexDigit(byte & 0x0F)
            }
        }

        /// `0`–`9`, `a`–`f`.
        private mutating func hexDigit(_ value: UInt8) {
            self.bytes.append(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10)
        }

        /// Decimal digits, `-` first when negative, as `JSONEncoder` writes an `Int`.
        mutating func integer(_ value: Int) {
            if value < 0 { self.bytes.append(UInt8(ascii: "-")) }
            // The magnitude, so that Int.min needs no special case.
            var magnitude = value.magnitude
            let start = self.bytes.count
            repeat {
                self.bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
                magnitude /= 10
            } while magnitude > 0
            self.bytes[start...].reverse()
        }

        /// `"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b"` (``UUIDText``).
        mutating func id(_ id: UUID) {
            self.bytes.append(UInt8(ascii: "\""))
            UUIDText.append(id, to: &self.bytes)
            self.bytes.append(UInt8(ascii: "\""))
        }
    }
}
