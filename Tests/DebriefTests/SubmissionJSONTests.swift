import Debrief
import Foundation
import PropertyBased
import Testing

/// ``SubmissionJSON`` reads the bodies it accepts exactly as the general path (`JSONDecoder`)
/// does, and gives up (nil) on everything the general path must answer with a precise problem.
@Suite("Submission JSON: one pass into typed values")
struct SubmissionJSONTests {
    static let accepted: [String] = [
        #"{"answers":[{"questionKey":"useful","rating":4},{"questionKey":"topic","optionIds":["roadmap","hiring"]},{"questionKey":"notes","text":"Useful, thanks \u2014 회의 👍"},{"questionKey":"nps","rating":9},{"questionKey":"pace","optionIds":["ok"]}]}"#,
        #"{}"#,
        " \r\n\t{ \"answers\" : [ ] , \"language\" : \"ko\" } \n",
        "\u{FEFF}{\"answers\":[]}",
        #"{"participantToken":"abc","openedToken":"t.1","language":null,"answers":null}"#,
        #"{"answers":[{"questionKey":"q","optionIds":[],"otherText":"mine \"quoted\" \\ \/ \b\f\n\r\t \u00e9 \uFFFF"}]}"#,
        #"{"answers":[{"questionKey":"g","ratings":{"agenda":4,"time":-2,"":0}},{"questionKey":"r","rating":-0},{"questionKey":"x","rating":null,"text":null,"ratings":null,"optionIds":null}]}"#,
        #"{"answers":[{"questionKey":"r","rating":9223372036854775807},{"questionKey":"s","rating":-9223372036854775808}]}"#,
        #"{"answers":[{"question\u004bey":"escaped name","text":"a\u0000b"}]}"#,
        #"{"answers":[{}]}"#,
        // a surrogate pair escapes one scalar; the scanner joins it as the decoder does
        #"{"language":"\ud83d\udc4d paired","answers":[{"questionKey":"q","text":"\uD834\uDD1E"}]}"#,
    ]

    @Test("Accepted bodies decode to what JSONDecoder decodes", arguments: Self.accepted)
    func sameAsTheDecoder(_ body: String) throws {
        let bytes = Array(body.utf8)
        let expected = try JSONCoding.decoder.decode(SubmissionInput.self, from: Data(bytes))
        #expect(SubmissionJSON.decode(bytes) == expected)
    }

    static let refused: [String] = [
        "", "{", "[]", "null", #""text""#, "42", #"{"answers":[]}}"#, #"{"answers":[],}"#, #"{"answers":[1,]}"#,
        // unknown or repeated members: the general path names them
        #"{"answer":[]}"#, #"{"answers":[{"questionKey":"q","colour":"red"}]}"#, #"{"answers":[],"answers":[]}"#,
        #"{"answers":[{"questionKey":"q","questionKey":"r"}]}"#, #"{"answers":[{"questionKey":"g","ratings":{"a":1,"a":2}}]}"#,
        // wrong types
        #"{"answers":{}}"#, #"{"answers":[null]}"#, #"{"language":12345}"#, #"{"answers":[{"questionKey":true}]}"#,
        #"{"answers":[{"questionKey":"q","rating":"7"}]}"#, #"{"answers":[{"questionKey":"q","optionIds":["a",null]}]}"#,
        #"{"answers":[{"questionKey":"q","optionIds":"a"}]}"#, #"{"answers":[{"questionKey":"q","ratings":[1]}]}"#,
        // numbers no integer holds, or spelled so that only a decoder may say
        #"{"answers":[{"questionKey":"q","rating":4.5}]}"#, #"{"answers":[{"questionKey":"q","rating":4.0}]}"#,
        #"{"answers":[{"questionKey":"q","rating":1e2}]}"#, #"{"answers":[{"questionKey":"q","rating":9223372036854775808}]}"#,
        #"{"answers":[{"questionKey":"q","rating":-9223372036854775809}]}"#, #"{"answers":[{"questionKey":"q","rating":07}]}"#,
        #"{"answers":[{"questionKey":"q","rating":-}]}"#,
        // strings the decoder refuses, or that a surrogate escape spells
        #"{"language":"\ud800 lone"}"#, #"{"language":"\udc4d\ud83d reversed"}"#, #"{"language":"\ud83d\u0041"}"#, #"{"language":"\x"}"#, "{\"language\":\"a\u{01}b\"}",
        #"{"language":"unterminated}"#, #"{"language":nul}"#,
    ]

