import Debrief
import DebriefStore
import Foundation
import Tracing

/// What a participant can do to a published form — open it, check in, answer — with every rule
/// applied once: the JSON API and the participant page both call these.
public struct ParticipantActions: Sendable {
    let forms: ParticipantFormStore
    let checkIns: CheckInStore
    let responses: ResponseStore
    /// Signs the "opened" ticket of every view and checks it on the submission.
    let tickets: OpenedTickets
    /// "Now" for the series clock (docs/decisions/0083).
    let clock: WallClock

    public init(
        forms: ParticipantFormStore, checkIns: CheckInStore, responses: ResponseStore, tickets: OpenedTickets,
        clock: WallClock = .system
    ) {
        self.clock = clock
        self.forms = forms
        self.checkIns = checkIns
        self.responses = responses
        self.tickets = tickets
    }

    /// Where submissions are counted (accepted, refused by reason); the HTTP layer adds the
    /// refusals it answers itself.
    public var submissionMetrics: SubmissionMetrics { self.responses.metrics }

    /// The open form behind a typed or scanned code (404 unknown, 410 closed).
    public func form(code: String) async throws -> PublishedForm {
        try await self.forms.published(code: code)
    }

    /// When the session behind a form's code starts, in its series' zone (the thanks page's line).
    public func sessionTime(code: String) async throws -> (startsAt: Date, timeZone: String?)? {
        try await self.forms.sessionTime(code: code)
    }

    /// Where a series' stable code leads now, by the series clock: the form of the session
    /// happening now, or that none is (when the next session starts, the previous one's form
    /// while it is open). Throws not-found when `code` is no series' code.
    public func currentSession(seriesCode code: String) async throws -> SeriesSession {
        try await self.forms.seriesCodes.currentSession(seriesCode: code, at: self.clock.now())
    }

    /// What the participant page and `GET /v1/f/{code}` show: the form and its meeting.
    /// Every view carries a fresh signed "opened" ticket (no row is written for it): the
    /// submission sends it back, which dates the opening and seeds the option order.
    public func view(code: String) async throws -> ParticipantFormView {
        var view = try await self.forms.view(code: code)
        view.opened = try await self.tickets.issue(code: view.form.code)
        return view
    }

    /// As ``view(code:)``, for a page shown again (a refused submission, a check-in): the ticket
    /// the page already carries is kept when it checks, so the opened time stays the first view's
    /// and the options keep their order; otherwise a fresh one.
    public func view(code: String, presenting ticket: String?) async throws -> ParticipantFormView {
        var view = try await self.forms.view(code: code)
        if let ticket, let kept = try await self.tickets.verify(ticket, code: view.form.code) {
            view.opened = (kept, ticket)
        } else {
            view.opened = try await self.tickets.issue(code: view.form.code)
        }
        return view
    }

    /// The ticket a submission sent, verified for `form` at `now`: nil when none was sent; a
    /// problem at `openedToken` when it is malformed, forged, another form's or from the future.
    func openedTicket(_ text: String?, form: PublishedForm, now: Date, into problems: inout ProblemCollector) async throws -> OpenedTicket? {
        guard let text else { return nil }
        guard let ticket = try await self.tickets.verify(text, code: form.code) else {
            problems.add("openedToken", "is not a ticket this server issued for this form")
            return nil
        }
        guard ticket.isPlausible(at: now) else {
            problems.add("openedToken", "says the form was opened in the future")
            return nil
        }
        return ticket
    }

    /// Checks in to an open form. `rawName` counts only on forms that are not anonymous (it must
    /// then be a valid name, reported at `name`); anonymous forms never store one, but a name that
    /// is sent is still checked, as on any form.
    ///
    /// A participant who presents the token of their earlier check-in (`earlierToken`) gets that
    /// check-in back instead of a second one: attendance counts people.
    public func checkIn(to form: PublishedForm, rawName: String?, earlierToken: String? = nil) async throws -> CheckInReceipt {
        try await self.onCurrentVersion(form) { try await self.checkIn(to: $0, rawName: rawName, earlierToken: earlierToken, once: ()) }
    }

    private func checkIn(to form: PublishedForm, rawName: String?, earlierToken: String?, once: Void) async throws -> CheckInReceipt {
        if form.definition.anonymous {
            if let rawName { _ = try PersonName.validated(rawName, at: "name") }
            return try await self.checkIns.checkIn(to: form, name: nil, presenting: earlierToken)
        }
        let name = try PersonName.validated(rawName, at: "name")
        return try await self.checkIns.checkIn(to: form, name: name, presenting: earlierToken)
    }

