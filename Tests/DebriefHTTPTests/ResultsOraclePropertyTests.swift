@testable import DebriefApp
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import PropertyBased
import Testing

/// The oracle: random responses (every question kind; ratings, multiple choices with "other",
/// short answers; a follow-up shown to detractors; a grid of two statements; check-ins and repeated check-ins; participants editing their answers; the
/// host fixing the wording; a second form version under the same code; a second session of the
/// series) are recounted in plain Swift from what was sent, and every output that shows the
/// numbers must agree with the one recount — the JSON results (with the version split) and
/// trends, the charts' `<desc>`, the dashboard page's tables, and the `summary` and `trends` CSV.
@Suite("Results: an oracle for every number", .serialized)
struct ResultsOraclePropertyTests {
    struct Sent {
        var version: Int
        var useful: Int?
        var topics: [String]
        var other: String?
        var nps: Int
        var notes: String?
        /// The follow-up, answered only when shown (nps 0–6).
        var why: String?
        /// The grid's ratings by statement (some statements left unrated).
        var grid: [String: Int] = [:]
        var checkedIn: Bool
    }

    /// The grid's statements, rated 1–5 in every version.
    static let statements = ["clear", "time"]

    @Test func everyOutputAgreesWithARecountOfTheRows() async throws {
        try await ParticipantAPI.run(configuration: ParticipantAPI.configuration()) { api, _ in
            await propertyCheck(count: 6, input: Gen.int(in: 0...1_000_000)) { seed in
                do {
                    try await Self.check(api, seed: seed)
                } catch {
                    Issue.record(error)
                }
            }
        }
    }

    /// The highest `useful` rating of each version: version 2 changes the scale, so its answers
    /// are not counted with version 1's.
    static func usefulMax(_ version: Int) -> Int { version == 1 ? 5 : 7 }

    /// The form of `version`; `wording` changes prompts and labels only.
    static func form(version: Int, wording: String) -> [String: Any] {
        [
            "title": "Oracle\(wording)", "anonymous": true, "privacyThreshold": 1, "allowsEditing": true,
            "questions": [
                ["key": "useful", "prompt": "Useful\(wording)?", "kind": "rating", "min": 1, "max": Self.usefulMax(version)],
                ["key": "topic", "prompt": "Topics\(wording)?", "kind": "choice", "allowsMultiple": true, "allowsOther": true,
                 "options": [["id": "a", "label": "A\(wording)"], ["id": "b", "label": "B\(wording)"], ["id": "c", "label": "C\(wording)"]]],
                ["key": "nps", "prompt": "Recommend\(wording)?", "kind": "rating", "min": 0, "max": 10, "required": true],
                ["key": "notes", "prompt": "Notes\(wording)?", "kind": "shortAnswer"],
                ["key": "why", "prompt": "Why\(wording)?", "kind": "shortAnswer", "showWhen": ["question": "nps", "ratingBetween": [0, 6]]],
                ["key": "meeting", "prompt": "Meeting\(wording)?", "kind": "grid", "min": 1, "max": 5,
                 "statements": Self.statements.map { ["key": $0, "label": "\($0)\(wording)"] }],
            ],
        ]
    }

    static func randomResponse(_ random: inout SeededRandom, version: Int, checkedIn: Bool) -> Sent {
        var sent = Sent(
            version: version, useful: random.next(in: 0...3) == 0 ? nil : random.next(in: 1...Self.usefulMax(version)),
            topics: ["a", "b", "c"].filter { _ in random.next(in: 0...1) == 1 },
            other: random.next(in: 0...3) == 0 ? "other \(random.word())" : nil, nps: random.next(in: 0...10),
            notes: random.next(in: 0...2) == 0 ? nil : "note \(random.word())", checkedIn: checkedIn)
        // The follow-up is shown to detractors only, and some of them skip it.
        if sent.nps <= 6, random.next(in: 0...2) != 0 { sent.why = "why \(random.word())" }
        for statement in Self.statements where random.next(in: 0...3) != 0 { sent.grid[statement] = random.next(in: 1...5) }
        return sent
    }

