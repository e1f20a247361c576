@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// The meeting loop's outputs in the generated privacy test (issue 50): roster members with
/// personal links (some answers come through them), action items — one linked to a question the
/// rule withholds when there is one — and questions from the room, moderated at random. Called by
/// ``PrivacyFeaturesPropertyTests/check(_:_:k:seed:)`` over its generated meeting, so every
/// output is read against the same oracle.
extension PrivacyFeaturesPropertyTests {
    /// The series' roster: its members by name and each one's personal link to session 1.
    struct LoopRoster {
        /// Words no form, page or answer has: a name found in an output came from the roster.
        static let names = ["Zqana", "Zqben", "Zqchloe"]
        var members: [String: String] = [:]
        var links: [String: String] = [:]
        /// Members who answered through their link.
        var answered: Set<String> = []

        static func address(_ name: String) -> String { "\(name.lowercased())@example.org" }

        /// A link not yet used, or none (a third of the responses when links are left).
        mutating func link(_ random: inout SeededRandom) -> String? {
            let left = Self.names.filter { !self.answered.contains($0) && self.links[$0] != nil }
            guard !left.isEmpty, random.next(in: 0...2) == 0 else { return nil }
            let name = left[random.next(in: 0...(left.count - 1))]
            self.answered.insert(name)
            return self.links[name]
        }
    }

    /// Adds the roster, saves its addresses and presses "Send the link": each member's message
    /// carries a personal link (decision 77), read back from the outbox.
    static func setUpRoster(
        _ api: ParticipantAPI, _ database: Database, token: String, email: String, meeting: String, series: String
    ) async throws -> LoopRoster {
        var roster = LoopRoster()
        for name in LoopRoster.names {
            let added = try await api.send(.post, "/v1/series/\(series)/roster", token: token, json: ["name": name])
            let id: String = try #require(added.string("id"), "\(added.text)")  // bound first: into a subscript it would check nothing
            roster.members[name] = id
        }
        let session = try #require(try await api.signIn(email: email).1)
        let fields = roster.members.map { ("email-\($0.value)", LoopRoster.address($0.key)) }
        let saved = try await api.post("/m/\(meeting)/roster/mail", [("csrf", session.csrf)] + fields, cookie: session.cookie)
        try #require(saved.status == .ok, "\(saved.text.prefix(500))")
        let sent = try await api.send(.post, "/v1/meetings/\(meeting)/roster/send", token: token)
        try #require(sent.json?["sent"] as? Int == LoopRoster.names.count, "\(sent.text)")
        // This meeting's members only: the generated cases share one database and the same names.
        for (name, id) in roster.members {
            let member: UUID = try #require(UUID(uuidString: id))
            let text: String = try await database.query(
                "SELECT text_body FROM email_outbox WHERE roster_member_id = \(member) AND kind = 'participant_link'"
            ).single().decode("text_body")
            let link: String = try #require(PersonalLinkTests.link(in: text), "a personal link in \(text)")  // bound first, as above
            roster.links[name] = link
        }
        try #require(roster.links.count == LoopRoster.names.count)
        return roster
    }

