@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import PropertyBased
import Testing

/// The privacy promise, checked from the outside: on anonymous forms answered by fewer than k
/// people, nothing a participant wrote reaches any output. Each case is a random anonymous form
/// (k from 2 to 5) with two sessions, each answered by fewer than k people, whose short answers
/// and "other" texts are unique marker words; every output a host, a participant or an operator
/// can fetch is read and searched for the markers.
@Suite("Privacy: the threshold k holds in every output", .serialized)
struct PrivacyPropertyTests {
    @Test func noOutputShowsWhatFewerThanKPeopleWrote() async throws {
        // Each case signs a host up, more than one address may in an hour.
        var configuration = ParticipantAPI.configuration()
        configuration.signUpsPerAddressPerHour = 1_000
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            await propertyCheck(count: 4, input: Gen.int(in: 2...5), Gen.int(in: 0...1_000_000)) { k, seed in
                do {
                    try await Self.check(api, database, k: k, seed: seed)
                } catch {
                    Issue.record(error)
                }
            }
        }
    }

    static func check(_ api: ParticipantAPI, _ database: Database, k: Int, seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let form: [String: Any] = [
            "title": "Private", "anonymous": true, "privacyThreshold": k, "sharesResultsWithParticipants": true,
            "questions": [
                ["key": "useful", "prompt": "Useful?", "kind": "rating", "min": 1, "max": 5],
                ["key": "topic", "prompt": "Topic?", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
                 "options": [["id": "roadmap", "label": "Roadmap"], ["id": "hiring", "label": "Hiring"]]],
                ["key": "notes", "prompt": "Notes?", "kind": "shortAnswer", "maxLength": 500],
                ["key": "nps", "prompt": "Recommend?", "kind": "rating", "min": 0, "max": 10],
            ],
        ]
        let now = Date()
        let meeting = try #require(
            try await api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Small", "startsAt": ParticipantAPI.iso(now.addingTimeInterval(-3 * 3600)),
                       "endsAt": ParticipantAPI.iso(now.addingTimeInterval(-2 * 3600)), "expectedHeadCount": 4]
            ).json)
        let first = try #require(meeting["id"] as? String)
        let series = try #require(meeting["seriesId"] as? String)
        try #require(try await api.send(.put, "/v1/meetings/\(first)/form", token: token, json: form).status == .ok)
        let firstCode = try #require(try await api.send(.post, "/v1/meetings/\(first)/form/publish", token: token).string("code"))
        let next = try await api.send(
            .post, "/v1/meetings/\(first)/next", token: token,
            json: ["startsAt": ParticipantAPI.iso(now.addingTimeInterval(-3600)), "endsAt": ParticipantAPI.iso(now.addingTimeInterval(-1800))])
        let second = try #require(next.string("id"), "\(next.text)")
        let secondCode = try #require(try await api.send(.post, "/v1/meetings/\(second)/form/publish", token: token).string("code"))

        var markers: [String] = []
        var firstSubmission: Date?
        for code in [firstCode, secondCode] {
            for index in 0..<random.next(in: 1...(k - 1)) {
                let note = random.word(), other = random.word()
                markers += [note, other]
                var body: [String: Any] = ["answers": [
                    ["questionKey": "useful", "rating": random.next(in: 1...5)],
                    ["questionKey": "topic", "optionIds": random.next(in: 0...1) == 0 ? ["roadmap"] : ["hiring"], "otherText": other],
                    ["questionKey": "notes", "text": "\(note) was said"],
                    ["questionKey": "nps", "rating": random.next(in: 0...10)],
                ]]
                if index % 2 == 1 { body["participantToken"] = try await api.checkIn(code) }
                let reply = try await api.submit(code, body)
                try #require(reply.status == .created, "\(reply.text)")
                firstSubmission = firstSubmission ?? Date()
            }
        }

        var outputs: [(name: String, text: String)] = []
        func fetch(_ name: String, _ uri: String, token: String? = nil, cookie: String? = nil) async throws {
            let reply = cookie == nil ? try await api.send(.get, uri, token: token) : try await api.page(uri, cookie: cookie)
            outputs.append((name, reply.text))
        }
        let keys = ["useful", "topic", "notes", "nps"]
        let since = ParticipantAPI.iso(firstSubmission ?? now).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        for meeting in [first, second] {
            try await fetch("results", "/v1/meetings/\(meeting)/results", token: token)
            try await fetch("filtered results", "/v1/meetings/\(meeting)/results?since=\(since)&checkedInOnly=true", token: token)
            try await fetch("paged answers", "/v1/meetings/\(meeting)/questions/notes/answers", token: token)
            for key in keys { try await fetch("chart \(key)", "/v1/meetings/\(meeting)/charts/\(key).svg", token: token) }
            for name in ["timeline", "attendance"] {
                try await fetch("chart \(name)", "/v1/meetings/\(meeting)/charts/summary/\(name).svg", token: token)
            }
            for layout in ["responses", "answers", "summary", "trends"] {
                try await fetch("HTTP \(layout) CSV", "/v1/meetings/\(meeting)/export.csv?layout=\(layout)", token: token)
            }
            let snapshot = LiveResultsHub.reportSnapshot(ResultsActions(results: ResultsStore(database: database)))
            let event = try await snapshot(try #require(UUID(uuidString: meeting)))
            outputs.append(("live event", event.map { String(decoding: $0, as: UTF8.self) } ?? ""))
        }
        for code in [firstCode, secondCode] {
            try await fetch("shared results", "/v1/f/\(code)/results")
            try await fetch("thanks page", "/f/\(code)/thanks")
        }
        try await fetch("trends", "/v1/series/\(series)/trends", token: token)
        for key in keys { try await fetch("trend chart \(key)", "/v1/series/\(series)/charts/\(key).svg", token: token) }
        try await fetch("sessions chart", "/v1/series/\(series)/charts/summary/sessions.svg", token: token)
        for layout in ["responses", "answers", "summary", "trends"] {
            try await fetch("HTTP series \(layout) CSV", "/v1/series/\(series)/export.csv?layout=\(layout)", token: token)
        }
        // The live sheet (decision 101): the series' summary at its secret address, read as its maker.
        let sheet = try #require(try await api.send(.post, "/v1/series/\(series)/sheet", token: token).string("url"))
        try await fetch("live sheet", String(sheet[try #require(sheet.range(of: "/v1/sheets/")).lowerBound...]))
        let session = try #require(try await api.signIn(email: email).1)
        for path in [
            "/m/\(first)", "/m/\(first)/panel", "/m/\(first)/trends", "/m/\(second)", "/m/\(first)/report", "/m/\(first)/trends/report",
        ] {
            try await fetch("page \(path)", path, cookie: session.cookie)
        }
        for layout in ["responses", "answers", "summary", "trends"] {
            let cli = try await CLIExport.run(database: database, ["--series", series, "--layout", layout])
            #expect(cli.status == 0, "\(cli.output)")
            outputs.append(("CLI \(layout) CSV", cli.output))
        }

        #expect(outputs.count > 40)
        for output in outputs {
            #expect(!output.text.isEmpty, "\(output.name) is empty")
            let leaked = markers.filter { output.text.contains($0) }
            #expect(leaked.isEmpty, "k = \(k): \(output.name) shows \(leaked)")
        }
    }
}

/// Runs `debrief export` (the real binary `swift build` put beside the tests) on the test
/// database, the output on standard output.
enum CLIExport {
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["DEBRIEF_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("debrief")
    }

    static func run(database: Database, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-export-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = nil
        let child = try await ChildProcess.run(
            self.binary.path,
            ["export", "--database-url", database.configuration.url, "--log-format", "text", "-o", file.path] + arguments,
            environment: environment)
        let csv = (try? Data(contentsOf: file)) ?? Data()
        return (child.status, String(decoding: child.status == 0 ? csv : child.output + child.errors, as: UTF8.self))
    }
}

/// A small deterministic generator (SplitMix64), so a failing case can be replayed from its seed.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { self.state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        self.state &+= 0x9E37_79B9_7F4A_7C15
        var z = self.state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(self.next() % UInt64(range.count))
    }

    /// A lowercase word no form, page or chart contains by itself: `zq` and ten letters.
    mutating func word() -> String {
        "zq" + String((0..<10).map { _ in Character(UnicodeScalar(UInt8(97 + self.next(in: 0...25)))) })
    }
}