    @Test("Anything else is left to the general path", arguments: Self.refused)
    func leftToTheGeneralPath(_ body: String) {
        #expect(SubmissionJSON.decode(Array(body.utf8)) == nil)
    }

    @Test("Bytes that are not UTF-8 are left to the general path")
    func notUTF8() {
        #expect(SubmissionJSON.decode(Array(#"{"language":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8)) == nil)
        #expect(SubmissionJSON.decode(Array(#"{"language":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)) == nil)
    }

    // MARK: - Generated bodies of every kind

    /// Generated bodies with an answer of every kind, written with any spelling JSON allows
    /// (member order, whitespace, escapes, nulls): the one-pass reader declines or reads exactly
    /// what `JSONDecoder` reads, value and encoding alike; and it declines none whose numbers it
    /// reads itself (integers, decimals without an exponent), so no kind falls to the general path.
    @Test func generatedBodiesOfEveryKindReadAsTheDecoderReadsThem() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
            var body = Body()
            let text = body.submission(&random)
            let bytes = Array(text.utf8)
            let general = try? JSONCoding.decoder.decode(SubmissionInput.self, from: Data(bytes))
            let fast = SubmissionJSON.decode(bytes)
            if body.plain {
                #expect(general != nil, "seed \(seed): \(text)")
                #expect(fast != nil, "seed \(seed): \(text)")
            }
            guard let fast else { return }
            #expect(fast == general, "seed \(seed): \(text)")
            #expect((try? JSONCoding.encoder.encode(fast)) == (try? JSONCoding.encoder.encode(general)), "seed \(seed): \(text)")
        }
    }

    @Test("A ranking, a number and a date take the one-pass reader")
    func theNewerKindsTakeTheFastPath() throws {
        let body = #"{"answers":[{"questionKey":"order","ranking":["b","a"]},{"questionKey":"minutes","number":-32.50},{"questionKey":"offsite","date":"2026-12-04"},{"questionKey":"none","number":null,"date":null,"ranking":null}]}"#
        let fast = try #require(SubmissionJSON.decode(Array(body.utf8)))
        #expect(fast == (try JSONCoding.decoder.decode(SubmissionInput.self, from: Data(body.utf8))))
        #expect(fast.answers?[0].ranking == ["b", "a"])
        #expect(fast.answers?[1].kindMembers[decimal: "number"] == Decimal(string: "-32.5"))
        #expect(fast.answers?[2].kindMembers[text: "date"] == "2026-12-04")
        #expect(fast.answers?[3].kindMembers == KindMembers())
        // Each declared member once, and of its declared type: else the general path names it.
        for refused in [
            #"{"answers":[{"questionKey":"m","number":1,"number":2}]}"#, #"{"answers":[{"questionKey":"m","number":"1"}]}"#,
            #"{"answers":[{"questionKey":"d","date":20261204}]}"#, #"{"answers":[{"questionKey":"d","date":null,"date":"2026-12-04"}]}"#,
            #"{"answers":[{"questionKey":"r","ranking":["a",1]}]}"#, #"{"answers":[{"questionKey":"m","number":1e2}]}"#,
        ] {
            #expect(SubmissionJSON.decode(Array(refused.utf8)) == nil, "\(refused)")
        }
    }

    /// Writes a submission's JSON text member by member, in a random spelling.
    struct Body {
        /// False once a number the one-pass reader leaves to the general path is written.
        var plain = true

        mutating func submission(_ random: inout Xoshiro) -> String {
            var members: [(String, String)] = []
            if Bool.random(using: &random) { members.append(("participantToken", self.string(&random))) }
            if Bool.random(using: &random) { members.append(("language", Bool.random(using: &random) ? "null" : self.string(&random))) }
            let answers = (0..<Int.random(in: 0...8, using: &random)).map { _ in self.answer(&random) }
            members.append(("answers", self.list(answers, &random)))
            return self.object(members, &random)
        }

        /// One answer of a random kind: its key and the members that kind reads (and sometimes
        /// another kind's member as null).
        mutating func answer(_ random: inout Xoshiro) -> String {
            var members = [("questionKey", self.string(&random))]
            switch Int.random(in: 0...6, using: &random) {
            case 0:
                members.append(("optionIds", self.list((0..<Int.random(in: 0...3, using: &random)).map { _ in self.string(&random) }, &random)))
                if Bool.random(using: &random) { members.append(("otherText", self.string(&random))) }
            case 1: members.append(("rating", String(AcceptedSubmissionJSONTests.integer(&random))))
            case 2: members.append(("text", self.string(&random)))
            case 3:
                let keys = Set((0..<Int.random(in: 0...3, using: &random)).map { _ in AcceptedSubmissionJSONTests.string(&random, count: 1...4) })
                members.append(("ratings", self.object(keys.map { ($0, String(Int.random(in: -3...10, using: &random))) }, &random)))
            case 4: members.append(("ranking", self.list((0..<Int.random(in: 0...4, using: &random)).map { _ in self.string(&random) }, &random)))
            case 5: members.append(("number", self.number(&random)))
            default:
                let day = String(format: "%04d-%02d-%02d", Int.random(in: 1900...2100, using: &random), Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
                members.append(("date", Bool.random(using: &random) ? self.quoted(day, &random) : self.string(&random)))
            }
            if Int.random(in: 0...4, using: &random) == 0 {
                members.append((["number", "date", "ranking", "text", "rating"].randomElement(using: &random)!, "null"))
            }
            // A member twice is the general path's to name: keep the first of each name.
            var seen: Set<String> = []
            return self.object(members.filter { seen.insert($0.0).inserted }, &random)
        }

        /// Integers, fractions (trailing zeros, negative zero), and now and then an exponent or
        /// more digits than a `Decimal` holds.
        mutating func number(_ random: inout Xoshiro) -> String {
            let whole = String(AcceptedSubmissionJSONTests.integer(&random) % 1_000_000_000)
            switch Int.random(in: 0...9, using: &random) {
            case 0...3: return whole
            case 4...6: return whole + "." + String(Int.random(in: 0...999_999, using: &random)) + String(repeating: "0", count: Int.random(in: 0...2, using: &random))
            case 7: return ["-0", "-0.0", "0.000", "0"].randomElement(using: &random)!
            default:
                self.plain = false
                return whole + ["e2", "E-3", "e+0", "1234567890123456789012345678901234567890.5"].randomElement(using: &random)!
            }
        }

        func string(_ random: inout Xoshiro) -> String { self.quoted(AcceptedSubmissionJSONTests.string(&random), &random) }

        /// `text` quoted, each scalar written plainly when JSON allows, else escaped (and now and
        /// then escaped anyway: `\u00e9`, a surrogate pair, `\/`).
        func quoted(_ text: String, _ random: inout Xoshiro) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                let escape = Int.random(in: 0...5, using: &random) == 0
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "/" where escape: out += "\\/"
                case _ where scalar.value < 0x20 || escape:
                    for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }

        func object(_ members: [(String, String)], _ random: inout Xoshiro) -> String {
            "{" + members.shuffled(using: &random).map { self.space(&random) + self.quoted($0.0, &random) + self.space(&random) + ":" + self.space(&random) + $0.1 + self.space(&random) }.joined(separator: ",") + "}"
        }

        func list(_ items: [String], _ random: inout Xoshiro) -> String {
            "[" + items.map { self.space(&random) + $0 + self.space(&random) }.joined(separator: ",") + "]"
        }

        func space(_ random: inout Xoshiro) -> String {
            ["", "", "", " ", "\n\t", " \r\n "].randomElement(using: &random)!
        }
    }
}
