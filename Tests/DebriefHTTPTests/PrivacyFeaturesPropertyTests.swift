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
        /// An answer to the date question `when` (`YYYY-MM-DD`), or none.
        var when: String?
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

        /// Respondents of `why` per word family: a vocabulary word and its plural together, as a theme's stem joins them.
        var whyFamilies: [String: Int] = [:]

        /// Whether a word cloud may show `word` with `count`: `why` is shown, at least k
        /// respondents used the word or its family (a theme's word, decision 105), and no more than used it are counted.
        func cloudShows(_ word: String, count: Int) -> Bool {
            !self.withheld.contains("why") && count >= self.k && count <= (self.whyFamilies[Self.family(word)] ?? 0)
        }

        /// A vocabulary word for its plural, any other word itself.
        static func family(_ word: String) -> String {
            word.hasSuffix("s") && PrivacyFeaturesPropertyTests.vocabulary.contains(String(word.dropLast())) ? String(word.dropLast()) : word
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
            if small(responses.filter { $0.when != nil }.count) { self.withheld.insert("when") }
            for statement in ["a", "b", "c"] where small(responses.filter { $0.ratings[statement] != nil }.count) || small(grid) {
                self.statements.insert(statement)
            }
            self.straightLining = !self.statements.isEmpty
            self.straightLiners = self.straightLining || small(responses.filter(\.straightLined).count)
            let korean = responses.filter { $0.language == "ko" }.count
            self.languages = small(korean) || small(responses.count - korean)
            self.k = k
            for response in responses {
                let words = (response.why ?? "").split(separator: " ").map(String.init)
                for word in Set(words) { self.whyWords[word, default: 0] += 1 }
                for family in Set(words.map(Self.family)) { self.whyFamilies[family, default: 0] += 1 }
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
            ["key": "when", "prompt": "When suits you?", "kind": "date", "earliest": "2026-12-01", "latest": "2027-03-31"],
        ]
        // A second version adds a question: the others stay comparable, so their answers merge.
        var korean: [String: Any] = [
            "mood": ["prompt": "기분?"], "pick": ["prompt": "하나 고르기", "options": ["a": "살구", "b": "바나나"]],
            "sure": ["prompt": "확실해요?", "options": ["yes": "네", "no": "아니요"]], "why": ["prompt": "왜요?"],
            "g": ["prompt": "회의", "statements": ["a": "알파", "b": "베타", "c": "감마"]],
            "rank": ["prompt": "순위 매기기", "options": ["x": "엑스", "y": "와이", "z": "제트"]],
            "minutes": ["prompt": "얼마나?", "placeholder": "분"], "when": ["prompt": "언제가 좋아요?"],
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
            for _ in 0..<random.next(in: 1...2) {
                let word = Self.vocabulary[random.next(in: 0...(Self.vocabulary.count - 1))]
                // Now and then its plural: a theme's stem joins both, the written words stay apart (decision 105).
                words.append(random.next(in: 0...2) == 0 ? word + "s" : word)
            }
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
        if random.next(in: 0...2) > 0 { response.when = String(format: "2026-12-%02d", random.next(in: 1...31)) }
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
        if let when = response.when { answers.append(["questionKey": "when", "date": when]) }
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
            Self.checkThemes(report, oracle, quotes: [], "\(name), \(context)")
        }
        // The hosts' live counts carry the room's view of each question, its word cloud too.
        Self.checkWordCloud(counts, oracle, "hosts' live counts, \(context)")
        Self.checkWordCloud(try #require(reports[0].1), oracle, "host's results, \(context)")
        for (name, json) in reports.prefix(2) {
            Self.checkThemes(try #require(json), oracle, quotes: responses.compactMap(\.why), "\(name), \(context)")
        }

        // Pages that list single answers, for the host and for a second reader in a generated
        // role: a viewer co-host, or a member of the team that owns the series (decision 90).
        let viewer = try await api.signUp()
        let reader = Self.readerRoles[seed % Self.readerRoles.count]
        try await Self.admit(api, viewer, as: reader, series: series, hostToken: token)
        var pages: [(String, String)] = []
        for (who, account) in [("host", email), (reader, viewer)] {
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
        let wide = try await CSVParser.records(try await api.send(.get, base + "responses", token: token).body)
        let long = try await CSVParser.records(try await api.send(.get, base + "answers", token: token).body)
        let summary = try await CSVParser.records(try await api.send(.get, base + "summary", token: token).body)
        Self.checkCSV(wide.rows, long.rows, summary.rows, oracle, context)

        // The .xlsx workbook: its sheets, read back by an independent reader, hold the same.
        let book = try await XLSXParser.sheets(try await api.send(.get, "/v1/meetings/\(meeting)/export.xlsx", token: token).body)
        let sheet = { (name: String) in book.first { $0.name == name }?.sheet.records ?? [] }
        #expect(book.map(\.name) == ["summary", "responses", "trends"], "\(context): xlsx sheets")
        Self.checkCSV(sheet("responses"), [], sheet("summary"), oracle, context + " (xlsx)")
        // The tidy trends layout (CSV and sheet): a withheld point shows no number.
        let trends = try await CSVParser.records(try await api.send(.get, base + "trends", token: token).body).rows
        for row in trends + sheet("trends") where row["withheld"] == "true" {
            for column in ["mean", "ci95_lower", "ci95_upper", "percent", "statement_mean"] {
                #expect(["", "withheld"].contains(row[column] ?? ""), "\(context): trends \(column) of a withheld point: \(row)")
            }
        }
        // The dashboard's panel quotes the newest short answers: never a withheld question's.
        let hostSession = try #require(try await api.signIn(email: email).1)
        pages.append(("dashboard panel", try await api.page("/m/\(meeting)/panel", cookie: hostSession.cookie).text))
        // The report to print shows the panel's numbers, tables open: no more than the panel (decision 104).
        pages.append(("session report", try await api.page("/m/\(meeting)/report", cookie: hostSession.cookie).text))
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
        try await Self.checkReactions(
            api, database: database, token: token, cookie: hostSession.cookie, meeting: meeting, code: code, random: &random, context)
    }
}
