import Foundation
import HTTPTypes
import PQ
import PropertyBased
import Testing

/// A revision never leaves two responses (issue 32 item 14): browsers answer an anonymous form
/// that allows editing, then change their answers at random — through the change page, from a
/// page loaded before they first answered, with double taps — and the store, the results and the
/// export always hold one response per browser, with its last answers.
@Suite("Participant page: changing answers keeps one response per browser", .serialized)
struct ChangeAnswersPropertyTests {
    @Test func everyBrowserEndsWithOneResponseHoldingItsLastAnswers() async throws {
        try await ParticipantAPI.run { api, database in
            await propertyCheck(count: 5, input: Gen.int(in: 0...1_000_000)) { seed in
                do {
                    try await Self.check(api, database, seed: seed)
                } catch {
                    Issue.record(error)
                }
            }
        }
    }

    static func check(_ api: ParticipantAPI, _ database: Database, seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        var definition = ParticipantAPI.sampleForm(allowsEditing: true)
        definition["privacyThreshold"] = 1
        let form = try await api.publish(definition)
        let browsers = random.next(in: 1...4)
        var last: [Int] = []
        for browser in 0..<browsers {
            // A page loaded before the first answer, posted later (another tab).
            let stale = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            var rating = random.next(in: 1...5)
            let first = try await api.post("/f/\(form.code)", [("idempotency_key", try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))), ("q.useful", "\(rating)")])
            #expect(first.status == .seeOther, "seed \(seed)")
            let cookie = try #require(ParticipantBrowserLimitTests.receipt(first), "seed \(seed)")
            var staleUsed = false
            for _ in 0..<random.next(in: 0...3) {
                rating = random.next(in: 1...5)
                let key: String
                if !staleUsed, random.next(in: 0...2) == 0 {
                    key = stale
                    staleUsed = true
                } else {
                    key = try #require(try await api.page("/f/\(form.code)/change", cookie: cookie).inputValue("idempotency_key"))
                }
                let taps = random.next(in: 1...2)
                for _ in 0..<taps {
                    let sent = try await api.post("/f/\(form.code)", [("idempotency_key", key), ("q.useful", "\(rating)")], cookie: cookie)
                    #expect(sent.status == .seeOther, "seed \(seed), browser \(browser): \(sent.status)")
                }
            }
            last.append(rating)
        }
        let context = "seed \(seed), \(browsers) browsers, last answers \(last)"
        let stored: [Int] = try await database.query(
            """
            SELECT a.rating FROM answers a JOIN forms f ON f.id = a.form_id
            WHERE f.code = \(form.code) AND a.question_key = 'useful' ORDER BY a.rating
            """
        ).map { try $0.decode("rating") }
        #expect(stored == last.sorted(), "\(context)")
        let responses: Int = try await database.query(
            "SELECT count(*)::int AS n FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.code = \(form.code)")[0].decode("n")
        #expect(responses == browsers, "\(context)")

        // What the host reads: one response per browser, each rating counted once.
        let results = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results", token: form.hostToken)
        #expect((results.json?["summary"] as? [String: Any])?["responses"] as? Int == browsers, "\(context): \(results.text.prefix(400))")
        let useful = (results.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == "useful" }
        #expect(useful?["respondents"] as? Int == browsers, "\(context)")
        let csv = try await api.send(.get, "/v1/meetings/\(form.meetingID)/export.csv?layout=responses", token: form.hostToken)
        #expect(csv.text.split(separator: "\n").count == browsers + 1, "\(context)")
    }
}
