import Debrief
import Foundation
import PQ

/// The one writer of the room's votes and of each question's `votes` count (SQL/0071,
/// `scripts/check-layers` rule 27): a batch of votes (``RoomVoteBatcher``) is one statement and
/// one commit, whatever its size.
///
/// Why the count is kept on the question: the room's list is read after every vote (the page
/// reloads it, the live version asks for it), and counting every question's vote rows on each
/// read cost PostgreSQL more than the submissions the room slowed (issue 52, docs/benchmarks.md).
/// Here it moves by exactly the rows the statement inserted or deleted, in the same transaction,
/// so it cannot drift from them: a vote the key refused (`ON CONFLICT DO NOTHING`) or a take-back
/// of a vote that was not there changes nothing.
extension RoomQuestionStore {
    /// One participant's vote or take-back in a batch.
    struct Vote: Sendable, Hashable {
        let up: Bool
        let question: UUID
        let meeting: UUID
        let voter: UUID

        /// Two votes of one voter on one question never share a statement: both would read the
        /// same snapshot, and a take-back would not see the vote it follows.
        var key: [UUID] { [self.question, self.voter] }
    }

    /// What a batch did with one vote: whether the room takes questions (else `conflict`, nothing
    /// stored: issue 67), whether it sees the question (else `notFound`), and whether the vote
    /// changed anything (a repeated vote or take-back does not).
    struct VoteOutcome: Sendable, Equatable {
        let open: Bool
        let shown: Bool
        let changed: Bool
        /// The batch that stored it, named in its notice (``RoomVoteNotice``).
        let stamp: RoomVoteStamp
    }

    /// Stores `votes` in one statement (its own transaction: answered once committed), each
    /// while its room takes questions and through ``visibleToRoom``; the outcomes in the same order. The caller keeps two votes of
    /// one key out of the same batch. The statement announces what it changed on
    /// ``RoomVoteNotice/channel`` under `stamp` (`pg_notify` inside it: heard exactly when it
    /// commits, in commit order), which keeps every instance's marks of the voters in step.
    static func store(_ votes: [Vote], on database: Database, stamp: RoomVoteStamp) async throws -> [VoteOutcome] {
        let header = stamp.instance.lowercasedText + " " + String(stamp.batch)
        let rows = try await database.query(
            """
            WITH items AS (
                SELECT * FROM unnest(\(Array(0..<votes.count))::int8[], \(votes.map(\.question))::uuid[],
                    \(votes.map(\.meeting))::uuid[], \(votes.map(\.voter))::uuid[], \(votes.map(\.up))::bool[])
                    AS i(n, question, meeting, voter, up)
            ),
            opened AS (
                SELECT i.* FROM items i JOIN room_question_settings s ON s.meeting_id = i.meeting AND s.enabled
            ),
            shown AS (
                SELECT i.n, i.question, i.meeting, i.voter, i.up FROM opened i
                JOIN room_questions q ON q.id = i.question AND q.meeting_id = i.meeting AND \(Self.visibleToRoom)
            ),
            added AS (
                INSERT INTO room_question_votes (question_id, voter)
                SELECT question, voter FROM shown WHERE up ORDER BY question, voter
                ON CONFLICT DO NOTHING RETURNING question_id, voter
            ),
            removed AS (
                DELETE FROM room_question_votes v USING shown s
                WHERE NOT s.up AND v.question_id = s.question AND v.voter = s.voter RETURNING v.question_id, v.voter
            ),
            changes AS (
                SELECT question_id, voter, 1 AS delta FROM added UNION ALL SELECT question_id, voter, -1 FROM removed
            ),
            counted AS (
                UPDATE room_questions q SET votes = q.votes + d.delta
                FROM (SELECT question_id, sum(delta)::int8 AS delta FROM changes GROUP BY question_id) d
                WHERE q.id = d.question_id AND d.delta <> 0
                RETURNING q.id
            ),
            numbered AS (
                SELECT s.meeting, c.voter, c.question_id, c.delta,
                    (row_number() OVER () - 1) / \(RoomVoteNotice.changesPerNotice)::int8 AS chunk,
                    (count(*) OVER () - 1) / \(RoomVoteNotice.changesPerNotice)::int8 AS last
                FROM changes c JOIN shown s ON s.question = c.question_id AND s.voter = c.voter
            ),
            notified AS (
                SELECT pg_notify(\(RoomVoteNotice.channel), g.payload) FROM (
                    SELECT chunk, \(header)::text || ' ' || (chunk = last)::int::text || ' ' || string_agg(
                        meeting::text || ',' || voter::text || ',' || question_id::text || ',' || (delta > 0)::int::text, ' ') AS payload
                    FROM numbered GROUP BY chunk, last ORDER BY chunk
                ) g
            )
            SELECT i.n, o.n IS NOT NULL AS open, s.n IS NOT NULL AS shown, c.question_id IS NOT NULL AS changed
            FROM items i
            LEFT JOIN opened o ON o.n = i.n
            LEFT JOIN shown s ON s.n = i.n
            LEFT JOIN changes c ON c.question_id = i.question AND c.voter = i.voter
            CROSS JOIN (SELECT count(*) AS sent FROM notified) notices
            ORDER BY i.n
            """
        )
        let outcomes = try rows.map { row in
            VoteOutcome(open: try row.decode("open"), shown: try row.decode("shown"), changed: try row.decode("changed"), stamp: stamp)
        }
        guard outcomes.count == votes.count else { throw PQError(.protocolViolation, "a batch of votes answered \(outcomes.count) rows for \(votes.count)") }
        return outcomes
    }
}
