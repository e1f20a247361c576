import Debrief
import Foundation
import PQ

extension ResponseStore {
    /// A submission through a roster member's personal link (docs/decisions/0077-personal-links-and-reminders.md),
    /// in ONE transaction: the link must be the member's link to this session (else
    /// ``SubmissionRefusal/unknownPersonalLink``, nothing stored); the response is written by the
    /// same statement as any other (``ResponseInsert``), and "this member has answered" is set
    /// beside it. A member who answered already is refused (``SubmissionRefusal/personalLinkUsed``:
    /// the response just written rolls back) unless the usual rule makes this a replay of the same
    /// request or a change of their own earlier answers (a check-in token or a browser's receipt on
    /// a form that allows editing). Never part of a group commit. Nil: start over.
    func attemptThroughPersonalLink(_ submission: Submission, tokenHash: String?, linkHash: String) async throws -> AcceptedSubmission? {
        let now = Date()
        let fresh = AcceptedSubmission(
            responseID: .timeOrdered(at: now), submittedAt: now, changedAt: nil, answers: submission.answers, replacedEarlier: false)
        let meeting = submission.form.meetingID
        let (accepted, stored) = try await self.database.withTransaction { connection -> (AcceptedSubmission?, Bool) in
            guard let member = try await PersonalLink.member(ofHash: linkHash, meeting: meeting, on: connection) else {
                throw SubmissionRefusal.unknownPersonalLink
            }
            let insert = ResponseInsert(submission: submission, tokenHash: tokenHash, notifier: self.notifier)
            guard let outcome = try await insert.run(fresh, on: connection) else { throw DebriefError.notFound("form") }
            if outcome.inserted {
                guard try await PersonalLink.markAnswered(meeting: meeting, member: member, on: connection) else {
                    throw SubmissionRefusal.personalLinkUsed
                }
                return (fresh, true)
            }
            switch try outcome.context.decide(submission) {
            case .insert: return (nil, false)
            case .replay(let stored): return (stored, false)
            case .replace(let responseID):
                let writer = ResponseWriter(submission: submission, notifier: self.notifier, connection: connection)
                let replaced = try await writer.replace(responseID, at: Date())
                // Their own earlier answers changed: the member has answered, whichever way they did before.
                _ = try await PersonalLink.markAnswered(meeting: meeting, member: member, on: connection)
                return (replaced, true)
            }
        }
        if stored {
            self.notifier.committed(meeting: meeting)
            self.metrics.accepted()
        } else if accepted != nil {
            self.metrics.refused(.replay)
        }
        return accepted
    }
}
