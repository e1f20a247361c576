import Debrief
import Foundation
import PQ

/// A roster member's personal link to one session, and "this member has answered" (migration
/// 0068, docs/decisions/0077-personal-links-and-reminders.md): the one owner of both tables.
///
/// Every roster message carries a link of its own, minted as it is written (``mint(meeting:member:)``)
/// and stored hashed in that message's transaction (``record(on:)``): the secret exists only in the
/// message. A submission that sends one is stored with the flag set in the same transaction
/// (``ResponseStore``); the flag has no time and the response names no member, so on an anonymous
/// form nothing ties a member to their answers.
public struct PersonalLink: Sendable, Equatable {
    /// The secret, for the message's URL (`/f/{code}?p=…`).
    public let token: String
    public let meetingID: UUID
    public let memberID: UUID

    /// A fresh link for `member` to `meeting`; nothing is stored until ``record(on:)``.
    public static func mint(meeting: UUID, member: UUID) -> PersonalLink {
        PersonalLink(token: SecretToken.newPersonalLinkToken(), meetingID: meeting, memberID: member)
    }

    /// Keeps the link's hash, in the transaction that writes the message carrying it.
    func record(on connection: Connection) async throws {
        try await connection.execute(
            """
            INSERT INTO roster_personal_links (token_hash, meeting_id, roster_member_id)
            VALUES (\(SecretToken.hash(self.token)), \(self.meetingID), \(self.memberID))
            """)
    }

    /// The member whose link to `meeting` has this hash, or nil (tampered with, another session's,
    /// or a member no longer on the roster). Takes the member's row lock, so two submissions
    /// through one member's links queue up and the second sees the first's flag.
    static func member(ofHash hash: String, meeting: UUID, on connection: Connection) async throws -> UUID? {
        try await connection.query(
            """
            SELECT rm.id FROM roster_personal_links l JOIN roster_members rm ON rm.id = l.roster_member_id
            WHERE l.token_hash = \(hash) AND l.meeting_id = \(meeting)
            FOR UPDATE OF rm
            """
        ).first?.decode("id")
    }

    /// Sets "`member` has answered `meeting`"; false when it was set already.
    static func markAnswered(meeting: UUID, member: UUID, on connection: Connection) async throws -> Bool {
        try await connection.execute(
            "INSERT INTO roster_answered (meeting_id, roster_member_id) VALUES (\(meeting), \(member)) ON CONFLICT DO NOTHING") == 1
    }

    /// SQL: the session `meeting` (an SQL expression) is anonymous in the sense of
    /// ``RosterAnswering/isAnonymous(publishedVersions:anonymousVersions:)``: no version
    /// published, or any published version anonymous (decision 81). The store's reading of that
    /// rule, for the statements that decide in SQL (the round's charge, the delivery log).
    public static func anonymousSession(meeting: SQLQuery) -> SQLQuery {
        """
        (NOT EXISTS (SELECT 1 FROM forms fv WHERE fv.meeting_id = \(meeting) AND fv.published_at IS NOT NULL)
            OR EXISTS (SELECT 1 FROM forms fv WHERE fv.meeting_id = \(meeting) AND fv.published_at IS NOT NULL
                AND coalesce((fv.definition ->> 'anonymous')::boolean, true)))
        """
    }

    /// SQL: how many answers came through personal links to `meeting` (an SQL expression): the
    /// flags, which outlive their members (SQL/0074), so no roster edit moves the count.
    public static func answeredThroughLinks(meeting: SQLQuery) -> SQLQuery {
        "(SELECT count(*)::int FROM roster_answered ra WHERE ra.meeting_id = \(meeting))"
    }

    /// SQL: the roster member `member` has answered the session `meeting` (both SQL expressions) —
    /// through a personal link (the flag), or under their roster name at a check-in that carries a
    /// response. The one meaning of "has answered" every roster path asks (the reminder's
    /// recipients, the roster's "answered" column and count).
    public static func hasAnswered(meeting: SQLQuery, member: SQLQuery) -> SQLQuery {
        """
        (EXISTS (SELECT 1 FROM roster_answered ra WHERE ra.meeting_id = \(meeting) AND ra.roster_member_id = \(member))
            OR EXISTS (SELECT 1 FROM check_ins ci WHERE ci.meeting_id = \(meeting) AND ci.roster_member_id = \(member)
                AND ci.response_form_id IS NOT NULL))
        """
    }
}
