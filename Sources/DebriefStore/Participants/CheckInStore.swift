import Debrief
import Foundation
import PQ

/// What a participant gets back from checking in. The token is shown once; only its hash is kept.
public struct CheckInReceipt: Sendable, Equatable {
    public var participantToken: String
    public var checkedInAt: Date
    /// True when the participant presented the token of an earlier check-in, which is returned
    /// as it was (attendance counts people, not check-ins).
    public var repeated: Bool = false
}

/// Participants saying "I am here" on a published form.
public struct CheckInStore: Sendable {
    let database: Database
    let forms: ParticipantFormStore
    let notifier: ResultsNotifier

    public init(database: Database, forms: ParticipantFormStore, notifier: ResultsNotifier) {
        self.database = database
        self.forms = forms
        self.notifier = notifier
    }

    /// Records a check-in on an open form and hands out a new participant token — or, when the
    /// participant presents the token of an earlier check-in to this meeting, returns that check-in
    /// (`repeated`), so a participant checking in twice is still one person.
    ///
    /// `name` is nil on anonymous forms (no name is ever stored for them). A name whose match key
    /// equals a roster member's in the meeting's series is linked to that member. A name already
    /// checked in to the meeting marks the new check-in as a duplicate of the first (SQL/0007):
    /// merged at once for a roster member (a known person checks in once), a possible duplicate
    /// for the host to confirm or merge otherwise (two people may share a common name).
    ///
    /// One statement, so one round trip: it locks the form row `FOR SHARE` (a concurrent close
    /// waits, a later one is seen), inserts only when the form is open by the database clock, and
    /// has ``ResultsNotifier`` announce the meeting.
    public func checkIn(to form: PublishedForm, name: PersonName?, presenting earlier: String? = nil) async throws -> CheckInReceipt {
        if let earlier {
            guard
                let row = try await self.database.query(
                    """
                    SELECT c.checked_in_at FROM check_ins c
                    WHERE c.token_hash = \(SecretToken.hash(earlier)) AND c.meeting_id = \(form.meetingID)
                    """
                ).first
            else { throw ValidationFailure(FieldProblem(path: "participantToken", message: "is not a check-in to this meeting")) }
            return CheckInReceipt(participantToken: earlier, checkedInAt: try row.decode("checked_in_at"), repeated: true)
        }
        let token = SecretToken.newParticipantToken()
        let rows = try await self.database.query(
            """
            WITH g AS (
                SELECT f.id, f.meeting_id, \(FormGate.columns)
                FROM forms f WHERE f.id = \(form.id) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL FOR SHARE OF f
            ), member AS (
                SELECT rm.id FROM roster_members rm JOIN meetings m ON m.series_id = rm.series_id
                WHERE m.id = \(form.meetingID) AND rm.name_key = \(name?.matchKey)::text
            ), first AS (
                SELECT c.id FROM check_ins c
                WHERE c.meeting_id = \(form.meetingID) AND c.name_key = \(name?.matchKey)::text AND c.duplicate_status IS NULL
                ORDER BY c.checked_in_at, c.id LIMIT 1
            ), c AS (
                INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key, roster_member_id, duplicate_of, duplicate_status)
                SELECT g.id, g.meeting_id, \(SecretToken.hash(token)), \(name?.text)::text, \(name?.matchKey)::text,
                    (SELECT id FROM member), (SELECT id FROM first),
                    CASE WHEN EXISTS (SELECT 1 FROM first) THEN
                        CASE WHEN EXISTS (SELECT 1 FROM member) THEN 'merged' ELSE 'possible' END
                    END
                FROM g WHERE g.gate_open
                RETURNING checked_in_at, meeting_id
            )
            SELECT g.gate_open, g.gate_closed_at, g.gate_opens_at, c.checked_in_at,
                CASE WHEN c.meeting_id IS NOT NULL THEN \(self.notifier.inStatement(meeting: "c.meeting_id")) END AS notified
            FROM g LEFT JOIN c ON true
            """)
        guard let row = rows.first else {
            self.forms.forget(form)
            throw DebriefError.notFound("form")
        }
        try FormGate(row: row).requireOpen()
        self.notifier.committed(meeting: form.meetingID)
        return CheckInReceipt(participantToken: token, checkedInAt: try row.decode("checked_in_at"))
    }
}