    static func body(_ response: Sent, token: String?) -> [String: Any] {
        var answers: [[String: Any]] = [["questionKey": "nps", "rating": response.nps]]
        if let useful = response.useful { answers.append(["questionKey": "useful", "rating": useful]) }
        if !response.topics.isEmpty || response.other != nil {
            var topic: [String: Any] = ["questionKey": "topic", "optionIds": response.topics]
            if let other = response.other { topic["otherText"] = other }
            answers.append(topic)
        }
        if let notes = response.notes { answers.append(["questionKey": "notes", "text": notes]) }
        if let why = response.why { answers.append(["questionKey": "why", "text": why]) }
        if !response.grid.isEmpty { answers.append(["questionKey": "meeting", "ratings": response.grid]) }
        var body: [String: Any] = ["answers": answers]
        if let token { body["participantToken"] = token }
        return body
    }

    /// Sends `count` random responses to `code` (some after a check-in, checked in again, or
    /// edited by their participant); returns them as they stand and the people who checked in.
    static func respond(
        _ api: ParticipantAPI, _ code: String, version: Int, count: Int, random: inout SeededRandom
    ) async throws -> (sent: [Sent], people: Int) {
        var sent: [Sent] = []
        var people = 0
        for _ in 0..<count {
            let checkedIn = random.next(in: 0...2) == 0
            var response = Self.randomResponse(&random, version: version, checkedIn: checkedIn)
            var token: String?
            if checkedIn {
                token = try await api.checkIn(code)
                people += 1
                // A repeated check-in with the token is the same person.
                if random.next(in: 0...1) == 1 {
                    #expect(try await api.send(.post, "/v1/f/\(code)/check-in", json: ["participantToken": token ?? ""]).status == .ok)
                }
            }
            let reply = try await api.submit(code, Self.body(response, token: token))
            try #require(reply.status == .created, "\(reply.text)")
            // The form allows editing: a participant with a token may replace their answers.
            if checkedIn, random.next(in: 0...2) == 0 {
                response = Self.randomResponse(&random, version: version, checkedIn: true)
                let edit = try await api.submit(code, Self.body(response, token: token))
                try #require(edit.status == .ok || edit.status == .created, "\(edit.text)")
            }
            sent.append(response)
        }
        return (sent, people)
    }

    /// Per category, how many of `sent` chose it.
    static func ratingCounts(_ values: [Int], _ range: ClosedRange<Int>) -> [Int] { range.map { value in values.filter { $0 == value }.count } }
    static func topicCounts(_ sent: [Sent]) -> [Int] {
        ["a", "b", "c"].map { id in sent.filter { $0.topics.contains(id) }.count } + [sent.filter { $0.other != nil }.count]
    }
    static func answeredTopic(_ sent: [Sent]) -> [Sent] { sent.filter { !$0.topics.isEmpty || $0.other != nil } }
    static func percent(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : (Double(part) * 1000 / Double(whole)).rounded() / 10 }

