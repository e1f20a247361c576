// scripts/bench-submission-reading's program: reads one submission body READS times, as
// ParticipantController does (`readBody`, given by the script for the revision measured), and
// prints whether the one-pass reader took it.
//
//   reading older|newer|general READS
import Foundation

/// scripts/bench's body: a rating, two choices, a short answer (the older kinds).
let olderKinds = #"{"answers":[{"questionKey":"useful","rating":4},{"questionKey":"topic","optionIds":["roadmap","hiring"]},{"questionKey":"notes","text":"Useful, thanks \u2014 회의 👍"},{"questionKey":"nps","rating":9},{"questionKey":"pace","optionIds":["ok"]}]}"#
/// A ranking, a number and a date beside a rating and a choice.
let newerKinds = #"{"answers":[{"questionKey":"useful","rating":4},{"questionKey":"order","ranking":["roadmap","hiring","budget"]},{"questionKey":"minutes","number":32.5},{"questionKey":"offsite","date":"2026-12-04"},{"questionKey":"pace","optionIds":["ok"]}]}"#

/// Both bodies above as a client may also spell them, which the one-pass reader leaves to the
/// general path: a rating written `4.0`, a number `1E+1`, an escaped member name.
let generalPath = #"{"answers":[{"questionKey":"useful","rating":4.0},{"questionKey":"order","ranking":["roadmap","hiring","budget"]},{"questionKey":"minutes","number":1E+1},{"question\u004bey":"notes","text":"Useful, thanks \u2014 회의 👍"},{"questionKey":"pace","optionIds":["ok"]}]}"#

/// What `KnownMembers` names a member with (DebriefHTTP's `Request.path`, without Hummingbird).
enum Request {
    static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce("") { text, key in
            key.intValue.map { text + "[\($0)]" } ?? (text.isEmpty ? key.stringValue : text + "." + key.stringValue)
        }
    }
}

@inline(never)
func readSubmissionRepeatedly(_ bytes: [UInt8], _ count: Int) throws -> Int {
    var answers = 0
    for _ in 0..<count { answers += try readBody(bytes).answers?.count ?? 0 }
    return answers
}

@main
enum SubmissionReading {
    static func main() throws {
        let arguments = CommandLine.arguments
        let reads = Int(arguments[2]) ?? 1
        let bytes = Array((["newer": newerKinds, "general": generalPath][arguments[1]] ?? olderKinds).utf8)
        let answers = try readSubmissionRepeatedly(bytes, reads)
        precondition(answers == 5 * reads)
        print(SubmissionJSON.decode(bytes) == nil ? "no" : "yes")
    }
}