    /// On an anonymous form the roster says how many answered, never who, and no output of the
    /// answers names a member: `outputs` are the reports, pages and exports `check` read.
    static func checkRoster(
        _ api: ParticipantAPI, token: String, cookie: String, meeting: String, _ roster: LoopRoster, outputs: [String], _ context: String
    ) async throws {
        let preview = try #require(try await api.send(.get, "/v1/meetings/\(meeting)/roster/send", token: token).json, "\(context)")
        let answered = preview["answered"] as? [String: Any] ?? [:]
        let remind = preview["remind"] as? [String: Any] ?? [:]
        #expect(preview["anonymous"] as? Bool == true, "\(context): roster preview \(preview)")
        #expect(answered["count"] as? Int == roster.answered.count, "\(context): answered \(answered), through links \(roster.answered.sorted())")
        #expect(answered["names"] == nil && remind["names"] == nil, "\(context): an anonymous form's roster names who answered: \(preview)")
        let page = try await api.page("/m/\(meeting)/roster/send", cookie: cookie).text
        let count = "\(roster.answered.count) of the \(LoopRoster.names.count) people sent this session&#39;s link have answered through it."
        #expect(page.contains(count), "\(context): the send page does not say \(count)")
        #expect(!page.contains("answered-names") && !page.contains("remind-names"), "\(context): the send page lists who answered")
        let reminded = try await api.send(.post, "/v1/meetings/\(meeting)/roster/remind", token: token)
        let result = try #require(reminded.json, "\(context): \(reminded.text)")
        // How many a reminder reaches is not said on an anonymous form; the set it is charged is (decision 81).
        #expect(result["reminded"] == nil && result["reminderSet"] as? Int == LoopRoster.names.count, "\(context): reminded \(result)")
        #expect(LoopRoster.names.allSatisfy { !reminded.text.contains($0) }, "\(context): the reminder's result names \(reminded.text)")
        for output in outputs {
            let named = LoopRoster.names.filter { output.contains($0) || output.contains(LoopRoster.address($0)) }
            #expect(named.isEmpty, "\(context): an output of the answers names roster members \(named)")
        }
    }

    /// What no output of an action may carry: any participant's written words, and of the
    /// question it links (when the rule withholds it) its options' labels and its shares.
    static func actionLeaks(_ text: String, linked: String, _ responses: [Generated], _ oracle: Oracle) -> [String] {
        var leaks = responses.compactMap { $0.why?.split(separator: " ").first.map(String.init) }.filter { text.contains($0) }
        if oracle.withheld.contains(linked) {
            let labels = ["pick": ["Apricotzq", "Bananazq"], "sure": ["Yeszq", "Nozq"], "rank": ["Rankxzq", "Rankyzq", "Rankzzq"]]
            leaks += (labels[linked] ?? []).filter { text.contains($0) }
            if text.range(of: "[0-9]+(\\.[0-9]+)? ?%", options: .regularExpression) != nil { leaks.append("a share") }
        }
        return leaks
    }

    /// The part of `html` from the element with `id` to the end of its section.
    static func section(_ html: String, id: String) -> String {
        html.components(separatedBy: "id=\"\(id)\"").dropFirst().first?.components(separatedBy: "</section>").first ?? ""
    }

