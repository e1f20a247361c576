import Debrief
import DebriefStore
import Foundation

/// What a participant can do to a published form — check in, answer — with every rule applied
/// once: the JSON API (``ParticipantController``) and the participant page both call these.
struct ParticipantActions {
    let services: AppServices

    /// Checks in to an open form. `rawName` counts only on forms that are not anonymous (it must
    /// then be a valid name, reported at `name`); anonymous forms never store one.
    func checkIn(to form: PublishedForm, rawName: String?) async throws -> CheckInReceipt {
        let name = form.definition.anonymous ? nil : try PersonName.validated(rawName, at: "name")
        return try await self.services.checkIns.checkIn(to: form, name: name)
    }

    /// Validates everything first (token and answers: every problem in one ``ValidationFailure``),
    /// then stores the response atomically with its reply, under `idempotencyKey` if given; see
    /// ``ResponseStore/submit(_:render:)``. The reply is the API's JSON (201 new, 200 replaced),
    /// also when the page submitted it, so a key means the same thing on both paths.
    func submit(_ input: SubmissionInput, to form: PublishedForm, idempotencyKey key: String?) async throws -> SubmissionReply {
        var problems = ProblemCollector()
        let token = ParticipantTokenRules.check(input.participantToken, form: form.definition, into: &problems)
        var answers: [Answer] = []
        switch input.validate(against: form.definition) {
        case .success(let accepted): answers = accepted
        case .failure(let failure): problems.add(contentsOf: failure)
        }
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let claim = try key.map { try IdempotencyClaim(key: $0, canonicalizing: input) }
        return try await self.services.responses.submit(
            Submission(form: form, answers: answers, participantToken: token, idempotency: claim)
        ) { accepted in
            try ParticipantSubmissionResponse(accepted: accepted).reply()
        }
    }
}
