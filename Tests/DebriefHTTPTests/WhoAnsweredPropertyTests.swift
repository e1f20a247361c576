@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import PropertyBased
import Synchronization
import Testing

/// Issue 67, anonymity against the host (docs/decisions/0081-who-answered-is-not-an-output.md):
/// two worlds that differ only in WHICH roster member answered an anonymous form (the same
/// answers, through their own personal links) give the host the same outputs, whatever the host
/// does next. A generated sequence of host actions — address removals and changes, renames,
/// member removals and additions, Send, Remind (API and page), the scheduler's pass — runs in
/// both worlds; after each action the send preview (JSON and page) and the delivery log are
/// read, and at the end every output that shows roster or answer information: both CSV layouts
/// of raw rows, the responses page, the dashboard's panel, the roster page and the attendance
/// JSON. With ids, codes, tokens and times masked, both transcripts must be byte for byte equal.
/// On a named form the same comparison must differ (it can fail: the test sees the difference).
@Suite("Anonymity against the host: who answered is not an output", .serialized)
struct WhoAnsweredPropertyTests {
    /// A host action the generator picks; members by their index in ``RosterSendStepTests/names``.
    enum Action: CustomStringConvertible {
        case removeAddress(Int), changeAddress(Int), rename(Int), removeMember(Int), addMember
        case send, remindAPI, remindPage, schedulerPass

        static func generate(_ random: inout SeededRandom) -> Action {
            let member = random.next(in: 0...3)
            switch random.next(in: 0...8) {
            case 0: return .removeAddress(member)
            case 1: return .changeAddress(member)
            case 2: return .rename(member)
            case 3: return .removeMember(member)
            case 4: return .addMember
            case 5: return .send
            case 6: return .remindAPI
            case 7: return .remindPage
            default: return .schedulerPass
            }
        }

        var description: String {
            switch self {
            case .removeAddress(let m): return "removeAddress(\(RosterSendStepTests.names[m]))"
            case .changeAddress(let m): return "changeAddress(\(RosterSendStepTests.names[m]))"
            case .rename(let m): return "rename(\(RosterSendStepTests.names[m]))"
            case .removeMember(let m): return "removeMember(\(RosterSendStepTests.names[m]))"
            case .addMember: return "addMember"
            case .send: return "send"
            case .remindAPI: return "remindAPI"
            case .remindPage: return "remindPage"
            case .schedulerPass: return "schedulerPass"
            }
        }
    }

    @Test func twoWorldsThatDifferOnlyInWhoAnsweredLookTheSame() async throws {
        await propertyCheck(count: 8, input: Gen.int(in: 0...11), Gen.int(in: 0...1_000_000)) { pair, seed in
            let (first, second) = Self.pair(pair)
            var random = SeededRandom(seed: UInt64(seed))
            let actions = (0..<random.next(in: 4...9)).map { _ in Action.generate(&random) }
            let context = "\(RosterSendStepTests.names[first]) or \(RosterSendStepTests.names[second]) answered; then \(actions)"
            do {
                let one = try await Self.transcript(anonymous: true, answerer: first, actions: actions)
                let other = try await Self.transcript(anonymous: true, answerer: second, actions: actions)
                Self.expectSame(one, other, context)
            } catch {
                Issue.record("\(context): \(String(reflecting: error))")
            }
        }
    }

    /// The comparison can fail: on a named form the host is told who answered, so the same two
    /// worlds look different (the preview names the member).
    @Test func onANamedFormTheDifferenceIsVisible() async throws {
        let actions: [Action] = [.removeAddress(2), .remindAPI]
        let one = try await Self.transcript(anonymous: false, answerer: 0, actions: actions)
        let other = try await Self.transcript(anonymous: false, answerer: 1, actions: actions)
        #expect(one.count == other.count)
        #expect(zip(one, other).contains { $0.1 != $1.1 }, "a named form shows who answered")
    }

