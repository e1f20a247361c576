@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Mail
import PQ
import PropertyBased
import Testing

/// The privacy promise over every feature that carries an answer (issue 31): grid statements,
/// a chain of two follow-ups, straight-lining, languages, a removed response, and two form
/// versions counted together. Each case generates answers at random, an oracle counts them as
/// the rule says (merged versions, per question and per statement, and whatever is derived from a
/// withheld part withheld with it), and every output — the report JSON, the live event, the
/// shared results, the responses page and the removal confirmation (for the host and for a
/// viewer co-host), the three CSV layouts, the dashboard's newest answers, and the series' trends
/// (JSON, page and charts, over a second session) — is checked to show no value of a withheld part.
/// Webhook payloads carry no answers (``WebhookEvent``), so they have nothing to check; the team
/// chat digests (Slack and Teams, English and Korean, of both sessions) do, and are checked.
@Suite("Privacy: every feature, every output", .serialized)
struct PrivacyFeaturesPropertyTests {
    @Test func noOutputRevealsAPartTheRuleWithholds() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.signUpsPerAddressPerHour = 1_000
        // Mail configured, never delivered: roster messages carry personal links (issue 50).
        configuration.smtp = try SMTPSettings(url: "smtp://127.0.0.1:9", from: "debrief@example.org", startTLS: .none)
        configuration.mail.pollInterval = .seconds(3600)
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            await propertyCheck(count: 6, input: Gen.int(in: 2...4), Gen.int(in: 0...1_000_000)) { k, seed in
                do {
                    try await Self.check(api, database, k: k, seed: seed)
                } catch {
                    Issue.record("k \(k), seed \(seed): \(String(reflecting: error))")
                }
            }
        }
    }

    /// One generated response.
    struct Generated {
        var id = ""
        var pick: String?
        var sure: String?
        var why: String?
        var ratings: [String: Int] = [:]
        /// A ranking of `rank`'s options, first to last (a full order), or none.
        var order: [String]?
        /// An answer to the number question `minutes`, or none.
        var minutes: Double?
        var language = "en"

        var straightLined: Bool { self.ratings.count == 3 && Set(self.ratings.values).count == 1 }
    }

    /// What the rule withholds of the remaining responses, counted independently of the code.
    struct Oracle {
        var withheld: Set<String> = []
        /// Follow-ups whose deciding question is withheld: not even their counts are shown.
        var hidden: Set<String> = []
        var statements: Set<String> = []
        var straightLining = false
        var straightLiners = false
        var languages = false
        /// Respondents of `why` per word (each answer counts a word once), over every response.
        var whyWords: [String: Int] = [:]
        let k: Int

        /// Whether a word cloud may show `word` with `count`: `why` is shown, at least k
        /// respondents used the word, and no more than used it are counted.
        func cloudShows(_ word: String, count: Int) -> Bool {
            !self.withheld.contains("why") && count >= self.k && count <= (self.whyWords[word] ?? 0)
        }

        init(_ responses: [Generated], k: Int) {
            func small(_ n: Int) -> Bool { n > 0 && n < k }
            let pick = responses.filter { $0.pick != nil }.count
            let sure = responses.filter { $0.sure != nil }.count
            let why = responses.filter { $0.why != nil }.count
            if small(pick) { self.withheld.insert("pick") }
            if small(sure) { self.withheld.insert("sure") }
            if self.withheld.contains("pick") { self.withheld.insert("sure"); self.hidden.insert("sure") }
            if small(why) { self.withheld.insert("why") }
            if self.withheld.contains("sure") { self.withheld.insert("why"); self.hidden.insert("why") }
            let grid = responses.filter { !$0.ratings.isEmpty }.count
            if small(grid) { self.withheld.insert("g") }
            if small(responses.filter { $0.order != nil }.count) { self.withheld.insert("rank") }
            if small(responses.filter { $0.minutes != nil }.count) { self.withheld.insert("minutes") }
            for statement in ["a", "b", "c"] where small(responses.filter { $0.ratings[statement] != nil }.count) || small(grid) {
                self.statements.insert(statement)
            }
            self.straightLining = !self.statements.isEmpty
            self.straightLiners = self.straightLining || small(responses.filter(\.straightLined).count)
            let korean = responses.filter { $0.language == "ko" }.count
            self.languages = small(korean) || small(responses.count - korean)
            self.k = k
            for response in responses {
                for word in Set((response.why ?? "").split(separator: " ").map(String.init)) { self.whyWords[word, default: 0] += 1 }
            }
        }
    }

    static let labels = ["a": "Alpha", "b": "Beta", "c": "Gamma"]
    /// The words short answers share (``generate(_:)``): each a word no form, page or chart has.
    static let vocabulary = ["zqagenda", "zqcoffee", "zqtiming"]

    static func form(k: Int, extra: Bool) -> [String: Any] {
        var questions: [[String: Any]] = [
            ["key": "mood", "prompt": "Mood?", "kind": "rating", "min": 1, "max": 5, "required": true],
            ["key": "pick", "prompt": "Pick one", "kind": "choice",
             "options": [["id": "a", "label": "Apricotzq"], ["id": "b", "label": "Bananazq"]]],
            ["key": "sure", "prompt": "Sure?", "kind": "choice", "options": [["id": "yes", "label": "Yeszq"], ["id": "no", "label": "Nozq"]],
             "showWhen": ["question": "pick", "chosen": ["a"]]],
            ["key": "why", "prompt": "Why?", "kind": "shortAnswer", "showWhen": ["question": "sure", "chosen": ["yes"]]],
            ["key": "g", "prompt": "The meeting", "kind": "grid", "min": 1, "max": 9,
             "statements": ["a", "b", "c"].map { ["key": $0, "label": Self.labels[$0] ?? $0] }],
            ["key": "rank", "prompt": "Rank them", "kind": "ranking",
             "options": ["x", "y", "z"].map { ["id": $0, "label": "Rank\($0)zq"] }],
            ["key": "minutes", "prompt": "How long?", "kind": "number", "minimum": 0, "maximum": 90, "step": 0.5, "unit": "min"],
        ]
        // A second version adds a question: the others stay comparable, so their answers merge.
        var korean: [String: Any] = [
            "mood": ["prompt": "기분?"], "pick": ["prompt": "하나 고르기", "options": ["a": "살구", "b": "바나나"]],
            "sure": ["prompt": "확실해요?", "options": ["yes": "네", "no": "아니요"]], "why": ["prompt": "왜요?"],
            "g": ["prompt": "회의", "statements": ["a": "알파", "b": "베타", "c": "감마"]],
            "rank": ["prompt": "순위 매기기", "options": ["x": "엑스", "y": "와이", "z": "제트"]],
            "minutes": ["prompt": "얼마나?", "placeholder": "분"],
        ]
        if extra {
            questions.append(["key": "extra", "prompt": "Anything else?", "kind": "rating", "min": 1, "max": 3])
            korean["extra"] = ["prompt": "더 있나요?"]
        }
        return [
            "title": "Private", "anonymous": true, "privacyThreshold": k, "sharesResultsWithParticipants": true, "sharesResultsLive": true,
            "questions": questions, "translations": ["ko": ["title": "비공개", "questions": korean]],
        ]
    }

    static func generate(_ random: inout SeededRandom) -> Generated {
        var response = Generated()
        switch random.next(in: 0...9) {
        case 0...2: response.pick = "a"
        case 3...5: response.pick = "b"
        default: break
        }
        if response.pick == "a" {
            switch random.next(in: 0...2) {
            case 0: response.sure = "yes"
            case 1: response.sure = "no"
            default: break
            }
        }
        // A short answer: a word nobody else writes, and one or two of a small vocabulary that
        // others write too, so a word cloud has words used by fewer and by more than k people.
        if response.sure == "yes", random.next(in: 0...3) > 0 {
            var words = [random.word()]
            for _ in 0..<random.next(in: 1...2) { words.append(Self.vocabulary[random.next(in: 0...(Self.vocabulary.count - 1))]) }
            response.why = words.joined(separator: " ")
        }
        if random.next(in: 0...4) > 0 {
            let value = random.next(in: 1...8)
            let straight = random.next(in: 0...1) == 0
            response.ratings = ["a": value, "b": straight ? value : random.next(in: 1...8)]
            if random.next(in: 0...2) == 0 { response.ratings["c"] = straight ? value : 9 }
        }
        if random.next(in: 0...2) > 0 {
            var order = ["x", "y", "z"]
            for index in order.indices.reversed() { order.swapAt(index, random.next(in: 0...index)) }
            response.order = order
        }
        if random.next(in: 0...2) > 0 { response.minutes = Double(random.next(in: 0...180)) / 2 }
        response.language = random.next(in: 0...4) == 0 ? "ko" : "en"
        return response
    }

    static func body(_ response: Generated, _ random: inout SeededRandom) -> [String: Any] {
        var answers: [[String: Any]] = [["questionKey": "mood", "rating": random.next(in: 1...5)]]
        if let pick = response.pick { answers.append(["questionKey": "pick", "optionIds": [pick]]) }
        if let sure = response.sure { answers.append(["questionKey": "sure", "optionIds": [sure]]) }
        if let why = response.why { answers.append(["questionKey": "why", "text": why]) }
        if !response.ratings.isEmpty { answers.append(["questionKey": "g", "ratings": response.ratings]) }
        if let order = response.order { answers.append(["questionKey": "rank", "ranking": order]) }
        if let minutes = response.minutes { answers.append(["questionKey": "minutes", "number": minutes]) }
        return ["answers": answers, "language": response.language]
    }

    static func check(_ api: ParticipantAPI, _ database: Database, k: Int, seed: Int) async throws {
        var random = SeededRandom(seed: UInt64(seed))
        let email = try await api.signUp()
        let token = try #require(
            try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
        let start = Date().addingTimeInterval(-600)
        let created = try await api.send(
            .post, "/v1/meetings", token: token,
            json: ["title": "Small", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let meeting = try #require(created.string("id"), "\(created.text)")
        let series = try #require(created.string("seriesId"))
        try #require(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: Self.form(k: k, extra: false)).status == .ok)
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).string("code"))
        var roster = try await Self.setUpRoster(api, database, token: token, email: email, meeting: meeting, series: series)

        var responses: [Generated] = []
        for version in 0..<2 {
            if version == 1 {
                try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/close", token: token).status == .ok)
                let saved = try await api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: Self.form(k: k, extra: true))
                try #require(saved.status == .ok, "\(saved.text)")
                try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).status == .ok)
            }
            for _ in 0..<random.next(in: (version == 0 ? 1 : 0)...(k + 1)) {
                var response = Self.generate(&random)
                var body = Self.body(response, &random)
                body["personalLink"] = roster.link(&random)
                let reply = try await api.submit(code, body)
                try #require(reply.status == .created, "version \(version + 1): \(body) → \(reply.text)")
                response.id = try #require(reply.string("id"))
                responses.append(response)
            }
        }
        if responses.count > 1, random.next(in: 0...1) == 0 {
            let removed = responses.remove(at: random.next(in: 0...(responses.count - 1)))
            try #require(try await api.send(.delete, "/v1/meetings/\(meeting)/responses/\(removed.id)", token: token).status == .noContent)
        }
        let oracle = Oracle(responses, k: k)
        let context = "k = \(k), seed \(seed), \(responses.count) responses, withheld \(oracle.withheld.sorted()) \(oracle.statements.sorted())"

        // The JSON of the report, as the API, the live stream and participants get it.
        let meetingID = try #require(UUID(uuidString: meeting))
        let actions = ResultsActions(results: ResultsStore(database: database))
        let live = try await LiveResultsHub.reportSnapshot(actions)(meetingID)
        // The participants' live event (issue 37): the room's view, as the room's stream sends it.
        let roomLive = try await LiveResultsHub.participantSnapshot(actions)(meetingID)
        let room = try #require(roomLive.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }, "\(context)")
        let participantReports: [(String, [String: Any]?)] = [
            ("shared results", try await api.send(.get, "/v1/f/\(code)/results").json),
            ("participant live event", room),
        ]
        let reports: [(String, [String: Any]?)] = [
            ("results", try await api.send(.get, "/v1/meetings/\(meeting)/results", token: token).json),
            ("live event", live.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }),
        ] + participantReports
        for (name, json) in reports.dropLast() {
            let report = try #require(json, "\(name): \(context)")
            Self.checkReport(report, oracle, "\(name), \(context)")
        }
        Self.checkRoom(room, oracle, shared: try #require(participantReports[0].1), "room view, \(context)")
        // The dashboards' live event (``LiveCounts``): the room's numbers with the host's summary.
        let countsLive = try await LiveResultsHub.countsSnapshot(actions)(meetingID)
        let counts = try #require(countsLive.flatMap { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] }, "\(context)")
        let hostReport = try #require(reports[0].1, "\(context)")
        Self.checkRoom(counts, oracle, shared: hostReport, "hosts' live counts, \(context)")
        let (countsSummary, reportSummary) = (counts["summary"] as? [String: Any] ?? [:], hostReport["summary"] as? [String: Any] ?? [:])
        #expect(Set(countsSummary.keys) == Set(reportSummary.keys), "\(context): the counts' summary is the report's")
        for (key, value) in reportSummary where value is Int || value is String {
            #expect("\(countsSummary[key] ?? "none")" == "\(value)", "\(context): summary \(key)")
        }
        let countsText = String(describing: counts)
        #expect(counts["timeline"] == nil && !countsText.contains("newestAnswers"), "\(context): \(counts)")
        #expect(responses.compactMap(\.why).allSatisfy { !countsText.contains($0) }, "\(context): the hosts' counts carry a text")
        // Participants' counts skip the texts, which their view drops: it is the same view as
        // the host's counts (texts read) give.
        let withTexts = try #require(try await ResultsStore(database: database).counts(meeting: meetingID, visibleTo: .service, filter: ResultsFilter()))
        let shared = try #require(try await actions.sharedReport(formCode: code)).report
        let expected = ResultsReport(withTexts, filter: ResultsFilter(), now: shared.generatedAt).participantView
        #expect(shared == expected, "\(context): the participant view depends on the texts read")
        // What participants see carries no text anyone wrote, withheld or not: no newest answers,
        // no "Other" texts, no chart of a short answer's words; of those words only the word
        // cloud, and in it only words at least k respondents used (docs/decisions/0064).
        for (name, json) in participantReports {
            let report = try #require(json, "\(name): \(context)")
            let text = String(describing: report)
            let leaked = responses.compactMap(\.why).filter { text.contains($0) }
            #expect(leaked.isEmpty, "\(name), \(context): raw texts \(leaked)")
            for question in (report["questions"] as? [[String: Any]] ?? []) + (report["earlierQuestions"] as? [[String: Any]] ?? []) {
                let others = question["otherTexts"] as? [Any] ?? []
                #expect(Self.isNull(question["newestAnswers"]) && others.isEmpty, "\(name), \(context): \(question)")
            }
            #expect(Self.isNull(report["quality"]), "\(name), \(context): quality")
            Self.checkWordCloud(report, oracle, "\(name), \(context)")
        }
        // The hosts' live counts carry the room's view of each question, its word cloud too.
        Self.checkWordCloud(counts, oracle, "hosts' live counts, \(context)")
        Self.checkWordCloud(try #require(reports[0].1), oracle, "host's results, \(context)")

        // Pages that list single answers, for the host and for a viewer co-host.
        let viewer = try await api.signUp()
        let share = try await api.send(.post, "/v1/series/\(series)/shares", token: token, json: ["email": viewer, "role": "viewer"])
        try #require(share.status == .accepted, "\(share.text)")
        var pages: [(String, String)] = []
        for (who, account) in [("host", email), ("viewer", viewer)] {
            let session = try #require(try await api.signIn(email: account).1)
            pages.append(("\(who) responses page", try await api.page("/m/\(meeting)/responses", cookie: session.cookie).text))
            if let any = responses.first {
                pages.append(("\(who) removal page", try await api.page("/m/\(meeting)/responses/\(any.id)/remove", cookie: session.cookie).text))
            }
        }
        for (name, html) in pages {
            Self.checkPage(html, oracle, "\(name), \(context)")
        }

        // The CSV layouts.
        let base = "/v1/meetings/\(meeting)/export.csv?layout="
        let wide = try CSVParser.records(try await api.send(.get, base + "responses", token: token).body)
        let long = try CSVParser.records(try await api.send(.get, base + "answers", token: token).body)
        let summary = try CSVParser.records(try await api.send(.get, base + "summary", token: token).body)
        Self.checkCSV(wide.rows, long.rows, summary.rows, oracle, context)

        // The .xlsx workbook: its sheets, read back by an independent reader, hold the same.
        let book = try XLSXParser.sheets(try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx", token: token).body)
        let sheet = { (name: String) in book.first { $0.name == name }?.sheet.records ?? [] }
        #expect(book.map(\.name) == ["summary", "responses", "trends"], "\(context): xlsx sheets")
        Self.checkCSV(sheet("responses"), [], sheet("summary"), oracle, context + " (xlsx)")
        // The tidy trends layout (CSV and sheet): a withheld point shows no number.
        let trends = try CSVParser.records(try await api.send(.get, base + "trends", token: token).body).rows
        for row in trends + sheet("trends") where row["withheld"] == "true" {
            for column in ["mean", "ci95_lower", "ci95_upper", "percent", "statement_mean"] {
                #expect(["", "withheld"].contains(row[column] ?? ""), "\(context): trends \(column) of a withheld point: \(row)")
            }
        }
        // The dashboard's panel quotes the newest short answers: never a withheld question's.
        let hostSession = try #require(try await api.signIn(email: email).1)
        pages.append(("dashboard panel", try await api.page("/m/\(meeting)/panel", cookie: hostSession.cookie).text))
        // The meetings list (issue 32 item 16) shows each session's response count, the number
        // the dashboard's tile shows whatever k withholds; nothing of any answer.
        let list = try await api.page("/m", cookie: hostSession.cookie).text
        Self.checkPage(list, oracle, "meetings list, \(context)")
        let counted = (reports[0].1?["summary"] as? [String: Any])?["responses"] as? Int
        #expect(counted.map { list.contains("<td class=\"number\">\($0)</td>") } ?? false, "\(context): the list counts as the report")
        pages.append(("meetings list", list))

        // The team chat digests of the session: Slack and Teams, English and Korean.
        try await Self.checkDigests(database, meeting: meetingID, oracle, context)

        // Trends over a second session of the series: the JSON, the page and the charts.
        let next = try await Self.checkTrends(
            api, database, token: token, cookie: hostSession.cookie, meeting: meeting, series: series, first: oracle, k: k, random: &random,
            context: context)

        // Nothing a withheld follow-up's participants wrote appears anywhere.
        if oracle.withheld.contains("why") {
            let texts = reports.map { String(describing: $0.1 ?? [:]) } + pages.map(\.1)
                + [wide.rows, long.rows, summary.rows, trends].map { String(describing: $0) }
                + book.map { String(describing: $0.sheet.rows) }
            for text in texts {
                let leaked = responses.compactMap(\.why).filter { text.contains($0) }
                #expect(leaked.isEmpty, "\(context): \(leaked)")
            }
        }

        // The meeting loop (issue 50): the roster's count and links, actions, questions from the room.
        let outputs = reports.map { String(describing: $0.1 ?? [:]) } + pages.map(\.1)
            + [wide.rows, long.rows, summary.rows].map { String(describing: $0) }
        try await Self.checkRoster(api, token: token, cookie: hostSession.cookie, meeting: meeting, roster, outputs: outputs, context)
        try await Self.checkActions(
            api, database, token: token, cookie: hostSession.cookie, meeting: meeting, next: next, series: series, responses, oracle, roster,
            random: &random, context)
        try await Self.checkRoomQuestions(
            api, token: token, cookie: hostSession.cookie, meeting: meeting, code: code, series: series, random: &random, context)
    }

    /// A second session of the series with its own generated answers, then every trends output
    /// (issue 32 item 7): a session whose `pick` is withheld shows no option share and a withheld
    /// statement no mean or interval — in the JSON, on the page (a "withheld" row or cell) and in
    /// the charts (their words say "withheld" where the value would be). Returns the second session's id.
    static func checkTrends(
        _ api: ParticipantAPI, _ database: Database, token: String, cookie: String, meeting: String, series: String, first: Oracle, k: Int,
        random: inout SeededRandom, context: String
    ) async throws -> String {
        let start = Date().addingTimeInterval(86_400 * 7)
        let next = try await api.send(
            .post, "/v1/meetings/\(meeting)/next", token: token,
            json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let nextID = try #require(next.string("id"), "\(next.text)")
        let code = try #require(try await api.send(.post, "/v1/meetings/\(nextID)/form/publish", token: token).string("code"))
        var answers: [Generated] = []
        for _ in 0..<random.next(in: 0...(k + 1)) {
            let response = Self.generate(&random)
            let reply = try await api.submit(code, Self.body(response, &random))
            try #require(reply.status == .created, "session 2: \(reply.text)")
            answers.append(response)
        }
        let oracles = [1: first, 2: Oracle(answers, k: k)]
        let context = "\(context); session 2: \(answers.count) responses, withheld \(oracles[2]?.withheld.sorted() ?? []) \(oracles[2]?.statements.sorted() ?? [])"
        // The second session's digests carry arrows against the first: none for a withheld part.
        if let second = oracles[2] {
            try await Self.checkDigests(database, meeting: try #require(UUID(uuidString: nextID)), second, context + " (digest)")
        }

        let json = try #require(try await api.send(.get, "/v1/series/\(series)/trends", token: token).json, "\(context)")
        let trends = json["questions"] as? [[String: Any]] ?? []
        let page = try await api.page("/m/\(nextID)/trends", cookie: cookie).text
        // Session 2 starts next week: with no answer it is planned, left out of trends (decision
        // 83), and a trend needs two sessions, so there is none to check.
        if answers.isEmpty {
            #expect(json["planned"] as? Int == 1 && trends.isEmpty, "\(context): \(json)")
            return nextID
        }
        for key in ["pick", "g"] {
            let trend = try #require(trends.first { $0["key"] as? String == key }, "\(context): no trend of \(key)")
            let svg = try await api.send(.get, "/v1/series/\(series)/charts/\(key).svg", token: token).text
            let described = svg.components(separatedBy: "<desc>").last?.components(separatedBy: "</desc>").first ?? ""
            var told: [Int: String] = [:]
            for part in described.components(separatedBy: " Session ").dropFirst() {
                if let number = part.split(separator: ":", maxSplits: 1).first.flatMap({ Int($0) }) { told[number] = part }
            }
            let section = page.components(separatedBy: "id=\"trend-\(key)\"").dropFirst().first?.components(separatedBy: "</section>").first ?? ""
            for point in trend["points"] as? [[String: Any]] ?? [] {
                let number = point["sessionNumber"] as? Int ?? 0
                guard let oracle = oracles[number] else { continue }
                let row = section.components(separatedBy: "<th scope=\"row\">Session \(number)</th>").dropFirst().first?
                    .components(separatedBy: "</tr>").first ?? ""
                let words: String = told[number] ?? ""
                if key == "pick", oracle.withheld.contains("pick") {
                    #expect(point["withheld"] as? Bool == true && Self.isNull(point["optionShares"]), "\(context): trend of pick \(point)")
                    #expect(row.contains("withheld") && !row.contains("%"), "\(context): trends page, session \(number): \(row)")
                    #expect(words.contains("withheld") && !words.contains("%"), "\(context): pick chart, session \(number): \(words)")
                }
                guard key == "g" else { continue }
                let means = point["statementMeans"] as? [String: Any] ?? [:]
                let intervals = point["statementIntervals"] as? [String: Any] ?? [:]
                let cells = row.components(separatedBy: "<td").dropFirst().map { String($0) }
                for (index, statement) in ["a", "b", "c"].enumerated() where oracle.statements.contains(statement) {
                    #expect(means[statement] == nil && intervals[statement] == nil, "\(context): trend of g.\(statement) \(point)")
                    // A wholly withheld session has one cell across the row; else one per statement.
                    let cell = cells.count == 1 ? cells[0] : (cells.indices.contains(index) ? cells[index] : "")
                    #expect(cell.contains("withheld"), "\(context): trends page, g.\(statement), session \(number): \(row)")
                    let label = Self.labels[statement] ?? statement
                    #expect(
                        words.range(of: "\(label) [0-9]", options: .regularExpression) == nil,
                        "\(context): g chart, \(label), session \(number): \(words)")
                }
            }
        }
        return nextID
    }

    /// Every digest payload of `meeting` shows nothing of what `oracle` withholds: a withheld
    /// question's part says only "withheld" (no share, option, mean, count or arrow), a withheld
    /// statement has no mean, and a follow-up whose counts are hidden says not how many answered.
    static func checkDigests(_ database: Database, meeting: UUID, _ oracle: Oracle, _ context: String) async throws {
        let renderer = ChatDigestRenderer(
            results: ResultsActions(results: ResultsStore(database: database)), meetings: MeetingStore(database: database),
            accounts: AccountStore(database: database, hasher: PasswordHasher(cost: 4)), publicBaseURL: "https://debrief.example")
        let prompts = ["pick": "Pick one", "sure": "Sure?", "why": "Why?", "g": "The meeting"]
        for kind in ChatKind.allCases {
            for language in Language.allCases {
                for occasion in [ResultsDigest.Occasion.closed, .daily] {
                    let json = try await renderer.payload(
                        ChatDigestJob(meetingID: meeting, kind: kind, language: language, occasion: occasion))
                    let name = "\(kind.rawValue) \(language.rawValue) \(occasion.rawValue) digest, \(context)"
                    let parts = try Self.digestParts(json, kind: kind)
                    let withheldWord = language == .ko ? "비공개" : "withheld"
                    for (key, prompt) in prompts {
                        guard let part = parts[prompt] else {
                            Issue.record("\(name): no part for \(key): \(parts.keys.sorted())")
                            continue
                        }
                        if oracle.withheld.contains(key) {
                            #expect(part.contains(withheldWord), "\(name): \(key) is not said withheld: \(part)")
                            #expect(part.range(of: "[0-9]+(\\.[0-9])?%|[↑↓→]|Mean|평균|NPS|answered|명 응답|written|서술형", options: .regularExpression) == nil,
                                "\(name): \(key) shows a value: \(part)")
                        }
                        if oracle.hidden.contains(key) {
                            #expect(part.range(of: "answered|명 응답|[0-9]+ written|서술형 응답 [0-9]", options: .regularExpression) == nil,
                                "\(name): \(key) says how many answered: \(part)")
                        }
                    }
                    Self.checkPage(json, oracle, name)
                }
            }
        }
    }

    /// A digest's text by question prompt: Slack's sections (`*prompt*` first), Teams' containers.
    static func digestParts(_ json: String, kind: ChatKind) throws -> [String: String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var parts: [String: String] = [:]
        switch kind {
        case .slack:
            for block in object["blocks"] as? [[String: Any]] ?? [] {
                guard let text = (block["text"] as? [String: Any])?["text"] as? String, text.hasPrefix("*"),
                    let end = text.dropFirst().firstIndex(of: "*")
                else { continue }
                parts[String(text[text.index(after: text.startIndex)..<end])] = String(text[text.index(after: end)...])
            }
        case .teams:
            let card = ((object["attachments"] as? [[String: Any]])?.first?["content"]) as? [String: Any]
            for container in card?["body"] as? [[String: Any]] ?? [] where container["type"] as? String == "Container" {
                let texts = (container["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
                guard let prompt = texts.first else { continue }
                parts[prompt] = texts.dropFirst().joined(separator: "\n")
            }
        }
        return parts
    }

    static func question(_ report: [String: Any], _ key: String) -> [String: Any]? {
        (report["questions"] as? [[String: Any]])?.first { $0["key"] as? String == key }
    }

    static func isNull(_ value: Any?) -> Bool { value == nil || value is NSNull }

    static func checkReport(_ report: [String: Any], _ oracle: Oracle, _ context: String) {
        for key in ["pick", "sure", "why", "g", "rank", "minutes"] {
            guard let result = Self.question(report, key) else {
                Issue.record("\(context): no question \(key)")
                continue
            }
            if oracle.withheld.contains(key) {
                #expect(result["withheld"] as? Bool == true, "\(context): \(key) is shown: \(result)")
                let rows = (result["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
                #expect(rows.allSatisfy { Self.isNull($0["count"]) }, "\(context): \(key) counts")
                #expect(Self.isNull(result["statistics"]), "\(context): \(key) statistics")
                // A ranking's scores go, and its bars keep the host's order (an order by points tells them).
                #expect(Self.isNull(result["ranking"]), "\(context): \(key) ranking scores")
                if key == "rank" { #expect(rows.map { $0["category"] as? String } == ["x", "y", "z"], "\(context): rank order \(rows)") }
                // A number's bins may come from the answers' range: none is left.
                if key == "minutes" { #expect(rows.isEmpty, "\(context): minutes bins \(rows)") }
            }
            if oracle.hidden.contains(key) {
                #expect(Self.isNull(result["respondents"]) && Self.isNull(result["skipped"]), "\(context): \(key) says how many answered: \(result)")
                #expect(Self.isNull((result["chart"] as? [String: Any])?["total"]), "\(context): \(key)'s total")
                #expect(Self.isNull(result["shownTo"]), "\(context): \(key)'s shownTo")
            }
        }
        let statements = Self.question(report, "g")?["statements"] as? [[String: Any]] ?? []
        for statement in statements where oracle.statements.contains(statement["key"] as? String ?? "") {
            #expect(statement["withheld"] as? Bool == true, "\(context): statement \(statement)")
            #expect(Self.isNull(statement["statistics"]), "\(context): statement statistics")
        }
        if let quality = report["quality"] as? [String: Any], oracle.straightLiners {
            #expect(Self.isNull(quality["straightLiners"]) && Self.isNull(quality["flagged"]), "\(context): quality \(quality)")
        }
        if oracle.languages, let languages = report["languages"] as? [String: Any] {
            let rows = languages["rows"] as? [[String: Any]] ?? []
            #expect(rows.allSatisfy { Self.isNull($0["count"]) }, "\(context): languages \(rows)")
        }
    }

    /// The room's live view (``RoomView``): what the oracle withholds has no numbers, a hidden
    /// follow-up not even its respondents, and every number shown is the shared results' own.
    static func checkRoom(_ room: [String: Any], _ oracle: Oracle, shared: [String: Any], _ context: String) {
        for key in ["pick", "sure", "why", "g", "rank", "minutes"] {
            guard let result = Self.question(room, key), let report = Self.question(shared, key) else {
                Issue.record("\(context): no question \(key)")
                continue
            }
            #expect(result["withheld"] as? Bool == oracle.withheld.contains(key), "\(context): \(key) withheld: \(result)")
            if oracle.withheld.contains(key) {
                #expect(["counts", "percents", "mean"].allSatisfy { Self.isNull(result[$0]) }, "\(context): \(key) numbers: \(result)")
            } else if key != "why" && key != "g" {
                let rows = (report["chart"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
                #expect(result["counts"] as? [Int] == rows.compactMap { $0["count"] as? Int }, "\(context): \(key) counts")
                #expect(result["labels"] as? [String] == rows.compactMap { $0["label"] as? String }, "\(context): \(key) labels")
            }
            #expect(Self.isNull(result["respondents"]) == oracle.hidden.contains(key), "\(context): \(key) respondents: \(result)")
            if !oracle.hidden.contains(key) { #expect(result["respondents"] as? Int == report["respondents"] as? Int, "\(context): \(key)") }
        }
        for statement in Self.question(room, "g")?["statements"] as? [[String: Any]] ?? [] {
            let withheld = oracle.statements.contains(statement["key"] as? String ?? "")
            #expect(statement["withheld"] as? Bool == withheld, "\(context): statement \(statement)")
            if withheld { #expect(Self.isNull(statement["counts"]) && Self.isNull(statement["mean"]), "\(context): statement \(statement)") }
        }
        // The room's own count, or the hosts' counts' summary's.
        let responses = room["responses"] ?? (room["summary"] as? [String: Any])?["responses"]
        #expect(responses as? Int == (shared["summary"] as? [String: Any])?["responses"] as? Int, "\(context): responses")
    }

    /// A word cloud (`wordCloud` of a report, `words` of a room's view) of the short answer
    /// `why`: none when `why` is withheld, and each word shown used by at least k respondents
    /// (never more than used it). Elsewhere no word of `why` but in the host's own chart.
    static func checkWordCloud(_ report: [String: Any], _ oracle: Oracle, _ context: String) {
        guard let why = Self.question(report, "why") else {
            Issue.record("\(context): no why")
            return
        }
        let cloud = (why["wordCloud"] ?? why["words"]) as? [[String: Any]]
        if oracle.withheld.contains("why") {
            #expect(cloud == nil || cloud?.isEmpty == true, "\(context): a withheld question's words: \(why)")
        }
        for entry in cloud ?? [] {
            let word = entry["word"] as? String ?? ""
            let count = entry["count"] as? Int ?? 0
            #expect(oracle.cloudShows(word, count: count), "\(context): \(word) × \(count), used by \(oracle.whyWords[word] ?? 0)")
        }
        // Every word at least k used is in the cloud when `why` is shown (the sample holds every answer here).
        if !oracle.withheld.contains("why"), why["wordCloud"] != nil || why["words"] != nil {
            let shown = Set((cloud ?? []).compactMap { $0["word"] as? String })
            let due = Set(oracle.whyWords.filter { $0.value >= oracle.k }.keys)
            #expect(shown == due, "\(context): the cloud \(shown.sorted()), words k used \(due.sorted())")
        }
    }

    static func checkPage(_ html: String, _ oracle: Oracle, _ context: String) {
        for statement in oracle.statements {
            let label = Self.labels[statement] ?? statement
            #expect(html.range(of: "\(label): [0-9]", options: .regularExpression) == nil, "\(context): \(label) is rated")
        }
        if oracle.withheld.contains("pick") { #expect(!html.contains("Apricotzq") && !html.contains("Bananazq"), "\(context): pick") }
        if oracle.withheld.contains("sure") { #expect(!html.contains("Yeszq") && !html.contains("Nozq"), "\(context): sure") }
    }

    static func checkCSV(
        _ wide: [[String: String]], _ long: [[String: String]], _ summary: [[String: String]], _ oracle: Oracle, _ context: String
    ) {
        let columns = ["pick": "Pick one [pick]", "sure": "Sure? [sure]", "why": "Why? [why]"]
        for row in wide {
            for (key, column) in columns where oracle.withheld.contains(key) {
                #expect(row[column] == "withheld", "\(context): responses CSV \(column) = \(row[column] ?? "none")")
            }
            for statement in oracle.statements {
                let column = "The meeting: \(Self.labels[statement] ?? statement) [g.\(statement)]"
                #expect(row[column] == "withheld", "\(context): responses CSV \(column) = \(row[column] ?? "none")")
            }
            if oracle.straightLining { #expect(row["straight_lined"] == "withheld", "\(context): responses CSV straight_lined") }
        }
        for row in long {
            let key = row["question_key"] ?? ""
            #expect(!oracle.withheld.contains(key), "\(context): answers CSV has a row of \(key)")
            if key == "g" { #expect(!oracle.statements.contains(row["statement_key"] ?? ""), "\(context): answers CSV statement") }
            if oracle.straightLining { #expect(row["straight_lined"] == "withheld", "\(context): answers CSV straight_lined") }
        }
        for row in summary {
            let key = row["question_key"] ?? ""
            if oracle.withheld.contains(key), row["statement_key"] ?? "" == "" {
                #expect(row["withheld"] == "true" && row["count"] == "", "\(context): summary \(key): \(row)")
            }
            if oracle.hidden.contains(key) {
                #expect(row["respondents"] == "" && row["skipped"] == "" && row["total"] == "", "\(context): summary \(key): \(row)")
            }
            if oracle.statements.contains(row["statement_key"] ?? "") {
                #expect(row["withheld"] == "true" && row["count"] == "" && row["mean"] == "", "\(context): summary statement: \(row)")
            }
            if oracle.straightLiners { #expect(row["straight_liners"] == "withheld", "\(context): summary straight_liners") }
        }
    }
}