    /// Two actions on session 1 — one prompted by a withheld question when one is — read in every
    /// output: the API's list and the next session's review, the dashboards' blocks and the
    /// presenter's review step, the trends' counts, the next session's digest line and the
    /// `actions` layout. Each shows the host's words and counts, no answer.
    static func checkActions(
        _ api: ParticipantAPI, _ database: Database, token: String, cookie: String, meeting: String, next: String, series: String,
        _ responses: [Generated], _ oracle: Oracle, _ roster: LoopRoster, random: inout SeededRandom, _ context: String
    ) async throws {
        let withheld = ["pick", "sure", "why", "g", "rank", "minutes"].filter(oracle.withheld.contains)
        let linked = withheld.isEmpty ? "why" : withheld[random.next(in: 0...(withheld.count - 1))]
        let context = "\(context); action linked to \(linked)"
        var statuses: [String: Int] = ["open": 0, "done": 0, "dropped": 0]
        for index in 0..<2 {
            let status = ["open", "done", "dropped"][random.next(in: 0...2)]
            var body: [String: Any] = ["title": "Zqaction \(index)", "status": status]
            if index == 0 { body["questionKey"] = linked }
            if index == 1, let member = roster.members[LoopRoster.names[0]] { body["owner"] = ["kind": "rosterMember", "id": member] }
            let created = try await api.send(.post, "/v1/meetings/\(meeting)/actions", token: token, json: body)
            try #require(created.status == .created, "\(context): \(created.text)")
            statuses[status, default: 0] += 1
        }
        let list = try await api.send(.get, "/v1/meetings/\(meeting)/actions", token: token)
        let review = try await api.send(.get, "/v1/meetings/\(next)/actions/review", token: token)
        let items = { (reply: ParticipantReply) in (reply.json?["items"] ?? reply.json?["actions"]) as? [[String: Any]] ?? [] }
        #expect(items(list).count == 2 && items(review).count == 2, "\(context): list \(list.text), review \(review.text)")
        #expect(items(list).contains { $0["questionKey"] as? String == linked }, "\(context): \(list.text)")
        // The host's words exactly, nothing appended from the answers it points at.
        for (name, reply) in [("list", list), ("review", review)] {
            let titles = items(reply).compactMap { $0["title"] as? String }.sorted()
            #expect(titles == ["Zqaction 0", "Zqaction 1"], "\(context): the \(name)'s titles \(titles)")
        }
        let dashboard = Self.section(try await api.page("/m/\(meeting)", cookie: cookie).text, id: "actions")
        let reviewBlock = Self.section(try await api.page("/m/\(next)", cookie: cookie).text, id: "review")
        let presenter = Self.section(try await api.page("/m/\(next)/present", cookie: cookie).text, id: "presenter-review")
        for (name, html) in [("dashboard's actions", dashboard), ("review block", reviewBlock), ("presenter's review", presenter)] {
            #expect(html.contains("Zqaction 0") && html.contains("Zqaction 1"), "\(context): \(name) lacks the actions: \(html)")
            Self.checkPage(html, oracle, "\(name), \(context)")
        }
        // Trends and the digest count the actions: numbers of the host's actions only.
        let trends = try #require(try await api.send(.get, "/v1/series/\(series)/trends", token: token).json, "\(context)")
        let counts = ((trends["sessions"] as? [[String: Any]])?.first?["actions"] as? [String: Any]) ?? [:]
        #expect(Set(counts.keys).isSubset(of: ["done", "open", "dropped", "total", "completionRate"]), "\(context): trends' actions \(counts)")
        #expect(
            counts["done"] as? Int == statuses["done"] && counts["open"] as? Int == statuses["open"] && counts["total"] as? Int == 2,
            "\(context): trends' actions \(counts), recorded \(statuses)")
        // The question the linked action was meant to move: its two points are the question's own
        // trend points (decision 78), so what k withholds there is withheld here; no title, no owner.
        let moved = (trends["actionQuestions"] as? [[String: Any]] ?? []).filter { $0["questionKey"] as? String == linked }
        #expect(moved.count == 1, "\(context): trends' actionQuestions \(trends["actionQuestions"] ?? "none")")
        let trend = (trends["questions"] as? [[String: Any]] ?? []).first { $0["key"] as? String == linked }
        for (side, number) in [("before", 1), ("after", 2)] {
            let point = (trend?["points"] as? [[String: Any]])?.first { $0["sessionNumber"] as? Int == number }
            let shown = moved.first?[side] as? [String: Any]
            #expect(
                (shown.map { NSDictionary(dictionary: $0) }) == (point.map { NSDictionary(dictionary: $0) }),
                "\(context): actionQuestions' \(side) \(shown ?? [:]) is not the trend's point \(point ?? [:])")
        }
        // What the action changed (decision 99) is read from those two points alone: it exists
        // only when both are shown, so k withholds it with them.
        for entry in moved {
            let shown = ["before", "after"].allSatisfy { side in (entry[side] as? [String: Any]).map { $0["withheld"] as? Bool == false } ?? false }
            #expect(shown || entry["change"] == nil, "\(context): a change beside a withheld or missing point: \(entry)")
        }
        #expect(
            moved.allSatisfy { Set($0.keys).isSubset(of: Self.actionQuestionKeys) },
            "\(context): actionQuestions carry more than ids, key, status and points: \(moved)")
        let renderer = ChatDigestRenderer(
            results: ResultsActions(results: ResultsStore(database: database)), meetings: MeetingStore(database: database),
            accounts: AccountStore(database: database, hasher: PasswordHasher(cost: 4)), publicBaseURL: "https://debrief.example")
        let nextID: UUID = try #require(UUID(uuidString: next))
        let digest = try await renderer.payload(ChatDigestJob(meetingID: nextID, kind: .slack, language: .en, occasion: .closed))
        #expect(digest.contains("Last session's actions: \(statuses["done"] ?? 0) of 2 done"), "\(context): digest \(digest)")
        // The rest of the digest is the results' (``checkDigests``): its shares are the shown questions'.
        let actionLine = digest.components(separatedBy: "Last session's actions").dropFirst().first?.prefix { $0 != "\"" && $0 != "\n" }
            .description ?? ""
        let export = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=actions", token: token)
        let rows = try await CSVParser.records(export.body).rows
        #expect(rows.map { $0["title"] ?? "" }.sorted() == ["Zqaction 0", "Zqaction 1"], "\(context): actions CSV \(rows)")
        let outputs = [
            ("actions list", list.text), ("review", review.text), ("dashboard's actions", dashboard), ("review block", reviewBlock),
            ("presenter's review", presenter), ("trends' actions", String(describing: counts)), ("digest's actions line", actionLine),
            ("actions CSV", export.text),
        ]
        for (name, text) in outputs + [("did-this-help question", try await Self.helpQuestion(api, token: token, next: next, context))] {
            let leaks = Self.actionLeaks(text, linked: linked, responses, oracle)
            #expect(leaks.isEmpty, "\(context): \(name) reveals \(leaks)")
        }
    }

    /// What trends may say of an action that links a question: ids, key, status and the points.
    static let actionQuestionKeys: Set<String> = [
        "actionId", "status", "questionKey", "sessionNumber", "nextSessionNumber", "before", "after", "comparable", "changes", "change",
    ]

    /// "Did this help?" (decision 78): an action of session 2 asking it puts a rating question in
    /// session 3's form, worded from the host's title alone. Returns that question's JSON.
    static func helpQuestion(_ api: ParticipantAPI, token: String, next: String, _ context: String) async throws -> String {
        let created = try await api.send(
            .post, "/v1/meetings/\(next)/actions", token: token, json: ["title": "Zqhelp", "asksIfHelped": true])
        try #require(created.status == .created, "\(context): \(created.text)")
        let key: String = try #require(created.string("helpQuestionKey"), "\(context): \(created.text)")
        let start = Date().addingTimeInterval(86_400 * 14)
        let third = try await api.send(
            .post, "/v1/meetings/\(next)/next", token: token,
            json: ["startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
        let thirdID: String = try #require(third.string("id"), "\(context): \(third.text)")
        let form = try await api.send(.get, "/v1/meetings/\(thirdID)/form", token: token)
        let question = try #require(
            (form.json?["questions"] as? [[String: Any]])?.first { $0["key"] as? String == key }, "\(context): no \(key) in \(form.text)")
        #expect(question["kind"] as? String == "rating" && question["prompt"] as? String == "Did this help? “Zqhelp”", "\(context): \(question)")
        return String(describing: question)
    }

    /// Questions from the room in an anonymous room, each posted with a name (never kept), then
    /// moderated at random: the room (its list, the form page's section, the presenter's top) sees
    /// exactly the visible ones; the host's list and the `roomQuestions` layout every one with
    /// its status; no output names a poster.
    static func checkRoomQuestions(
        _ api: ParticipantAPI, token: String, cookie: String, meeting: String, code: String, series: String,
        random: inout SeededRandom, _ context: String
    ) async throws {
        let moderation = random.next(in: 0...1) == 0 ? "approveFirst" : "postThenHide"
        let settings = ["enabled": true, "moderation": moderation, "names": "anonymous"] as [String: Any]
        let set = try await api.send(.put, "/v1/meetings/\(meeting)/room-questions/settings", token: token, json: settings)
        try #require(set.status == .ok, "\(context): \(set.text)")
        let voterHeader = try #require(HTTPField.Name("Debrief-Voter"))
        var status: [String: String] = [:]  // text → the status the host left it in
        var ids: [String: String] = [:]
        for index in 0..<random.next(in: 2...5) {
            let text = "Zqroom\(index) \(random.word())"
            let issued = try await api.send(.post, "/v1/f/\(code)/room-questions/voter")
            let voter = try #require(issued.headers[voterHeader], "\(context): \(issued.text)")
            let posted = try await api.send(
                .post, "/v1/f/\(code)/room-questions", json: ["text": text, "name": "Zqposter\(index)"], headers: [voterHeader: voter])
            try #require(posted.status == .created, "\(context): \(posted.text)")
            let id: String = try #require(posted.string("id"))
            ids[text] = id
            var now = moderation == "approveFirst" ? "pending" : "visible"
            switch random.next(in: 0...2) {
            case 0: now = "visible"
            case 1: now = "hidden"
            default: break
            }
            if now != (moderation == "approveFirst" ? "pending" : "visible") {
                let changed = try await api.send(
                    .patch, "/v1/meetings/\(meeting)/room-questions/\(ids[text] ?? "")", token: token, json: ["status": now])
                try #require(changed.status == .ok, "\(context): \(changed.text)")
            }
            status[text] = now
            if now == "visible", random.next(in: 0...1) == 0 {
                let vote = try await api.send(.put, "/v1/f/\(code)/room-questions/\(ids[text] ?? "")/vote", headers: [voterHeader: voter])
                #expect(vote.status == .noContent, "\(context): vote \(vote.text)")
            }
        }
        let visible = Set(status.filter { $0.value == "visible" }.keys)
        let context = "\(context); room \(moderation), \(status)"
        let room = try await api.send(.get, "/v1/f/\(code)/room-questions")
        let roomTexts = Set(((room.json?["questions"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String })
        #expect(roomTexts == visible, "\(context): the room's list \(roomTexts.sorted())")
        let fragment = try await api.page("/f/\(code)/room-questions").text
        let form = Self.section(try await api.page("/f/\(code)").text, id: "room-questions")
        let top = try await api.page("/m/\(meeting)/room-questions/top", cookie: cookie).text
        let presenter = Self.section(try await api.page("/m/\(meeting)/present", cookie: cookie).text, id: "presenter-room-questions")
        for (name, html) in [("room fragment", fragment), ("form page's section", form), ("presenter's top", top), ("presenter view", presenter)] {
            let shown = Set(status.keys.filter { html.contains($0) })
            #expect(shown.isSubset(of: visible), "\(context): \(name) shows \(shown.subtracting(visible).sorted()), not visible")
            if name.hasPrefix("room") || name.hasPrefix("form") {
                #expect(shown == visible, "\(context): \(name) shows \(shown.sorted())")
            }
        }
        // The host sees every post with its status; so does the export.
        let host = try await api.send(.get, "/v1/meetings/\(meeting)/room-questions", token: token)
        let hostItems = (host.json?["questions"] as? [[String: Any]]) ?? []
        let hostStatus = Dictionary(hostItems.map { ($0["text"] as? String ?? "", $0["status"] as? String ?? "") }) { first, _ in first }
        #expect(hostStatus == status, "\(context): the host's list \(hostStatus)")
        let export = try await api.send(.get, "/v1/series/\(series)/export.csv?layout=roomQuestions", token: token)
        let rows = try await CSVParser.records(export.body).rows
        let exported = Dictionary(rows.map { ($0["text"] ?? "", $0["status"] ?? "") }) { first, _ in first }
        #expect(exported == status, "\(context): the roomQuestions layout \(exported)")
        for (name, text) in [("room list", room.text), ("room fragment", fragment), ("form page", form), ("presenter's top", top),
            ("host list", host.text), ("export", export.text)]
        {
            #expect(!text.contains("Zqposter"), "\(context): \(name) names a poster of an anonymous room")
        }
    }
}