    /// Two different members out of four, from one number (0...11).
    static func pair(_ n: Int) -> (Int, Int) {
        let first = n / 3
        let offset = n % 3 + 1
        return (first, (first + offset) % 4)
    }

    static func expectSame(_ one: [(String, String)], _ other: [(String, String)], _ context: String) {
        #expect(one.map(\.0) == other.map(\.0), "\(context): the same outputs were read")
        for (a, b) in zip(one, other) where a.1 != b.1 {
            let lines = zip(a.1.split(separator: "\n", omittingEmptySubsequences: false), b.1.split(separator: "\n", omittingEmptySubsequences: false))
            let first = lines.first { $0.0 != $0.1 }.map { "\n  one:   \($0.0)\n  other: \($0.1)" } ?? ""
            Issue.record("\(context): \(a.0) differs\(first)")
            return
        }
    }

    /// One world: the anonymous (or named) form with Ana, Ben, Chloe and Dan on its roster, four
    /// answers through the shared code, the links sent to all four, `answerer`'s answer through
    /// their link; then `actions`, each followed by the reads, then the final reads.
    static func transcript(anonymous: Bool, answerer: Int, actions: [Action]) async throws -> [(String, String)] {
        let recorded = Recorded()
        try await RosterSendStepTests.run(anonymous: anonymous) { world in
            var log: [(String, String)] = []
            let masks = Masks(world)
            func read(_ label: String, _ reply: ParticipantReply) {
                log.append(("\(label) [\(reply.status.code)]", masks.apply(reply.text)))
            }
            // A named form takes answers from those who checked in.
            func submit(_ body: [String: Any], as name: String) async throws {
                var body = body
                if !anonymous { body["participantToken"] = try await world.api.checkIn(world.fixture.code, name: name) }
                let reply = try await world.api.submit(world.fixture.code, body)
                try #require(reply.status == .created, "\(reply.text)")
            }
            for (index, pace) in ["slow", "ok", "fast", "ok"].enumerated() {
                try await submit(["answers": ParticipantAPI.answers(pace: pace)], as: "Guest \(index)")
            }
            let links = try await PersonalLinkTests.sendLinks(world)
            let name = RosterSendStepTests.names[answerer]
            try await submit(["answers": ParticipantAPI.answers(), "personalLink": links[name] ?? ""], as: name)
            let host = world.fixture.hostToken
            var added = 0
            for action in actions {
                switch action {
                case .removeAddress(let m):
                    read("\(action)", try await world.api.send(.delete, Self.emailPath(world, m), token: host))
                case .changeAddress(let m):
                    read("\(action)", try await world.api.send(.put, Self.emailPath(world, m), token: host, json: ["email": "moved\(m)@example.org"]))
                case .rename(let m):
                    read("\(action)", try await world.api.send(.patch, Self.memberPath(world, m), token: host, json: ["name": "Renamed \(m)"]))
                case .removeMember(let m):
                    read("\(action)", try await world.api.send(.delete, Self.memberPath(world, m), token: host))
                case .addMember:
                    added += 1
                    read("\(action)", try await world.api.send(.post, "/v1/series/\(world.fixture.seriesID)/roster", token: host, json: ["name": "Newcomer \(added)"]))
                case .send:
                    read("\(action)", try await world.api.send(.post, RosterSendAPITests.send(world), token: host))
                case .remindAPI:
                    read("\(action)", try await world.api.send(.post, RosterRemindTests.remind(world), token: host))
                case .remindPage:
                    read("\(action)", try await world.api.post("\(world.meeting)/roster/remind", [("csrf", world.session.csrf)], cookie: world.session.cookie))
                case .schedulerPass:
                    // What it wrote is not the host's to read (only what the log shows is).
                    _ = try await RosterSendStepTests.mail(world.database).writeDueRosterMail()
                }
                read("preview after \(action)", try await world.api.send(.get, RosterSendAPITests.send(world), token: host))
                read("send page after \(action)", try await world.api.page("\(world.meeting)/roster/send", cookie: world.session.cookie))
                read("mail log after \(action)", try await world.api.page("/account/mail", cookie: world.session.cookie))
            }
            let meeting = "/v1/meetings/\(world.fixture.meetingID)"
            for layout in ["responses", "answers"] {
                read("export \(layout)", try await world.api.send(.get, "\(meeting)/export.csv?layout=\(layout)", token: host))
            }
            read("responses page", try await world.api.page("\(world.meeting)/responses", cookie: world.session.cookie))
            read("dashboard panel", try await world.api.page("\(world.meeting)/panel", cookie: world.session.cookie))
            read("roster page", try await world.api.page("\(world.meeting)/roster", cookie: world.session.cookie))
            read("attendance", try await world.api.send(.get, "\(meeting)/attendance", token: host))
            recorded.set(log)
        }
        return recorded.get()
    }

