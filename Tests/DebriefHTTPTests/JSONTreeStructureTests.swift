@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import Testing

@Suite("JSON bodies: structure checked before decoding, bad values located")
struct JSONTreeStructureTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The first value `JSONDecoder` cannot represent, as reading found it (nil for a body that
    /// is no JSON).
    static func unrepresentable(_ bytes: [UInt8]) -> FieldProblem? {
        (try? JSONTree.read(bytes))?.unrepresentable
    }

    @Test(arguments: [
        #"{}"#, #"[]"#, #"{"a":[1,-2,3.5e2,0.25,true,false,null,"x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"]}"#,
        " \n\t{ \"a\" : { \"b\" : [ ] } } \r\n", "\u{FEFF}{\"a\":1}", #""text""#, "42", "null",
        #"{"emoji":"👩🏽‍💻","rtl":"مرحبا","nul":"\u0000"}"#,
        String(repeating: "[", count: 64) + String(repeating: "]", count: 64),
    ])
    func wellFormedBodiesPass(_ text: String) throws {
        _ = try JSONTree.read(Self.bytes(text))
    }

    @Test(arguments: [
        "", "{", #"{"a":"#, #"{"a":1"#, #"{"a" 1}"#, #"{'a':1}"#, "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1",
        "tru", "nul", #"{"a":"unterminated}"#, "{\"a\":\"tab\there\"}", #""\x""#, #""\u12""#, "[1] 2", "NaN", "Infinity",
        "{\"a\":\u{0}}",
    ])
    func malformedBodiesAreRefused(_ text: String) {
        #expect(throws: JSONTree.Refusal.malformed) { _ = try JSONTree.read(Self.bytes(text)) }
    }

    /// 513 `[` and nothing else crashed JSONDecoder (a trap in Foundation, not an error); such
    /// bodies never reach it.
    @Test(arguments: [65, 513, 10_000])
    func deepBodiesAreRefusedBeforeTheDecoder(_ depth: Int) {
        for text in [String(repeating: "[", count: depth), String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth),
            "{\"title\":" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"]
        {
            #expect(throws: JSONTree.Refusal.tooDeep) { _ = try JSONTree.read(Self.bytes(text)) }
        }
    }

    @Test(arguments: [
        (#"{"title":"x","expectedHeadCount":1e400}"#, "expectedHeadCount", "is out of range"),
        (#"{"expectedHeadCount":18446744073709551616}"#, "expectedHeadCount", "is out of range"),
        (#"{"expectedHeadCount":-9223372036854775809}"#, "expectedHeadCount", "is out of range"),
        (#"{"expectedHeadCount":1e19}"#, "expectedHeadCount", "is out of range"),
        (#"{"answers":[{"questionKey":"q1","rating":4},{"questionKey":"q2","rating":4.5}]}"#, "answers[1].rating", "expected an integer"),
        (#"{"questions":[{"min":0.5}]}"#, "questions[0].min", "expected an integer"),
        (#"{"title":"\ud800"}"#, "title", "must be valid Unicode text"),
        (#"{"title":"\udc00\ud800"}"#, "title", "must be valid Unicode text"),
        ("[1, 2, 1e999]", "[2]", "is out of range"),
        ("1e400", "body", "is out of range"),
    ])
    func unrepresentableValuesAreNamed(_ text: String, _ path: String, _ message: String) throws {
        _ = try JSONTree.read(Self.bytes(text))
        #expect(Self.unrepresentable(Self.bytes(text)) == FieldProblem(path: path, message: message))
    }

    @Test func invalidUTF8InsideAStringIsNamed() throws {
        for bytes: [UInt8] in [
            Self.bytes(#"{"title":""#) + [0xFF, 0xFE] + Self.bytes(#""}"#),
            Self.bytes(#"{"title":""#) + [0xC0, 0xAF] + Self.bytes(#""}"#),  // overlong "/"
            Self.bytes(#"{"title":""#) + [0xED, 0xA0, 0x80] + Self.bytes(#""}"#),  // an encoded surrogate
            Self.bytes(#"{"title":""#) + [0xE2, 0x82] + Self.bytes(#""}"#),  // truncated
        ] {
            _ = try JSONTree.read(bytes)
            #expect(Self.unrepresentable(bytes) == FieldProblem(path: "title", message: "must be valid Unicode text"))
        }
    }

    @Test(arguments: [#"{"a":1,"b":[2,3.0,1e2],"c":"é"}"#, "{]"])
    func nothingToNameIsNil(_ text: String) {
        #expect(Self.unrepresentable(Self.bytes(text)) == nil)
    }
}
