@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Honest responses through the API and the pages, on a real database (docs/decisions/0036):
/// the signed opened ticket, speeders under a threshold the host retunes, straight-lining, the
/// filter that leaves flagged responses out under k, the CSV columns, and the shuffled option
/// order recorded exactly as the view showed it. "Slow" responses carry tickets signed with an
/// earlier time through the server's own signer: nothing sleeps.
@Suite("Honest responses: tickets, flags, filter, CSV and shuffled options")
struct HonestResponseFlowTests {
    static let options = (1...6).map { ["id": "o\($0)", "label": "Topic \($0)"] }

    static func form(threshold: Int?, privacyThreshold: Int = 4) -> [String: Any] {
        var form: [String: Any] = [
            "title": "Retro", "anonymous": true, "privacyThreshold": privacyThreshold,
            "questions": [
                ["key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5],
                ["key": "topic", "prompt": "Best topic?", "kind": "choice", "allowsOther": true, "shuffleOptions": true,
                 "options": Self.options],
                [
                    "key": "meeting", "prompt": "The meeting", "kind": "grid", "min": 1, "max": 5,
                    "statements": [["key": "agenda", "label": "Clear agenda"], ["key": "time", "label": "On time"], ["key": "voice", "label": "Everyone spoke"]],
                ],
            ],
        ]
        if let threshold { form["speederThresholdSeconds"] = threshold }
        return form
    }

    static func answers(rating: Int, grid: [Int], topic: String = "o2") -> [[String: Any]] {
        [
            ["questionKey": "useful", "rating": rating],
            ["questionKey": "topic", "optionIds": [topic]],
            ["questionKey": "meeting", "ratings": ["agenda": grid[0], "time": grid[1], "voice": grid[2]]],
        ]
    }

    /// The server's own ticket signer, over the test database's keys.
    static func signer(_ database: Database) -> OpenedTickets {
        OpenedTickets(keys: ServerKeys(database: database))
    }

    /// A ticket for `code` as if the form had been opened `secondsAgo` ago.
    static func ticket(_ database: Database, _ code: String, secondsAgo: TimeInterval, seed: UInt64 = 42) async throws -> String {
        try await Self.signer(database).sign(OpenedTicket(openedAt: Date().addingTimeInterval(-secondsAgo), seed: seed), code: code).text
    }

    static func results(_ api: ParticipantAPI, _ fixture: PublishedFixture, _ query: String = "") async throws -> [String: Any] {
        let reply = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results\(query)", token: fixture.hostToken)
        return try #require(reply.json, "\(reply.status) \(reply.text)")
    }

    static func quality(_ results: [String: Any]) throws -> [String: Any] {
        try #require(results["quality"] as? [String: Any], "\(results.keys)")
    }

    @Test func speedersAndStraightLinersAreFlaggedCountedAndLeftOutOnRequest() async throws {
        try await ParticipantAPI.run { api, database in
            // k = 1: the counts themselves are under test; on an anonymous form fewer than k of
            // them are withheld like any group (PrivacyLeakTests, docs/decisions/0009).
            let fixture = try await api.publish(Self.form(threshold: 30, privacyThreshold: 1))
            let view = try await api.send(.get, "/v1/f/\(fixture.code)")
            let fast = try #require(view.string("openedToken"), "\(view.text)")
            var ids: [String: String] = [:]
            func send(_ name: String, _ body: [String: Any]) async throws {
                let reply = try await api.submit(fixture.code, body)
                try #require(reply.status == .created, "\(name): \(reply.text)")
                let id: String = try #require(reply.string("id"))  // bound first: into a subscript it would check nothing
                ids[name] = id
            }
            // fast: the view's own ticket, answered at once (a speeder); lined: slow but every
            // statement alike (a straight-liner); slow1/slow2: honest; checkedIn: checked in, then
            // answered from a view of its own at once (a speeder); untimed: no ticket at all.
            try await send("fast", ["openedToken": fast, "answers": Self.answers(rating: 5, grid: [4, 3, 5])])
            try await send("lined", ["openedToken": try await Self.ticket(database, fixture.code, secondsAgo: 120), "answers": Self.answers(rating: 4, grid: [4, 4, 4])])
            try await send("slow1", ["openedToken": try await Self.ticket(database, fixture.code, secondsAgo: 120, seed: 7), "answers": Self.answers(rating: 2, grid: [1, 2, 3])])
            try await send("slow2", ["openedToken": try await Self.ticket(database, fixture.code, secondsAgo: 90), "answers": Self.answers(rating: 3, grid: [2, 3, 2])])
            let token = try await api.checkIn(fixture.code)
            let ownView = try #require(try await api.send(.get, "/v1/f/\(fixture.code)").string("openedToken"))
            try await send("checkedIn", ["participantToken": token, "openedToken": ownView, "answers": Self.answers(rating: 1, grid: [5, 4, 3])])
            try await send("untimed", ["answers": Self.answers(rating: 4, grid: [3, 2, 1])])

            var results = try await Self.results(api, fixture)
            var quality = try Self.quality(results)
            #expect(quality["speederThresholdSeconds"] as? Int == 30 && quality["speederThresholdIsDefault"] as? Bool == false)
            #expect(quality["timedResponses"] as? Int == 5, "\(quality)")
            #expect(quality["speeders"] as? Int == 2 && quality["straightLiners"] as? Int == 1 && quality["flagged"] as? Int == 3, "\(quality)")
            #expect(quality["flaggedExcluded"] as? Bool == false)
            let median = try #require(quality["medianCompletionSeconds"] as? Double)
            #expect((85...95).contains(median), "the median of ~0, ~0, 90, 120, 120 s: \(median)")
            #expect((results["summary"] as? [String: Any])?["responses"] as? Int == 6)
            // The unfiltered flags come from the tallies (SQL/0035); a filtered read counts the rows.
            var recounted = try Self.quality(try await Self.results(api, fixture, "?since=2000-01-01T00:00:00Z"))
            #expect(try Self.same(recounted, quality), "tallied \(quality), recounted \(recounted)")

            // Retuned on the open form: no new version, and the past responses are judged anew.
            let retuned = try await api.send(
                .put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: Self.form(threshold: 200, privacyThreshold: 1))
            #expect(retuned.status == .ok && retuned.json?["version"] as? Int == 1, "\(retuned.text)")
            results = try await Self.results(api, fixture, "?excludeFlagged=false")
            quality = try Self.quality(results)
            #expect(quality["speederThresholdSeconds"] as? Int == 200)
            #expect(quality["speeders"] as? Int == 5 && quality["flagged"] as? Int == 5, "\(quality)")
            quality = try Self.quality(try await Self.results(api, fixture))
            recounted = try Self.quality(try await Self.results(api, fixture, "?since=2000-01-01T00:00:00Z"))
            #expect(try Self.same(recounted, quality), "tallied \(quality), recounted \(recounted)")
            let back = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: Self.form(threshold: nil, privacyThreshold: 1))
            #expect(back.status == .ok)
            quality = try Self.quality(try await Self.results(api, fixture, "?since=2000-01-01T00:00:00Z"))
            #expect(quality["speederThresholdIsDefault"] as? Bool == true)
            #expect(quality["speederThresholdSeconds"] as? Int == 12, "2 for the rating, 2 + 6 × ½ for the choice, 3 × 1½ for the grid: 11.5, rounded up")
            let again = try await api.send(.put, "/v1/meetings/\(fixture.meetingID)/form", token: fixture.hostToken, json: Self.form(threshold: 30, privacyThreshold: 1))
            #expect(again.status == .ok)

            // Left out: three responses remain, nothing was deleted. At k = 1 they show; under k
            // the privacy rule of every filtered view withholds them (PrivacyLeakTests).
            let unfiltered = try Self.question(try await Self.results(api, fixture), "useful")
            #expect(unfiltered["withheld"] as? Bool == false)
            let filtered = try await Self.results(api, fixture, "?excludeFlagged=true")
            let summary = try #require(filtered["summary"] as? [String: Any])
            #expect(summary["responses"] as? Int == 3 && summary["responsesUnfiltered"] as? Int == 6 && summary["filtered"] as? Bool == true)
            #expect((filtered["filter"] as? [String: Any])?["excludeFlagged"] as? Bool == true)
            #expect(try Self.quality(filtered)["flaggedExcluded"] as? Bool == true)
            #expect(try Self.quality(filtered)["flagged"] as? Int == 3, "the flags are counted with the flagged responses in")
            let useful = try Self.question(filtered, "useful")
            #expect(useful["withheld"] as? Bool == false && useful["respondents"] as? Int == 3, "\(useful)")
            let bad = try await api.send(.get, "/v1/meetings/\(fixture.meetingID)/results?excludeFlagged=maybe", token: fixture.hostToken)
            #expect(bad.status == .unprocessableContent || bad.status == .badRequest, "\(bad.text)")
            #expect(bad.text.contains("excludeFlagged"))

            try await Self.checkCSV(api, fixture, ids: ids, shownOrder: try Self.order(view))

            if ProcessInfo.processInfo.environment["DEBRIEF_WRITE_EXAMPLES"] == "1" {
                let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/examples").standardized
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let unfilteredReport = try await Self.results(api, fixture)
                let excerpt: [String: Any] = [
                    "unfiltered": ["filter": unfilteredReport["filter"] ?? [:], "quality": unfilteredReport["quality"] ?? [:]],
                    "excludeFlagged": [
                        "filter": filtered["filter"] ?? [:], "quality": filtered["quality"] ?? [:],
                        "summary": ["responses": summary["responses"] ?? 0, "responsesUnfiltered": summary["responsesUnfiltered"] ?? 0],
                        "useful": ["withheld": useful["withheld"] ?? false, "withheldReason": useful["withheldReason"] ?? ""],
                    ],
                ]
                let json = try JSONSerialization.data(withJSONObject: excerpt, options: [.prettyPrinted, .sortedKeys])
                try json.write(to: folder.appendingPathComponent("quality-results.json"))
            }
        }
    }