    static func emailPath(_ world: RosterSendStepTests.World, _ member: Int) -> String {
        "/v1/meetings/\(world.fixture.meetingID)/roster/\(world.members[RosterSendStepTests.names[member]] ?? "?")/email"
    }

    static func memberPath(_ world: RosterSendStepTests.World, _ member: Int) -> String {
        "/v1/series/\(world.fixture.seriesID)/roster/\(world.members[RosterSendStepTests.names[member]] ?? "?")"
    }

    /// What differs between two worlds whatever happens in them: ids, codes, tokens, times.
    struct Masks {
        var literal: [(String, String)]

        init(_ world: RosterSendStepTests.World) {
            self.literal = [(world.fixture.code, "CODE"), (world.session.csrf, "CSRF")]
        }

        static let patterns: [(String, String)] = [
            ("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}", "ID"),
            // A request id: hexadecimal, its leading zeros not written (so 31 digits at times).
            ("\\b[0-9a-f]{16,32}\\b", "REQUEST"),
            ("\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?", "TIME"),
            ("\\b\\d{1,2}:\\d{2}(:\\d{2})?( ?[AP]M)?\\b", "TIME"),
            // Seconds between instants (an export's seconds after the end, a duration).
            ("-?\\d+\\.\\d{1,3}\\b", "SECONDS"),
            ("host-[a-z0-9]+@example\\.com", "HOST"),
        ]

        /// What the delivery log calls the host's address proof, in every language (its own table).
        static let addressProofNames = Language.allCases.map { MailKind.addressProof.label($0) }

        func apply(_ text: String) -> String {
            // The host's own address proof, written at sign-up, is tried by the delivery service
            // at a moment of its own (before or after the world's first pass): not roster mail.
            var masked = text
            for name in Self.addressProofNames {
                masked = masked.replacingOccurrences(of: "<tr><td>\(name)</td>[^\n]*</tr>", with: "", options: .regularExpression)
            }
            // The dashboard's per-minute timeline buckets arrivals by the wall clock's minutes: both
            // worlds submit in the same order, but one may cross a minute boundary the other does
            // not ("busiest at … with 4" vs "with 5"). Its bars and sentence are masked, not the
            // section: the page must still draw it in both worlds.
            masked = masked.replacingOccurrences(
                of: "(?s)(<section class=\"question\" aria-labelledby=\"timeline-heading\">).*?(</section>)",
                with: "$1TIMELINE$2", options: .regularExpression)
            for (value, mask) in self.literal where !value.isEmpty { masked = masked.replacingOccurrences(of: value, with: mask) }
            for (pattern, mask) in Self.patterns {
                masked = masked.replacingOccurrences(of: pattern, with: mask, options: .regularExpression)
            }
            return masked
        }
    }

    /// The transcript out of the world's closure.
    final class Recorded: Sendable {
        private let value = Mutex<[(String, String)]>([])
        func set(_ log: [(String, String)]) { self.value.withLock { $0 = log } }
        func get() -> [(String, String)] { self.value.withLock { $0 } }
    }
}
