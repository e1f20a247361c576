import Debrief
import Foundation
import PropertyBased
import Testing

/// ``AcceptedSubmissionJSON`` writes exactly the bytes `JSONCoding.encoder` writes for the same
/// ``AcceptedSubmission``: on generated values of every shape and on the strings that need
/// escaping, and as the exact text of a few examples.
@Suite("Accepted submission JSON: one pass, the encoder's bytes")
struct AcceptedSubmissionJSONTests {
    static let id = UUID(uuidString: "0F8E3A7C-4B2D-4E6F-9A1B-2C3D4E5F6A7B")!

    static func key(_ raw: String) -> QuestionKey { QuestionKey(rawValue: raw)! }

    /// Checks that ``AcceptedSubmissionJSON`` writes `expected` for `accepted`, and that
    /// `JSONCoding.encoder` does too. Bytes (`Data`) are compared, not strings: `String`'s `==`
    /// would take `é` and `e\u{301}` for the same text.
    static func expectJSON(_ accepted: AcceptedSubmission, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = Data(AcceptedSubmissionJSON.encode(accepted))
        let encoded = try JSONCoding.encoder.encode(accepted)
        #expect(written == Data(expected.utf8), "written: \(String(decoding: written, as: UTF8.self))", sourceLocation: sourceLocation)
        #expect(encoded == Data(expected.utf8), "encoded: \(String(decoding: encoded, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    // MARK: - Generated values

    @Test func generatedSubmissionsEncodeAsTheEncoderDoes() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...Int.max)) { seed in
            // PropertyBased's generator, seeded by the drawn seed, so a failing case replays from it.
            var random = Xoshiro(seed: (UInt64(seed), 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
            let accepted = Self.submission(&random)
            let written = Data(AcceptedSubmissionJSON.encode(accepted))
            let encoded = try? JSONCoding.encoder.encode(accepted)
            // Data, not String: bytes compared, and only their count printed.
            #expect(
                written == encoded,
                "seed \(seed):\n\(String(decoding: written, as: UTF8.self))\n\(encoded.map { String(decoding: $0, as: UTF8.self) } ?? "no encoding")")
            #expect(AcceptedSubmissionJSON.string(accepted) == String(decoding: written, as: UTF8.self))
        }
    }

    /// Every ASCII control character, the characters JSON escapes (and `/`, which
    /// `.withoutEscapingSlashes` leaves), DEL, the line and paragraph separators, accented letters
    /// (composed and combining), Hangul, emoji (with a joiner, a flag), a byte order mark, the
    /// last scalars of the planes, and plain letters, digits and punctuation.
    static let alphabet: [String] = {
        let controls: [String] = (0x00...0x1F).map { String(Character(Unicode.Scalar(UInt8($0)))) }
        let special: [String] = ["\"", "\\", "/", "\u{7F}", "\u{80}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFF}", "\u{10FFFF}"]
        let letters: [String] = ["é", "E", "e\u{301}", "ü", "ß", "Å", "한", "글", "회의", "👍", "👨‍👩‍👧", "🇰🇷"]
        let plain: [String] = ["a", "Z", "z", "0", "9", " ", "-", "_", ":", ",", "{", "}", "[", "]"]
        return controls + special + letters + plain
    }()

    static func string(_ random: inout Xoshiro, count: ClosedRange<Int> = 0...12) -> String {
        (0..<Int.random(in: count, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
    }

    /// 1–40 characters of `[a-z0-9_-]`, as question keys are.
    static func questionKey(_ random: inout Xoshiro) -> QuestionKey {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789_-")
        return Self.key(String((0..<Int.random(in: 1...40, using: &random)).map { _ in letters.randomElement(using: &random)! }))
    }

    /// The extremes, zero and small values, and anything in `Int`'s range.
    static func integer(_ random: inout Xoshiro) -> Int {
        switch Int.random(in: 0...5, using: &random) {
        case 0: [Int.min, Int.max, Int.min + 1, Int.max - 1, 0, -1].randomElement(using: &random)!
        case 1, 2: Int.random(in: -10...10, using: &random)
        default: Int.random(in: .min ... .max, using: &random)
        }
    }

    /// Whole milliseconds, fractions below a millisecond (which ``Timestamps`` rounds), and
    /// instants thousands of years before 1970 or after today.
    static func date(_ random: inout Xoshiro) -> Date {
        switch Int.random(in: 0...3, using: &random) {
        case 0: Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000_000, using: &random)) / 1000)
        case 1: Date(timeIntervalSince1970: Double.random(in: 1_700_000_000...1_900_000_000, using: &random))
        case 2: Date(timeIntervalSince1970: Double.random(in: -1e12...1e12, using: &random))
        default: Date(timeIntervalSince1970: Double(Int.random(in: 0...1_000_000, using: &random)) + Double.random(in: -0.0015...0.0015, using: &random))
        }
    }

    static func uuid(_ random: inout Xoshiro) -> UUID {
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        return bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
    }

    static func value(_ random: inout Xoshiro) -> AnswerValue {
        switch Int.random(in: 0...3, using: &random) {
        case 0:
            let ids = (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.string(&random) }
            return .choice(optionIds: ids, otherText: Bool.random(using: &random) ? Self.string(&random, count: 0...30) : nil)
        case 1:
            return .rating(Self.integer(&random))
        case 2:
            return .text(Self.string(&random, count: 0...60))
        default:
            // Distinct statement keys (as a dictionary sees them: canonically equivalent ones are
            // one key), in no particular order: the encoding sorts them.
            var seen: Set<String> = []
            var ratings: [GridRating] = []
            for _ in 0..<Int.random(in: 1...7, using: &random) {
                let statement = Bool.random(using: &random) ? Self.questionKey(&random).rawValue : Self.string(&random, count: 0...6)
                guard seen.insert(statement).inserted else { continue }
                ratings.append(GridRating(statementKey: statement, value: Self.integer(&random)))
            }
            return .grid(ratings)
        }
    }

    static func submission(_ random: inout Xoshiro) -> AcceptedSubmission {
        AcceptedSubmission(
            responseID: Self.uuid(&random), submittedAt: Self.date(&random),
            changedAt: Bool.random(using: &random) ? Self.date(&random) : nil,
            answers: (0..<Int.random(in: 0...8, using: &random)).map { _ in Answer(questionKey: Self.questionKey(&random), value: Self.value(&random)) },
            replacedEarlier: Bool.random(using: &random))
    }

    // MARK: - Fixed examples

    @Test("Every answer shape, members and statements sorted, changedAt null")
    func everyShape() throws {
        let accepted = AcceptedSubmission(
            responseID: Self.id, submittedAt: Date(timeIntervalSince1970: 1_800_000_000.125), changedAt: nil,
            answers: [
                Answer(questionKey: Self.key("topic"), value: .choice(optionIds: ["roadmap", "hiring"], otherText: "기타 \"x\"")),
                Answer(questionKey: Self.key("useful"), value: .rating(4)),
                Answer(questionKey: Self.key("notes"), value: .text("two\nlines / a\\b")),
                Answer(questionKey: Self.key("grid"), value: .grid([GridRating(statementKey: "time", value: 2), GridRating(statementKey: "agenda", value: -3)])),
                Answer(questionKey: Self.key("pace"), value: .choice(optionIds: [], otherText: nil)),
            ],
            replacedEarlier: false)
        try Self.expectJSON(
            accepted,
            #"{"answers":[{"optionIds":["roadmap","hiring"],"otherText":"기타 \"x\"","questionKey":"topic"},{"questionKey":"useful","rating":4},"#
                + #"{"questionKey":"notes","text":"two\nlines / a\\b"},{"questionKey":"grid","ratings":{"agenda":-3,"time":2}},"#
                + #"{"optionIds":[],"questionKey":"pace"}],"changedAt":null,"id":"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b","#
                + #""submittedAt":"2027-01-15T08:00:00.125Z"}"#)
    }

    @Test("No answers and a changedAt, both dates rounded to the millisecond")
    func noAnswers() throws {
        let accepted = AcceptedSubmission(
            responseID: Self.id, submittedAt: Date(timeIntervalSince1970: 0.0004), changedAt: Date(timeIntervalSince1970: 1_800_000_000.9996),
            answers: [], replacedEarlier: true)
        try Self.expectJSON(
            accepted,
            #"{"answers":[],"changedAt":"2027-01-15T08:00:01.000Z","id":"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b","submittedAt":"1970-01-01T00:00:00.000Z"}"#)
    }

    /// `String`'s `<` would put `e\u{301}x` after `é` (it compares canonical forms); the bytes of
    /// `e` come first.
    @Test("The extreme integers; statements sorted by their UTF-8 bytes, not numerically, not ignoring case, not normalized")
    func extremes() throws {
        let accepted = AcceptedSubmission(
            responseID: Self.id, submittedAt: Date(timeIntervalSince1970: 0), changedAt: nil,
            answers: [
                Answer(questionKey: Self.key("r"), value: .rating(.min)),
                Answer(questionKey: Self.key("s"), value: .rating(.max)),
                Answer(questionKey: Self.key("g"), value: .grid([
                    GridRating(statementKey: "é", value: 0), GridRating(statementKey: "b", value: 1), GridRating(statementKey: "a2", value: 2),
                    GridRating(statementKey: "a10", value: 3), GridRating(statementKey: "B", value: 4), GridRating(statementKey: "e\u{301}x", value: 5),
                ])),
            ],
            replacedEarlier: false)
        try Self.expectJSON(
            accepted,
            #"{"answers":[{"questionKey":"r","rating":-9223372036854775808},{"questionKey":"s","rating":9223372036854775807},"#
                + #"{"questionKey":"g","ratings":{"B":4,"a10":3,"a2":2,"b":1,"# + "\"e\u{301}x\":5," + #""é":0}}],"changedAt":null,"#
                + #""id":"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b","submittedAt":"1970-01-01T00:00:00.000Z"}"#)
    }

    @Test("Escapes: \\b \\t \\n \\f \\r, \\u00xx in lower case for the other controls; /, DEL, U+2028 and the rest as UTF-8")
    func escapes() throws {
        let controls = String((0x00...0x1F).map { Character(Unicode.Scalar(UInt8($0))) })
        let text = controls + "\"\\/\u{7F}\u{2028}\u{2029}é e\u{301} 한 👍"
        let accepted = AcceptedSubmission(
            responseID: Self.id, submittedAt: Date(timeIntervalSince1970: 0), changedAt: nil,
            answers: [Answer(questionKey: Self.key("notes"), value: .text(text))], replacedEarlier: false)
        let escaped = #"\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000b\f\r\u000e\u000f"#
            + #"\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f"#
            + #"\"\\/"# + "\u{7F}\u{2028}\u{2029}é e\u{301} 한 👍"
        try Self.expectJSON(
            accepted,
            #"{"answers":[{"questionKey":"notes","text":""# + escaped + #""}],"changedAt":null,"#
                + #""id":"0f8e3a7c-4b2d-4e6f-9a1b-2c3d4e5f6a7b","submittedAt":"1970-01-01T00:00:00.000Z"}"#)
    }
}
