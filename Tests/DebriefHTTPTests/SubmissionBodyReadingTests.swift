@testable import DebriefHTTP
import Debrief
import Foundation
import Hummingbird
import PropertyBased
import Testing

/// ``SubmissionJSON/read(_:)`` reads every submission body as the general path of every other
/// route (`Request.decodeJSON`: structure check, `JSONDecoder` through the member-recording
/// decoder, unknown members) reads it: the same value, or the same status and the same problems,
/// word for word (decision 89). That path stays for the other routes, so it is the reference.
@Suite("Submission bodies: one reader says what the general decoding said")
struct SubmissionBodyReadingTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case input(SubmissionInput)
        case refused(status: Int, problems: [String])

        var description: String {
            switch self {
            case .input(let input): "input \((try? JSONCoding.string(input)) ?? "?")"
            case .refused(let status, let problems): "\(status) \(problems)"
            }
        }
    }

    /// What `Request.decodeJSON` answers for `bytes` (the app's general path).
    static func decoderPath(_ bytes: [UInt8]) -> Outcome? {
        guard !bytes.isEmpty else { return .refused(status: 400, problems: ["body: a JSON body is required"]) }
        let document: (tree: JSONTree, unrepresentable: FieldProblem?)
        do {
            document = try Request.readStructure(bytes)
        } catch {
            return .refused(status: Int(error.status.code), problems: error.fieldProblems.map(\.description))
        }
        do {
            let (value, unknown) = try KnownMembers.decode(SubmissionInput.self, from: Data(bytes), document: document.tree, with: JSONCoding.decoder)
            guard unknown.isEmpty else { return .refused(status: 422, problems: unknown.map(\.description)) }
            return .input(value)
        } catch let error as DecodingError {
            let problem = Request.apiError(for: error, unrepresentable: document.unrepresentable)
            return .refused(status: Int(problem.status.code), problems: problem.fieldProblems.map(\.description))
        } catch {
            return nil  // a 500 before: nothing to keep
        }
    }

    /// What the submission route answers now.
    static func reader(_ bytes: [UInt8]) -> Outcome {
        do {
            return .input(try SubmissionJSON.read(bytes))
        } catch {
            let problem = ParticipantController.problem(error)
            return .refused(status: Int(problem.status.code), problems: problem.fieldProblems.map(\.description))
        }
    }

    static func expectSame(_ text: String, _ comment: String = "") {
        Self.expectSame(Array(text.utf8), comment)
    }

    static func expectSame(_ bytes: [UInt8], _ comment: String = "") {
        guard let before = Self.decoderPath(bytes) else { return }
        let now = Self.reader(bytes)
        #expect(now == before, "\(comment) \(String(decoding: bytes, as: UTF8.self))")
        if case .input(let a) = now, case .input(let b) = before {
            // The idempotency hash and the stored values are of this encoding.
            #expect((try? JSONCoding.string(a)) == (try? JSONCoding.string(b)))
        }
    }

    static let numbers = [
        "0", "-0", "-0.0", "4", "4.0", "4.5", "1e2", "1E+2", "4.5e1", "0.1e1", "1.0e0", "-1e2", "1e-400", "-1e-400", "0e-400", "0e400",
        "1e400", "-1e400", "1e-130", "1e-128", "1e-129", "1e127", "1e128", "1e18", "1e19", "9.2e18", "1.5e-5", "1e-2147483649",
        "1e99999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "9223372036854775807.0", "9007199254740993", "9007199254740993.0", "9007199254740993.00000", "18446744073709551616.5",
        "123456789012345678901234567890123456789012", "1.00000000000000000000000000000000000000000001", "32.50", "-32.5",
        "0.000000000000000000000000000000000000000000001", "12345678901234567890123456789012345678",
    ]

    @Test(arguments: Self.numbers)
    func everyNumberInEveryNumberMember(_ number: String) {
        for member in ["\"rating\":\(number)", "\"number\":\(number)", "\"ratings\":{\"a\":\(number)}", "\"optionIds\":[\(number)]", "\"date\":\(number)"] {
            Self.expectSame(#"{"answers":[{"questionKey":"q",\#(member)}]}"#)
        }
        Self.expectSame(number)
        Self.expectSame(#"{"answers":[],"language":\#(number)}"#)
    }

    static let bodies: [String] = [
        "", " ", "{", "[]", "null", #""text""#, "42", "1e400", #"{"answers":[]}}"#, #"{"answers":[],}"#, #"{"answers":[1,]}"#, "{}",
        #"{"answer":[]}"#, #"{"answers":[{"questionKey":"q","colour":"red"}]}"#, #"{"answers":[],"answers":[1]}"#,
        #"{"answers":[1],"answers":[]}"#, #"{"answers":[{"questionKey":"q","questionKey":"r"}]}"#,
        #"{"answers":[{"questionKey":"g","ratings":{"a":1,"a":2}}]}"#, #"{"answers":[{"questionKey":"g","ratings":{"a":null,"a":2}}]}"#,
        #"{"answers":{}}"#, #"{"answers":[null]}"#, #"{"answers":["x"]}"#, #"{"language":12345}"#, #"{"answers":[{"questionKey":true}]}"#,
        #"{"answers":[{"questionKey":"q","rating":"7"}]}"#, #"{"answers":[{"questionKey":"q","optionIds":["a",null]}]}"#,
        #"{"answers":[{"questionKey":"q","optionIds":"a"}]}"#, #"{"answers":[{"questionKey":"q","ratings":[1]}]}"#,
        #"{"answers":[{"questionKey":"q","ratings":{"a":"1"}}]}"#, #"{"answers":[{"questionKey":"q","ratings":{"a":null}}]}"#,
        #"{"answers":[{"questionKey":"q","number":"1"}]}"#, #"{"answers":[{"questionKey":"q","number":true}]}"#,
        #"{"answers":[{"questionKey":"q","date":5}]}"#, #"{"answers":[{"questionKey":"q","ranking":[1]}]}"#,
        #"{"answers":[{"questionKey":"q","rating":07}]}"#, #"{"answers":[{"questionKey":"q","rating":-}]}"#,
        #"{"language":"\ud800 lone"}"#, #"{"language":"\udc4d\ud83d reversed"}"#, #"{"language":"\ud83d\u0041"}"#, #"{"language":"\x"}"#,
        "{\"language\":\"a\u{01}b\"}", #"{"language":"unterminated}"#, #"{"language":nul}"#,
        #"{"colour":"\ud800","answers":[]}"#, #"{"answers":[{"questionKey":"q","rating":4.5}],"language":"\ud800"}"#,
        #"{"answers":[{"questionKey":"q","number":32.5}],"language":"\ud800"}"#, #"{"\ud800":1}"#, #"{"answers":[{"\ud800":1}]}"#,
        #"{"answers":[{"questionKey":"q","ratings":{"\ud800":1}}]}"#, #"{"answers":[{"questionKey":"q","optionIds":["\ud800"]}]}"#,
        #"{"zeta":1,"answers":[{"questionKey":"a","b":1,"a":2,"b":3},{"x":{"y":1}}],"alpha":{"z":[1]}}"#,
        #"{"answers":[{"question\u004bey":"q","n\u00f3pe":1}],"z\u00e9ta":[]}"#, #"{"answers":[{"questionKey":"q","text":"a\u0000b"}]}"#,
        #"{"answers":[{"questionKey":"q","ratings":{"a":4.5,"b":1}}],"colour":1}"#, #"{"answers":[{"rating":1e400}],"personalLink":5}"#,
        #"{"participantToken":5,"answers":[{"rating":"x"}]}"#, #"{"answers":[{"otherText":5,"optionIds":5}]}"#,
        #"{"answers":[{"questionKey":"q","number":1,"date":2}]}"#, #"{"answers":[{"questionKey":"q","number":null,"date":"2026-12-04","ranking":["a"]}]}"#,
        String(repeating: "[", count: 64) + String(repeating: "]", count: 64), String(repeating: "[", count: 65) + String(repeating: "]", count: 65),
        #"{"answers":"#  + String(repeating: "[", count: 70), #"{"answers":[{"x":"# + String(repeating: "{\"a\":", count: 70) + "1" + String(repeating: "}", count: 70) + "}]}",
        "\u{FEFF}{\"answers\":[{\"questionKey\":\"q\",\"rating\":4.0}]}",
    ]

    @Test(arguments: Self.bodies)
    func theSameAnswerAsTheDecoder(_ body: String) {
        Self.expectSame(body)
    }

    @Test func bytesThatAreNotUTF8() {
        Self.expectSame(Array(#"{"language":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8))
        Self.expectSame(Array(#"{"colour":""#.utf8) + [0xC0, 0xAF] + Array(#"","answers":[{"rating":4.5}]}"#.utf8))
        Self.expectSame(Array(#"{"answers":[{"questionKey":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}]}"#.utf8))
    }

    /// Generated bodies: members known and unknown, repeated now and then, each with a value of
    /// the right type or not, numbers of every spelling, strings that are not Unicode.
    @Test func generatedBodiesReadAsTheDecoderReadThem() async {
        await propertyCheck(count: 1000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = Xoshiro(seed: (UInt64(seed), 0x9E37_79B9_7F4A_7C15, 0xBF58_476D_1CE4_E5B9, 0x94D0_49BB_1331_11EB))
            Self.expectSame(Self.submission(&random), "seed \(seed):")
        }
    }

    static let leaves = [
        #""x""#, #""\u00e9 \ud83d\udc4d""#, #""\ud800""#, "true", "null", "0", "-0", "4", "4.0", "4.5", "1e2", "1e400", "1e-400", "32.50",
        "9223372036854775808", "[]", "{}", #"["a","b"]"#, #"["a",1]"#, #"{"a":1}"#, #"{"a":1.5}"#, #"{"a":1,"b":"x"}"#, #""2026-12-04""#,
    ]

    static func submission(_ random: inout Xoshiro) -> String {
        let names = ["participantToken", "language", "openedToken", "personalLink", "colour", "answers", "answers", "answers"]
        var members: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let name = names.randomElement(using: &random)!
            // One `answers` at most: the old path named unknown members of a repeated one's later
            // copies only when no name had an escape (its two ways of listing members differed).
            if name == "answers", members.contains(where: { $0.hasPrefix(#""answers""#) }) { continue }
            if name == "answers", Int.random(in: 0...5, using: &random) > 0 {
                let answers = (0..<Int.random(in: 0...3, using: &random)).map { _ in Self.answer(&random) }
                members.append(#""answers":[\#(answers.joined(separator: ","))]"#)
            } else {
                members.append(#""\#(name)":\#(Self.leaves.randomElement(using: &random)!)"#)
            }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func answer(_ random: inout Xoshiro) -> String {
        if Int.random(in: 0...9, using: &random) == 0 { return Self.leaves.randomElement(using: &random)! }
        let names = [
            "questionKey", "optionIds", "otherText", "rating", "text", "ratings", "ranking", "number", "date", "colour", #"n\u00f3pe"#,
            #"question\u004bey"#,
        ]
        let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
            #""\#(names.randomElement(using: &random)!)":\#(Self.leaves.randomElement(using: &random)!)"#
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
