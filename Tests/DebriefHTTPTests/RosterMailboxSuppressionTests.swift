@testable import DebriefActions
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Issue 67: an unsubscribe suppresses the MAILBOX, not the spelling of one address. Whatever
/// records a suppression and `mail_suppressed(…)` both go through the one key, `mailbox_key(…)`
/// (migration 0076): sub-address tags after `+` dropped everywhere (RFC 5233 practice), dots
/// dropped only at gmail.com / googlemail.com (one mailbox, as Google documents), case folded.
@Suite("Roster mail: suppression by mailbox")
struct RosterMailboxSuppressionTests {
    /// The reproduction: alice@ unsubscribed, and alice+x@ was mailed. Another spelling of the
    /// same mailbox is now suppressed too; a different mailbox of the same domain is not.
    @Test func aSubAddressOfAnUnsubscribedMailboxIsNotMailed() async throws {
        try await ParticipantAPI.run { api, database in
            let mail = try RosterMailSuppressionTests.actions(database)
            let first = try await RosterMailSuppressionTests.endedMeeting(api, database, address: "alice@example.org")
            #expect(try await mail.writeDueRosterMail() == 1)
            try await mail.unsubscribe(token: try await RosterMailSuppressionTests.token(database, member: first.member), everywhere: true)
            _ = try await RosterMailSuppressionTests.endedMeeting(api, database, address: "Alice+x@Example.ORG")
            #expect(try await mail.writeDueRosterMail() == 0, "alice+x@ is alice@'s mailbox")
            _ = try await RosterMailSuppressionTests.endedMeeting(api, database, address: "alice-x@example.org")
            #expect(try await mail.writeDueRosterMail() == 1, "a hyphen is part of the name at most providers: another mailbox")
        }
    }

    /// The other way round: unsubscribing from a tagged, dotted Gmail address suppresses the plain
    /// one, and the host's roster shows it as unsubscribed.
    @Test func unsubscribingFromATaggedGmailAddressSuppressesTheMailbox() async throws {
        try await ParticipantAPI.run { api, database in
            let mail = try RosterMailSuppressionTests.actions(database)
            let first = try await RosterMailSuppressionTests.endedMeeting(api, database, address: "a.lice+news@googlemail.com")
            #expect(try await mail.writeDueRosterMail() == 1)
            try await mail.unsubscribe(token: try await RosterMailSuppressionTests.token(database, member: first.member), everywhere: true)
            let again = try await RosterMailSuppressionTests.endedMeeting(api, database, address: "alice@gmail.com")
            #expect(try await mail.writeDueRosterMail() == 0)
            let listed = try await api.send(.get, again.emails, token: again.fixture.hostToken)
            let item = try #require((listed.json?["items"] as? [[String: Any]])?.first { $0["memberId"] as? String == again.member })
            #expect(item["unsubscribed"] as? Bool == true, "\(listed.text)")
            // Dots count elsewhere: a.lice@example.org is not alice@example.org.
            let stored: [String] = try await database.query("SELECT email FROM mail_suppressions").map { try $0.decode("email") }
            #expect(stored == ["alice@gmail.com"], "the suppression is stored as its mailbox key")
        }
    }

    /// The key itself, as the SQL function computes it.
    @Test func theMailboxKey() async throws {
        try await ParticipantAPI.run { _, database in
            let cases: [(String, String)] = [
                ("alice@example.org", "alice@example.org"),
                ("Alice+x@Example.ORG", "alice@example.org"),
                ("alice+x+y@example.org", "alice@example.org"),
                ("a.lice@example.org", "a.lice@example.org"),
                ("a.l.i.c.e+tag@gmail.com", "alice@gmail.com"),
                ("A.Lice@GoogleMail.com", "alice@gmail.com"),
                ("+only@example.org", "+only@example.org"),
                (" bob@example.org ", "bob@example.org"),
            ]
            for (address, key) in cases {
                let computed: String = try await database.query("SELECT mailbox_key(\(address)) AS key").single().decode("key")
                #expect(computed == key, "\(address)")
            }
        }
    }
}