    /// Validates everything first (token and answers: every problem in one ``ValidationFailure``),
    /// then stores the response atomically, under `idempotencyKey` if given; see
    /// ``ResponseStore/submit(_:)``. A retry with the same key and body gets what was accepted the
    /// first time, whichever path (API or page) sent either — also when the host removed that
    /// response since: it is not stored again. Refusals by what is stored are ``SubmissionRefusal``s.
    ///
    /// `revising` is the response a browser's receipt names (the participant page's anonymous
    /// participant changing their answers): it counts only on an anonymous form that allows
    /// editing, for a submission without a participant token, and is then replaced.
    public func submit(
        _ input: SubmissionInput, to form: PublishedForm, idempotencyKey key: String?, revising: UUID? = nil
    ) async throws -> AcceptedSubmission {
        try await withSpan("ParticipantActions.submit") { span in
            span.attributes["debrief.answers"] = input.answers?.count ?? 0
            return try await self.onCurrentVersion(form) {
                try await self.validateAndStore(input, to: $0, idempotencyKey: key, revising: revising)
            }
        }
    }

    /// Whether a browser's receipt may change the answers it names on `form` (see
    /// ``submit(_:to:idempotencyKey:revising:)``): the one rule, which the page asks too.
    public static func receiptChangesAnswers(on form: FormDefinition) -> Bool {
        form.anonymous && form.allowsEditing
    }

    /// The answers of the response a browser's receipt names, to show them again for a change;
    /// nil when the form does not let a receipt change answers or the response is gone.
    public func answersToChange(_ responseID: UUID, on form: PublishedForm) async throws -> [Answer]? {
        guard Self.receiptChangesAnswers(on: form.definition) else { return nil }
        return try await self.responses.tokenlessAnswers(of: responseID, meeting: form.meetingID)
    }

    private func validateAndStore(
        _ input: SubmissionInput, to form: PublishedForm, idempotencyKey key: String?, revising: UUID?
    ) async throws -> AcceptedSubmission {
        var problems = ProblemCollector()
        let token = ParticipantTokenRules.check(input.participantToken, form: form.definition, into: &problems)
        let personalLink = PersonalLinkRules.check(input.personalLink, into: &problems)
        let language = form.definition.responseLanguage(input.language, into: &problems)
        let ticket = try await self.openedTicket(input.openedToken, form: form, now: Date(), into: &problems)
        var answers: [Answer] = []
        switch input.validate(against: form.definition) {
        case .success(let accepted): answers = accepted
        case .failure(let failure): problems.add(contentsOf: failure)
        }
        guard problems.isEmpty else { throw ValidationFailure(problems: problems.problems) }
        let claim = try key.map { try IdempotencyClaim(key: $0, canonicalizing: input) }
        var submission = Submission(form: form, answers: answers, participantToken: token, idempotency: claim, language: language)
        if token == nil, Self.receiptChangesAnswers(on: form.definition) { submission.revising = revising }
        submission.personalLink = personalLink
        submission.signals = ResponseSignals(answers: answers, form: form.definition, ticket: ticket)
        return try await self.responses.submit(submission)
    }

    /// As ``submit(_:to:idempotencyKey:)``, for a page's double tap: the same post sent twice at
    /// once, where the second finds the key held by the first (a conflict). The second waits for
    /// the first to finish (up to `patience`) and then gets what the first stored, so both taps
    /// end on the same thank-you.
    public func submitWaitingForTwin(
        _ input: SubmissionInput, to form: PublishedForm, idempotencyKey key: String, revising: UUID? = nil,
        patience: Duration = .seconds(2)
    ) async throws -> AcceptedSubmission {
        do {
            return try await self.submit(input, to: form, idempotencyKey: key, revising: revising)
        } catch SubmissionRefusal.keyInFlight {
            _ = try await self.responses.waitForRequestInFlight(form: form, key: key, timeout: patience)
            return try await self.submit(input, to: form, idempotencyKey: key, revising: revising)
        }
    }

    /// Runs `write` on `form`; when it was refused — closed, gone, or answers that version does
    /// not accept — because a newer version was published under the same code since `form` was
    /// cached (here or on another instance), runs it once more on the current version, whose
    /// rules it checks again. (A wording edit keeps the version and accepts the same answers, so
    /// it needs no retry.)
    private func onCurrentVersion<T>(_ form: PublishedForm, _ write: (PublishedForm) async throws -> T) async throws -> T {
        do {
            return try await write(form)
        } catch let error as DebriefError where error.code == .gone || error.code == .notFound {
            guard let current = try await self.forms.newerVersion(than: form) else { throw error }
            return try await write(current)
        } catch let failure as ValidationFailure {
            guard let current = try await self.forms.newerVersion(than: form) else { throw failure }
            return try await write(current)
        }
    }
}