    /// Seen on main: a straight-lined response without a ticket was tallied as a 3,600 s
    /// completion (`least` skips a NULL), a response without a ticket took its check-in's time,
    /// and one ticket timed any number of responses. Now only a ticket's first response is timed;
    /// the others have an unknown completion time and stay out of the timed count and the median,
    /// in the tallies and in a filtered recount alike (SQL/0038).
    @Test func onlyATicketsFirstResponseIsTimed() async throws {
        try await ParticipantAPI.run { api, database in
            // k = 1: one timed response is below any higher k, and the disclosure would (rightly)
            // withhold its median; what is checked here is which responses are timed.
            let fixture = try await api.publish(Self.form(threshold: 30, privacyThreshold: 1))
            let ticket = try await Self.ticket(database, fixture.code, secondsAgo: 120)
            func send(_ body: [String: Any]) async throws {
                let reply = try await api.submit(fixture.code, body)
                try #require(reply.status == .created, "\(reply.text)")
            }
            try await send(["openedToken": ticket, "answers": Self.answers(rating: 2, grid: [1, 2, 3])])
            // The same ticket replayed for more responses (no Idempotency-Key: each is new).
            try await send(["openedToken": ticket, "answers": Self.answers(rating: 3, grid: [2, 3, 4])])
            try await send(["openedToken": ticket, "answers": Self.answers(rating: 4, grid: [3, 4, 5])])
            // Straight-lined without a ticket; checked in without a ticket.
            try await send(["answers": Self.answers(rating: 5, grid: [4, 4, 4])])
            let token = try await api.checkIn(fixture.code)
            try await send(["participantToken": token, "answers": Self.answers(rating: 1, grid: [1, 3, 5])])

            let quality = try Self.quality(try await Self.results(api, fixture))
            #expect(quality["timedResponses"] as? Int == 1, "\(quality)")
            let median = try #require(quality["medianCompletionSeconds"] as? Double, "\(quality)")
            #expect((115...125).contains(median), "the one timed response's ~120 s: \(median)")
            #expect(quality["speeders"] as? Int == 0 && quality["straightLiners"] as? Int == 1 && quality["flagged"] as? Int == 1, "\(quality)")
            let recounted = try Self.quality(try await Self.results(api, fixture, "?since=2000-01-01T00:00:00Z"))
            #expect(try Self.same(recounted, quality), "tallied \(quality), recounted \(recounted)")
            #expect(try await participantCount(database, "SELECT count(opened_at)::int AS n FROM responses") == 1)
            #expect(try await participantCount(database, "SELECT count(opened_ticket)::int AS n FROM responses") == 1)
        }
    }

