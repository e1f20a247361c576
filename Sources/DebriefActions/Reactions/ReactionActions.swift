import Debrief
import DebriefStore
import Foundation
import Logging
import Metrics

/// Reactions during the meeting (docs/decisions/0100), one use case for the JSON API and the
/// pages: a participant sends one as the room identity the room's questions issued
/// (``RoomQuestionActions/voter(_:code:)``); a host reads the meeting's counts.
public struct ReactionActions: Sendable {
    let forms: ParticipantActions
    let store: ReactionStore

    public init(forms: ParticipantActions, store: ReactionStore) {
        self.forms = forms
        self.store = store
    }

    /// Counts `input`'s reaction from `voter` in the meeting of their form; the counts after it.
    /// A 422 naming `reaction` for one not in ``Reaction/allCases``, asked before the form.
    public func send(_ input: ReactionInput, by voter: RoomQuestionActions.RoomVoter) async throws -> ReactionCounts {
        let reaction = try Reaction(parsing: input.reaction)
        let form = try await self.forms.form(code: voter.code)
        return try await self.store.send(reaction, form: form, identity: voter.id)
    }

    /// The published form behind `code` (the page's language and its way back).
    public func form(code: String) async throws -> PublishedForm {
        try await self.forms.form(code: code)
    }

    /// The counts of the meeting behind `code`, as the participant's page shows them.
    public func roomCounts(code: String) async throws -> ReactionCounts {
        try await self.store.counts(form: try await self.forms.form(code: code))
    }

    /// The counts of a meeting `viewer` may read: the presenter, the dashboard and the API.
    public func counts(meeting: UUID, visibleTo viewer: Viewer) async throws -> ReactionCounts {
        try await self.store.counts(meeting: meeting, visibleTo: viewer)
    }

    /// The counts of a meeting for the hosts' live stream (``LiveResultsHub/reactionsSnapshot(_:)``),
    /// whose watchers were authorized (`counts(meeting:visibleTo:)`'s gate) when their stream opened.
    public func liveCounts(meeting: UUID) async throws -> ReactionCounts {
        try await self.store.counts(meeting: meeting, visibleTo: .service)
    }
}

extension PeriodicPurge {
    /// Deletes the reactions' caps' records past their expiry, once an hour and at start: a
    /// sender's keyed hash is kept no longer than the caps need it (docs/decisions/0100).
    public static func reactionSenders(reactions: ReactionStore, logger: Logger, metrics: any MetricsFactory = MetricsSystem.factory) -> Self {
        Self(
            job: "reaction_purge", metrics: metrics, logger: logger,
            done: "purged expired reaction senders", failed: "could not purge expired reaction senders"
        ) { try await reactions.purgeExpiredSenders() }
    }
}