    static func check(_ api: ParticipantAPI, seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let start = Date().addingTimeInterval(-2 * 3600)
        let meeting = try #require(try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Oracle", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600)),
                   "expectedHeadCount": 30]).json)
        let meetingID = try #require(meeting["id"] as? String)
        let seriesID = try #require(meeting["seriesId"] as? String)
        var wording = ""
        try #require(try await api.send(.put, "/v1/meetings/\(meetingID)/form", token: token, json: Self.form(version: 1, wording: wording)).status == .ok)
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meetingID)/form/publish", token: token).string("code"))

        var (sent, checkIns) = try await Self.respond(api, code, version: 1, count: random.next(in: 0...8), random: &random)
        // The host fixes the wording of the open form: same version, same code, answers kept.
        if random.next(in: 0...1) == 1 {
            wording = " (fixed)"
            let edited = try await api.send(.put, "/v1/meetings/\(meetingID)/form", token: token, json: Self.form(version: 1, wording: wording))
            try #require(edited.status == .ok, "\(edited.text)")
            #expect(edited.json?["version"] as? Int == 1)
            #expect(edited.string("code") == code)
        }
        // A change of meaning: a second version under the same code.
        let versions = random.next(in: 0...3) == 0 ? [1] : [1, 2]
        if versions.count == 2 {
            try #require(try await api.send(.post, "/v1/meetings/\(meetingID)/form/close", token: token).status == .ok)
            try #require(try await api.send(.put, "/v1/meetings/\(meetingID)/form", token: token, json: Self.form(version: 2, wording: wording)).status == .ok)
            #expect(try await api.send(.post, "/v1/meetings/\(meetingID)/form/publish", token: token).string("code") == code)
            let more = try await Self.respond(api, code, version: 2, count: random.next(in: 0...6), random: &random)
            sent += more.sent
            checkIns += more.people
        }
        // Some people check in and never answer.
        for _ in 0..<random.next(in: 0...2) {
            _ = try await api.checkIn(code)
            checkIns += 1
        }
        // A second session of the series, with the latest form copied, and a few answers.
        let next = try #require(try await api.send(
            .post, "/v1/meetings/\(meetingID)/next", token: token,
            json: ["startsAt": ParticipantAPI.iso(start.addingTimeInterval(86_400)), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(90_000))]).string("id"))
        let nextCode = try #require(try await api.send(.post, "/v1/meetings/\(next)/form/publish", token: token).string("code"))
        let current = versions.last ?? 1
        let later = try await Self.respond(api, nextCode, version: current, count: random.next(in: 0...4), random: &random)

        // The recount, in plain Swift.
        let inCurrent = sent.filter { $0.version == current }
        let usefulValues = inCurrent.compactMap(\.useful)
        let usefulCounts = Self.ratingCounts(usefulValues, 1...Self.usefulMax(current))
        let topicRespondents = Self.answeredTopic(sent).count
        let topicCounts = Self.topicCounts(sent)
        let npsCounts = Self.ratingCounts(sent.map(\.nps), 0...10)
        let notesRespondents = sent.filter { $0.notes != nil }.count
        let responded = sent.filter(\.checkedIn).count
        let perVersion = versions.map { version in sent.filter { $0.version == version } }
        let earlierUseful = versions.count == 2 ? Self.ratingCounts(perVersion[0].compactMap(\.useful), 1...5) : nil

        // JSON results.
        let results = try #require(try await api.send(.get, "/v1/meetings/\(meetingID)/results", token: token).json)
        let summary = try #require(results["summary"] as? [String: Any])
        #expect(summary["responses"] as? Int == sent.count)
        #expect(summary["checkedIn"] as? Int == checkIns)
        #expect(summary["checkedInResponded"] as? Int == responded)
        let rate = summary["responseRateOfCheckedIn"] as? Double
        #expect(checkIns == 0 ? rate == nil : abs((rate ?? -1) - Self.percent(responded, checkIns)) < 1e-9)
        #expect(results["formVersion"] as? Int == current)
        let listed = try #require(results["versions"] as? [[String: Any]])
        #expect(listed.map { $0["version"] as? Int } == versions)
        #expect(listed.map { $0["responses"] as? Int } == perVersion.map(\.count))
        let questions = try #require(results["questions"] as? [[String: Any]])
        func question(_ key: String) throws -> [String: Any] { try #require(questions.first { $0["key"] as? String == key }) }
        func counts(_ question: [String: Any]) -> [Int?] {
            ((question["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []).map { $0["count"] as? Int }
        }
        func split(_ question: [String: Any]) -> [Int?]? { (question["versions"] as? [[String: Any]])?.map { $0["respondents"] as? Int } }
        let useful = try question("useful")
        #expect(useful["respondents"] as? Int == usefulValues.count)
        #expect(useful["skipped"] as? Int == inCurrent.count - usefulValues.count)
        #expect(counts(useful) == usefulCounts)
        #expect(split(useful) == (versions.count == 2 ? [usefulValues.count] : nil), "another scale: only its own version")
        if usefulValues.isEmpty {
            #expect((useful["statistics"] as? [String: Any])?["mean"] == nil)
        } else {
            let mean = Double(usefulValues.reduce(0, +)) / Double(usefulValues.count)
            #expect(abs(((useful["statistics"] as? [String: Any])?["mean"] as? Double ?? -1) - mean) < 1e-9)
        }
        let topic = try question("topic")
        #expect(topic["respondents"] as? Int == topicRespondents)
        #expect(topic["skipped"] as? Int == sent.count - topicRespondents)
        #expect(counts(topic) == topicCounts)
        #expect(split(topic) == (versions.count == 2 ? perVersion.map { Self.answeredTopic($0).count } : nil))
        #expect(topic["prompt"] as? String == "Topics\(wording)?", "the current wording")
        let nps = try question("nps")
        #expect(counts(nps) == npsCounts)
        #expect(split(nps) == (versions.count == 2 ? perVersion.map(\.count) : nil))
        if !sent.isEmpty {
            let breakdown = try #require((nps["statistics"] as? [String: Any])?["nps"] as? [String: Any])
            #expect(breakdown["promoters"] as? Int == sent.filter { $0.nps >= 9 }.count)
            #expect(breakdown["detractors"] as? Int == sent.filter { $0.nps <= 6 }.count)
        }
        #expect(try question("notes")["respondents"] as? Int == notesRespondents)
        // The follow-up: shown to the detractors of every version (its condition never changed).
        let why = try question("why")
        let shown = sent.filter { $0.nps <= 6 }.count
        let whyRespondents = sent.filter { $0.why != nil }.count
        #expect(why["shownTo"] as? Int == shown)
        #expect(why["shownOf"] as? Int == sent.count)
        #expect(why["respondents"] as? Int == whyRespondents)
        #expect(why["skipped"] as? Int == shown - whyRespondents)
        // The grid: every version's ratings, per statement.
        let grid = try #require((try question("meeting"))["statements"] as? [[String: Any]])
        #expect(try question("meeting")["respondents"] as? Int == sent.filter { !$0.grid.isEmpty }.count)
        for (statement, result) in zip(Self.statements, grid) {
            #expect(result["key"] as? String == statement)
            #expect(counts(result) == Self.ratingCounts(sent.compactMap { $0.grid[statement] }, 1...5), "statement \(statement)")
        }
        let earlier = try #require(results["earlierQuestions"] as? [[String: Any]])
        if let earlierUseful {
            #expect(earlier.map { $0["key"] as? String } == ["useful"])
            #expect(earlier.first?["version"] as? Int == 1)
            #expect(earlier.first.map(counts) == earlierUseful)
        } else {
            #expect(earlier.isEmpty)
        }

        // The charts' descriptions.
        for (key, values, range) in [("useful", usefulValues, 1...Self.usefulMax(current)), ("nps", sent.map(\.nps), 0...10)] {
            let svg = try await api.send(.get, "/v1/meetings/\(meetingID)/charts/\(key).svg", token: token).text
            let desc = try #require(svg.range(of: "<desc>").flatMap { open in svg.range(of: "</desc>").map { String(svg[open.upperBound..<$0.lowerBound]) } })
            #expect(desc.contains(values.count == 1 ? "1 respondent," : "\(values.count) respondents,"), "\(desc)")
            if !values.isEmpty {
                for (value, count) in zip(range, Self.ratingCounts(values, range)) {
                    #expect(desc.contains(" \(value): \(count) \(count == 1 ? "answer" : "answers")."), "\(key) \(value) in \(desc)")
                }
            }
        }

        // The dashboard page's tables, rendered through the app like any page.
        let session = try #require(try await api.signIn(email: email).1)
        let dashboard = try await api.page("/m/\(meetingID)", cookie: session.cookie)
        try #require(dashboard.status == .ok)
        let html = dashboard.text
        #expect(html.contains("<span class=\"value\">\(sent.count)</span> Responses"))
        #expect(html.contains("<span class=\"value\">\(checkIns)</span> Checked in"), "the checked-in tile")
        let tables = Self.tables(html)
        func table(_ counts: [Int], total: Int) -> [String] { total == 0 ? [] : counts.map(String.init) }
        #expect(tables["useful"] == table(usefulCounts, total: usefulValues.count))
        #expect(tables["topic"] == table(topicCounts, total: topicRespondents))
        #expect(tables["nps"] == table(npsCounts, total: sent.count))
        if let earlierUseful {
            #expect(tables["v1-useful"] == table(earlierUseful, total: earlierUseful.reduce(0, +)))
            #expect(html.contains("Version 1: \(Self.answeredTopic(perVersion[0]).count) answered · Version 2: \(Self.answeredTopic(perVersion[1]).count) answered"))
        } else {
            #expect(tables["v1-useful"] == nil)
        }

        // The summary CSV.
        let csv = try await api.send(.get, "/v1/meetings/\(meetingID)/export.csv?layout=summary", token: token)
        let rows = try await CSVParser.records(csv.body).rows
        let usefulRows = rows.filter { $0["question_key"] == "useful" && $0["form_version"] == String(current) }
        #expect(usefulRows.map { Int($0["count"] ?? "") } == usefulCounts.map { $0 })
        #expect(rows.filter { $0["question_key"] == "topic" }.map { Int($0["count"] ?? "") } == topicCounts.map { $0 })
        #expect(rows.filter { $0["question_key"] == "nps" }.allSatisfy { Int($0["respondents"] ?? "") == sent.count })
        #expect(rows.allSatisfy { Int($0["responses"] ?? "") == sent.count })
        #expect(rows.filter { $0["question_key"] == "why" }.allSatisfy { $0["shown_to"] == String(shown) && $0["shown_of"] == String(sent.count) })
        for statement in Self.statements {
            let written = rows.filter { $0["statement_key"] == statement }.map { Int($0["count"] ?? "") }
            #expect(written == Self.ratingCounts(sent.compactMap { $0.grid[statement] }, 1...5).map { $0 }, "summary of \(statement)")
        }
        if let earlierUseful {
            #expect(rows.filter { $0["question_key"] == "useful" && $0["form_version"] == "1" }.map { Int($0["count"] ?? "") } == earlierUseful.map { $0 })
        }

        // Trends, JSON and CSV: session 1 counts every version, merged like the results.
        let trends = try #require(try await api.send(.get, "/v1/series/\(seriesID)/trends", token: token).json)
        let sessions = try #require(trends["sessions"] as? [[String: Any]])
        // Session 1 began two hours ago; session 2 starts tomorrow, so it is planned and shown
        // only when something in it was counted (decision 83), never as "0 responses, 0 %".
        let laterCounts = !later.sent.isEmpty || later.people > 0
        let shownSessions = laterCounts ? [1, 2] : [1]
        #expect(sessions.map { $0["responses"] as? Int } == [sent.count, later.sent.count].prefix(shownSessions.count).map { $0 })
        #expect(sessions.map { $0["checkedIn"] as? Int } == [checkIns, later.people].prefix(shownSessions.count).map { $0 })
        #expect(
            sessions.map { $0["checkedInResponded"] as? Int }
                == [responded, later.sent.filter(\.checkedIn).count].prefix(shownSessions.count).map { $0 })
        #expect(trends["planned"] as? Int == (laterCounts ? 0 : 1))
        let trendsCSV = try await api.send(.get, "/v1/series/\(seriesID)/export.csv?layout=trends", token: token)
        try #require(trendsCSV.status == .ok, "\(trendsCSV.text)")
        let points = try await CSVParser.records(trendsCSV.body).rows
        func point(_ key: String, _ session: Int) throws -> [String: String] {
            try #require(points.first { $0["question_key"] == key && $0["session_number"] == String(session) }, "\(key) \(session)")
        }
        // A trend needs two sessions: with one shown, the layout has no points.
        let pointed: Set<String> = shownSessions.count < 2 ? [] : Set(shownSessions.map(String.init))
        #expect(Set(points.compactMap { $0["session_number"] }) == pointed)
        for (number, respondents, topicSent) in [(1, sent, sent), (2, later.sent, later.sent)] where pointed.contains(String(number)) {
            #expect(try point("nps", number)["respondents"] == String(respondents.count))
            #expect(try point("why", number)["shown_to"] == String(respondents.filter { $0.nps <= 6 }.count))
            #expect(try point("useful", number)["respondents"] == String(respondents.filter { $0.version == current }.compactMap(\.useful).count))
            let answered = Self.answeredTopic(topicSent).count
            #expect(try point("topic", number)["respondents"] == String(answered))
            // Tidy: a row per option, its percent rounded to one decimal as the pages show it.
            let shares = zip(["a", "b", "c", "other"], Self.topicCounts(topicSent)).map { [$0, Self.csvNumber(Self.oneDecimal(Self.percent($1, answered)))] }
            let written = points.filter { $0["question_key"] == "topic" && $0["session_number"] == String(number) }
                .map { [$0["option_id"] ?? "", $0["percent"] ?? ""] }
            #expect(written == shares, "session \(number): \(written) against \(shares)")
            let people = number == 1 ? checkIns : later.people
            let rate = people == 0 ? Self.percent(respondents.count, 30) : Self.percent(respondents.filter(\.checkedIn).count, people)
            #expect(try point("nps", number)["response_rate"] == Self.csvNumber(Self.oneDecimal(rate)))
            #expect(try point("nps", number)["response_rate_of"] == (people == 0 ? "expectedHeadCount" : "checkedIn"))
            let means = Self.statements.map { statement -> [String] in
                let values = respondents.compactMap { $0.grid[statement] }
                return [statement, values.isEmpty ? "" : Self.csvNumber(Self.oneDecimal(Double(values.reduce(0, +)) / Double(values.count)))]
            }
            let writtenMeans = points.filter { $0["question_key"] == "meeting" && $0["session_number"] == String(number) }
                .map { [$0["statement_key"] ?? "", $0["statement_mean"] ?? ""] }
            #expect(writtenMeans == means, "session \(number)")
        }
    }

    /// One decimal, as the pages and the trends layout round (halves away from zero).
    static func oneDecimal(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    /// A number as the CSV writes it: an integer without a decimal point, else the shortest decimal.
    static func csvNumber(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : "\(value)" }

    /// The dashboard's "The numbers" tables: per question key (earlier versions' as `v1-key`),
    /// the count column of each row; no entry's table for a question with no answers is empty.
    static func tables(_ html: String) -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for section in html.components(separatedBy: "<section class=\"question\" aria-labelledby=\"result-").dropFirst() {
            guard let end = section.firstIndex(of: "\"") else { continue }
            let body = section.components(separatedBy: "</section>").first ?? ""
            let tbody = body.components(separatedBy: "<tbody>").dropFirst().first?.components(separatedBy: "</tbody>").first ?? ""
            tables[String(section[..<end])] = tbody.components(separatedBy: "<tr><th scope=\"row\">").dropFirst().map { row in
                row.components(separatedBy: "<td class=\"number\">").dropFirst().first?.components(separatedBy: "</td>").first ?? ""
            }
        }
        return tables
    }
}
