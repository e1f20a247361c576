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

/// The outputs ``PrivacyFeaturesPropertyTests`` reads beyond the first session's report: the
/// series' trends, the chat digests, the report's questions, the room, the word cloud, pages and
/// CSV, each checked against the oracle.
extension PrivacyFeaturesPropertyTests {
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
        try await Self.checkTeamOverview(api, token: token, series: series, trends: trends, context: context)
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

    /// When a team owns the series (a generated team role), its overview's trend of each question is
    /// the series' own trend as checked against the oracle, point for point: the team's overview
    /// carries nothing the trends withhold (decision 90).
    static func checkTeamOverview(
        _ api: ParticipantAPI, token: String, series: String, trends: [[String: Any]], context: String
    ) async throws {
        let teams = try await api.send(.get, "/v1/teams", token: token).json?["items"] as? [[String: Any]] ?? []
        for team in teams.compactMap({ $0["id"] as? String }) {
            for key in ["pick", "g"] {
                let reply = try await api.send(.get, "/v1/teams/\(team)/overview?question=\(key)", token: token)
                #expect(reply.status == .ok, "\(context): the team overview of \(key): \(reply.text)")
                guard let entry = (reply.json?["series"] as? [[String: Any]])?.first(where: { $0["seriesId"] as? String == series }) else {
                    continue
                }
                let own = trends.first { $0["key"] as? String == key }
                #expect(
                    (entry["trend"] as? [String: Any]).map { NSDictionary(dictionary: $0) } == own.map { NSDictionary(dictionary: $0) },
                    "\(context): the team overview's trend of \(key) is not the series' own: \(entry)")
            }
        }
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
        for key in ["pick", "sure", "why", "g", "rank", "minutes", "when"] {
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
                // A date's bins, by day or week, would tell the days answered: none is left.
                if key == "when" { #expect(rows.isEmpty, "\(context): when bins \(rows)") }
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
        for key in ["pick", "sure", "why", "g", "rank", "minutes", "when"] {
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
        // Every word at least k used is in the cloud when `why` is shown (the sample holds every answer
        // here), and the themes' words join them: a family k used (decision 105).
        if !oracle.withheld.contains("why"), why["wordCloud"] != nil || why["words"] != nil {
            let shown = Set((cloud ?? []).compactMap { $0["word"] as? String })
            let due = Set(oracle.whyWords.filter { $0.value >= oracle.k }.keys)
            #expect(due.isSubset(of: shown), "\(context): the cloud \(shown.sorted()), words k used \(due.sorted())")
        }
    }

    /// The themes of `why` (decision 105): none when `why` is withheld; each shown one k
    /// respondents' answers fall in, named by words whose family k used, counting no more than
    /// used its first word, quoting only answers that hold it (`quotes`: the texts a host may
    /// read; none for participants), and no answer counted in two themes.
    static func checkThemes(_ report: [String: Any], _ oracle: Oracle, quotes texts: [String], _ context: String) {
        guard let why = Self.question(report, "why"), let themes = why["themes"] as? [[String: Any]] else {
            if let why = Self.question(report, "why") { #expect(Self.isNull(why["themes"]) || why["words"] != nil, "\(context): \(why)") }
            return
        }
        if oracle.withheld.contains("why") { #expect(themes.isEmpty, "\(context): a withheld question's themes: \(themes)") }
        var counted = 0
        for theme in themes {
            let words = theme["words"] as? [String] ?? []
            let respondents = theme["respondents"] as? Int ?? 0
            let quotes = theme["quotes"] as? [String] ?? []
            counted += respondents
            let lead = Oracle.family(words.first ?? "")
            #expect(respondents >= oracle.k && respondents <= (oracle.whyFamilies[lead] ?? 0), "\(context): theme \(theme)")
            #expect(!words.isEmpty && words.allSatisfy { (oracle.whyFamilies[Oracle.family($0)] ?? 0) >= oracle.k }, "\(context): theme \(theme)")
            #expect(quotes.count <= 3 && quotes.allSatisfy { quote in
                texts.contains(quote) && quote.split(separator: " ").contains { Oracle.family(String($0)) == lead }
            }, "\(context): quotes of \(theme)")
        }
        #expect(counted <= (why["respondents"] as? Int ?? 0), "\(context): the themes count \(counted) answers")
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
            if row["unit"] == "theme respondents" {
                // A theme's row (decision 105): only of a shown `why`, k respondents or more, named by words a family k used.
                let words = (row["label"] ?? "").components(separatedBy: " · ")
                #expect(key == "why" && !oracle.withheld.contains("why") && Int(row["count"] ?? "") ?? 0 >= oracle.k, "\(context): summary theme \(row)")
                #expect(words.allSatisfy { (oracle.whyFamilies[Oracle.family($0)] ?? 0) >= oracle.k }, "\(context): summary theme \(row)")
            }
        }
    }
}
