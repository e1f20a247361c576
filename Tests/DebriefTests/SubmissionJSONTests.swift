import Debrief
import Foundation
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
}
