import Debrief
import Foundation
import PQ

/// What a participant gets back from checking in. The token is shown once; only its hash is kept.
public struct CheckInReceipt: Sendable, Equatable {
    public var participantToken: String
    public var checkedInAt: Date
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

    /// Records a check-in on an open form and hands out a new participant token.
    ///
    /// `name` is nil on anonymous forms (no name is ever stored for them). A name whose match key
    /// equals a roster member's in the meeting's series is linked to that member.
    ///
    /// One statement, so one round trip: it locks the form row `FOR SHARE` (a concurrent close
    /// waits, a later one is seen), inserts only when the form is open by the database clock, and
    /// has ``ResultsNotifier`` announce the meeting.
    public func checkIn(to form: PublishedForm, name: PersonName?) async throws -> CheckInReceipt {
        let token = SecretToken.newParticipantToken()
        let rows = try await self.database.query(
            """
            WITH g AS (
                SELECT f.id, f.meeting_id, \(FormGate.columns)
                FROM forms f WHERE f.id = \(form.id) AND f.published_at IS NOT NULL AND f.trashed_at IS NULL FOR SHARE OF f
            ), c AS (
                INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key, roster_member_id)
                SELECT g.id, g.meeting_id, \(SecretToken.hash(token)), \(name?.text)::text, \(name?.matchKey)::text,
                    (SELECT rm.id FROM roster_members rm JOIN meetings m ON m.series_id = rm.series_id
                     WHERE m.id = g.meeting_id AND rm.name_key = \(name?.matchKey)::text)
                FROM g WHERE g.gate_open
                RETURNING checked_in_at, meeting_id
            )
            SELECT g.gate_open, g.gate_closed_at, c.checked_in_at,
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