    @Test func aLowerKShowsTheFilteredView() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form(threshold: 30, privacyThreshold: 2))
            // A seed each: a ticket times one response (two of the same time and seed would be one ticket).
            for (seed, (seconds, grid)) in [(0.0, [1, 2, 3]), (120, [2, 2, 2]), (120, [1, 3, 5]), (100, [5, 4, 3]), (100, [2, 4, 1])].enumerated() {
                let body: [String: Any] = [
                    "openedToken": try await Self.ticket(database, fixture.code, secondsAgo: seconds, seed: UInt64(seed)),
                    "answers": Self.answers(rating: 3, grid: grid),
                ]
                try #require(try await api.submit(fixture.code, body).status == .created)
            }
            let filtered = try await Self.results(api, fixture, "?excludeFlagged=true")
            #expect((filtered["summary"] as? [String: Any])?["responses"] as? Int == 3)
            let useful = try Self.question(filtered, "useful")
            #expect(useful["withheld"] as? Bool == false && useful["respondents"] as? Int == 3, "two left out, k = 2: shown")
        }
    }

    @Test func aForgedMalformedForeignOrFutureTicketIsRefusedByItsPath() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form(threshold: nil))
            let other = try await api.publish(Self.form(threshold: nil))
            let good = try #require(try await api.send(.get, "/v1/f/\(fixture.code)").string("openedToken"))
            let foreign = try #require(try await api.send(.get, "/v1/f/\(other.code)").string("openedToken"))
            let parts = good.split(separator: ".").map(String.init)
            let earlier = String((Int64(parts[0]) ?? 0) - 600_000)
            let future = try await Self.ticket(database, fixture.code, secondsAgo: -3600)
            for bad in ["nonsense", earlier + "." + parts[1] + "." + parts[2], foreign, future, good + "x", String(repeating: "9", count: 500)] {
                let reply = try await api.submit(fixture.code, ["openedToken": bad, "answers": Self.answers(rating: 3, grid: [1, 2, 3])])
                #expect(reply.status == .unprocessableContent, "\(bad): \(reply.text)")
                #expect(reply.problemPaths.contains { $0.hasPrefix("openedToken: ") }, "\(bad): \(reply.problemPaths)")
            }
            let mixed = try await api.submit(fixture.code, ["openedToken": "nonsense", "answers": [["questionKey": "useful", "rating": 9]]])
            #expect(Set(mixed.problemPaths.map { String($0.prefix { $0 != ":" }) }) == ["openedToken", "answers[0].rating"], "every problem at once")
            let accepted = try await api.submit(fixture.code, ["openedToken": good, "answers": Self.answers(rating: 3, grid: [1, 2, 3])])
            #expect(accepted.status == .created, "\(accepted.text)")
            let wrongType = try await api.submit(fixture.code, ["openedToken": 12, "answers": Self.answers(rating: 3, grid: [1, 2, 3])])
            #expect(wrongType.status == .unprocessableContent || wrongType.status == .badRequest)
            #expect(wrongType.text.contains("openedToken"), "\(wrongType.text)")
        }
    }

    @Test func theViewShowsTheShuffledOrderTheResponseRecords() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form(threshold: nil))
            var seen: Set<[String]> = []
            for _ in 0..<8 {
                let view = try await api.send(.get, "/v1/f/\(fixture.code)")
                let order = try Self.order(view)
                #expect(Set(order) == Set(Self.options.map { $0["id"] ?? "" }))
                // The server derives the same order from the ticket's seed.
                let token = try #require(view.string("openedToken"))
                let ticket = try #require(try await Self.signer(database).verify(token, code: fixture.code))
                #expect(OptionOrder.presented(try Self.topicSpec(view), question: try #require(QuestionKey(rawValue: "topic")), seed: ticket.seed) == order + ["other"])
                seen.insert(order)
            }
            #expect(seen.count > 1, "each view has its own order")
        }
    }

    @Test func theParticipantPageCarriesItsTicketThroughACheckInAndARefusal() async throws {
        try await ParticipantAPI.run { api, database in
            var form = Self.form(threshold: 30)
            form["anonymous"] = false
            let fixture = try await api.publish(form)
            let page = try await api.page("/f/\(fixture.code)")
            let ticket = try #require(page.inputValue("opened_token"), "\(page.text.prefix(2000))")
            let checkedIn = try await api.post("/f/\(fixture.code)/check-in", [("name", "Ada Lovelace"), ("opened_token", ticket)])
            #expect(checkedIn.status == .ok, "\(checkedIn.text.prefix(1500))")
            #expect(checkedIn.inputValue("opened_token") == ticket, "the check-in keeps the first view's ticket")
            let order = Self.pageOrder(checkedIn.text)
            let seed = try #require(try await Self.signer(database).verify(ticket, code: fixture.code)).seed
            let spec = try Self.topicSpec(try await api.send(.get, "/v1/f/\(fixture.code)"))
            #expect(order == Array(OptionOrder.presented(spec, question: try #require(QuestionKey(rawValue: "topic")), seed: seed).dropLast()))
            let key = try #require(checkedIn.inputValue("idempotency_key"))
            let participant = try #require(checkedIn.inputValue("participant_token"))
            var fields = [("idempotency_key", key), ("participant_token", participant), ("opened_token", ticket), ("q.useful", "9")]
            let refused = try await api.post("/f/\(fixture.code)", fields)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.inputValue("opened_token") == ticket && Self.pageOrder(refused.text) == order, "a refusal keeps the order")
            fields = [("idempotency_key", key), ("participant_token", participant), ("opened_token", ticket), ("q.useful", "4"),
                      ("q.topic", order[0]), ("g.meeting.agenda", "3"), ("g.meeting.time", "3"), ("g.meeting.voice", "3")]
            let posted = try await api.post("/f/\(fixture.code)", fields)
            #expect(posted.status == .seeOther, "\(posted.text.prefix(1500))")
            let quality = try Self.quality(try await Self.results(api, fixture))
            #expect(quality["speeders"] as? Int == 1 && quality["straightLiners"] as? Int == 1 && quality["flagged"] as? Int == 1, "\(quality)")
            let rows = try await database.query("SELECT option_orders::text AS o, opened_at IS NOT NULL AS timed, straight_lined FROM responses")
            let row = try #require(rows.first)
            #expect(try row.decode("timed", as: Bool.self) && row.decode("straight_lined", as: Bool.self))
            #expect(try row.decode("o", as: String.self).contains((order + ["other"]).map { "\"\($0)\"" }.joined(separator: ", ")))

            let dashboard = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)", fixture)
            #expect(dashboard.text.contains("id=\"response-quality\"") && dashboard.text.contains("Speeders (faster than 30 s): 1"), "\(dashboard.text.prefix(4000))")
            #expect(dashboard.text.contains("href=\"/m/\(fixture.meetingID)?excludeFlagged=true\""))
            let excluded = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)?excludeFlagged=true", fixture)
            #expect(excluded.text.contains("Flagged responses are left out of these results."))
            #expect(excluded.text.contains("/m/\(fixture.meetingID)/panel?excludeFlagged=true"), "the live panel keeps the filter")
        }
    }

    @Test func theBuilderEditsTheThresholdAndTheShuffle() async throws {
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(Self.form(threshold: 45))
            let builder = try await GridQuestionFlowTests.hostPage(api, "/m/\(fixture.meetingID)/form", fixture)
            #expect(builder.text.contains("name=\"speederThresholdSeconds\" value=\"45\""), "\(builder.text.prefix(3000))")
            #expect(builder.text.contains("name=\"q1.shuffleOptions\" checked"))
        }
    }

    // MARK: - Helpers

    /// Whether two JSON objects are the same, as their canonical JSON.
    static func same(_ a: [String: Any], _ b: [String: Any]) throws -> Bool {
        try JSONSerialization.data(withJSONObject: a, options: .sortedKeys) == JSONSerialization.data(withJSONObject: b, options: .sortedKeys)
    }

    static func question(_ results: [String: Any], _ key: String) throws -> [String: Any] {
        try #require((results["questions"] as? [[String: Any]])?.first { $0["key"] as? String == key })
    }

    /// The option ids of `topic` in the order a `GET /v1/f/{code}` listed them.
    static func order(_ view: ParticipantReply) throws -> [String] {
        let topic = try #require((view.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "topic" })
        return try #require(topic["options"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    /// The topic question's spec in the form's own order (sorted by id: the fixture lists them so).
    static func topicSpec(_ view: ParticipantReply) throws -> ChoiceSpec {
        var spec = ChoiceSpec(
            options: try Self.order(view).sorted { (Int($0.dropFirst()) ?? 0) < (Int($1.dropFirst()) ?? 0) }
                .map { ChoiceOption(id: $0, label: "Topic \($0.dropFirst())") },
            allowsOther: true)
        spec.shuffleOptions = true
        return spec
    }

    /// The option ids of `topic` in the order the page lists its inputs.
    static func pageOrder(_ html: String) -> [String] {
        html.components(separatedBy: "name=\"q.topic\" value=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { $0 != "*other*" }
    }

    /// The raw layouts: the flag columns of every response, the shown order of the fast one.
    static func checkCSV(_ api: ParticipantAPI, _ fixture: PublishedFixture, ids: [String: String], shownOrder: [String]) async throws {
        let base = "/v1/meetings/\(fixture.meetingID)/export.csv?layout="
        let responses = try await CSVParser.records(try await api.send(.get, base + "responses", token: fixture.hostToken).body)
        for column in ["opened_at", "duration_seconds", "speeder", "straight_lined", "Best topic? [topic] (order)"] {
            #expect(responses.header.contains(column), "\(column) in \(responses.header)")
        }
        // An anonymous form's rows carry pseudonyms (decision 81).
        var exported: [String: String] = [:]
        for (name, id) in ids { exported[name] = try await AnonymousExportOrderTests.pseudonym(of: id, try #require(api.database)) }
        func row(_ name: String) throws -> [String: String] {
            try #require(responses.rows.first { $0["response_id"] == exported[name] }, "\(name)")
        }
        #expect(try row("fast")["speeder"] == "true" && row("fast")["straight_lined"] == "false")
        #expect(try row("lined")["speeder"] == "false" && row("lined")["straight_lined"] == "true")
        #expect(try row("slow1")["speeder"] == "false" && (119...125).contains(Double(row("slow1")["duration_seconds"] ?? "") ?? 0))
        #expect(try row("checkedIn")["speeder"] == "true" && !(row("checkedIn")["opened_at"] ?? "").isEmpty, "its own view dates it")
        #expect(try row("untimed")["speeder"] == "" && row("untimed")["opened_at"] == "" && row("untimed")["duration_seconds"] == "")
        #expect(try row("fast")["Best topic? [topic] (order)"] == (shownOrder + ["other"]).joined(separator: ";"), "exactly what the GET showed")
        #expect(try row("untimed")["Best topic? [topic] (order)"] == "", "no ticket, no shown order to record")

        let answers = try await CSVParser.records(try await api.send(.get, base + "answers", token: fixture.hostToken).body)
        let topic = try #require(answers.rows.first { $0["response_id"] == exported["fast"] && $0["question_key"] == "topic" })
        #expect(topic["presented_order"] == (shownOrder + ["other"]).joined(separator: ";"))
        #expect(topic["presented_position"] == String((shownOrder.firstIndex(of: "o2") ?? -1) + 1))
        #expect(topic["speeder"] == "true")

        let summary = try await CSVParser.records(try await api.send(.get, base + "summary", token: fixture.hostToken).body)
        #expect(summary.rows.allSatisfy { $0["speeders"] == "2" && $0["straight_liners"] == "1" && $0["flagged"] == "3" }, "\(summary.rows.first ?? [:])")
    }
}
