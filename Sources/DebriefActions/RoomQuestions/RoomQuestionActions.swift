import Debrief
import DebriefStore
import Foundation

/// Questions from the room (docs/decisions/0075), one use case for the JSON API and the pages:
/// the participant's list, posts and votes by the form's code, and the host's moderation by the
/// meeting's id.
public struct RoomQuestionActions: Sendable {
    let forms: ParticipantActions
    let store: RoomQuestionStore
    let voters: RoomVoters
    /// The list each room sees, computed once per change on this instance (``RoomLists``); the
    /// application tells it of every change to a room (the notifier's room commits here, the
    /// listener's room channel from every instance).
    public let lists: RoomLists

    public init(forms: ParticipantActions, store: RoomQuestionStore, voters: RoomVoters, listMaxAge: Duration = .seconds(2)) {
        self.forms = forms
        self.store = store
        self.voters = voters
        let marks = RoomMarks(instance: store.instance) { voter, meeting in try await store.votes(of: voter, meeting: meeting) }
        self.lists = RoomLists(maxAge: listMaxAge, marks: marks) { meeting in try await store.roomList(meeting: meeting) }
    }

    /// A participant of the room of one form, as an identity this server issued for it
    /// (``issueVoter(code:)``) and the asking client sent back: only ``voter(_:code:)`` makes one,
    /// so a post or a vote cannot name an identity the client made up or that nobody issued
    /// (issue 67: a post or vote without one used to mint a fresh one, which no cap could count).
    public struct RoomVoter: Sendable, Equatable {
        public let id: UUID
        /// The form's code as published, which the identity is signed for.
        let code: String
    }

    /// The room's view through the form's code: the room's shared list and `voter`'s votes
    /// (none without one).
    public struct RoomView: Sendable {
        public let meeting: UUID
        /// The list every reader of the room shares, marked for nobody.
        public let shared: RoomLists.Shared
        /// The questions of the list `voter` voted for.
        public let marked: Set<UUID>

        public var settings: RoomQuestionSettings { self.shared.settings }
        /// The questions the room sees, in the room's order, with `voter`'s votes marked.
        public var questions: [RoomQuestion] {
            self.shared.questions.map { question in
                var question = question
                question.votedByMe = self.marked.contains(question.id)
                return question
            }
        }
    }

    /// The list is the room's shared one (``RoomLists``: computed once per change, whoever reads
    /// it); the voter's marks are their own votes alone, kept on this instance once read
    /// (``RoomMarks``, decision 109): in the common case the read runs no statement.
    public func roomView(code: String, voter: RoomVoter?) async throws -> RoomView {
        let form = try await self.forms.form(code: code)
        let shared = try await self.lists.list(form.meetingID)
        var marked: Set<UUID> = []
        if let voter, !shared.questions.isEmpty, let marks = self.lists.marks {
            marked = try await marks.marks(of: voter.id, meeting: form.meetingID)
        }
        return RoomView(meeting: form.meetingID, shared: shared, marked: marked)
    }

    /// A new identity in the room of the form behind `code`, as the token to hand the client:
    /// the one way one is made. `conflict` while the room takes no questions. The caller asks the
    /// per-address rate first (the adapters' `Admission.roomIdentity`).
    public func issueVoter(code: String) async throws -> String {
        let form = try await self.forms.form(code: code)
        guard try await self.store.settings(meeting: form.meetingID).enabled else { throw RoomQuestionStore.closedToVotes }
        return try await self.voters.issue(code: form.code).token
    }

    /// The participant `token` names in the room of the form behind `code`, when this server
    /// issued it for that form; nil for no token, a forged one or another form's. `notFound` for
    /// an unknown code.
    public func voter(_ token: String?, code: String) async throws -> RoomVoter? {
        let form = try await self.forms.form(code: code)
        guard let token, let id = try await self.voters.voter(of: token, code: form.code) else { return nil }
        return RoomVoter(id: id, code: form.code)
    }

    /// Posts `voter`'s question to the room of their form.
    public func post(_ input: RoomQuestionInput, by voter: RoomVoter) async throws -> RoomQuestion {
        let form = try await self.forms.form(code: voter.code)
        return try await self.store.post(input, meeting: form.meetingID, author: voter.id)
    }

    /// `voter` upvotes (`up`) or takes back their vote on a question the room sees; `conflict`
    /// while the room takes no questions.
    public func vote(_ up: Bool, question: UUID, by voter: RoomVoter) async throws {
        let form = try await self.forms.form(code: voter.code)
        if let stamp = try await self.store.vote(up, question: question, meeting: form.meetingID, voter: voter.id) {
            self.lists.marks?.voted(up, question: question, meeting: form.meetingID, voter: voter.id, stamp: stamp)
        }
    }

    // MARK: - Live

    /// The meeting behind `code` while its room takes questions, for the room's live stream;
    /// nil otherwise (an unknown code, questions off), which the stream answers as 404.
    public func liveMeeting(code: String) async throws -> UUID? {
        let form: PublishedForm
        do {
            form = try await self.forms.form(code: code)
        } catch let unknown as DebriefError where unknown.code == .notFound {
            return nil
        }
        return try await self.store.settings(meeting: form.meetingID).enabled ? form.meetingID : nil
    }

    /// The version of the list the room sees (``RoomListVersion``), the shared list's
    /// (``RoomLists``: the phones' reads and the stream's share one computation per change); nil
    /// while questions are off (the stream then ends `off`).
    public func liveVersion(meeting: UUID) async throws -> RoomListVersion? {
        try await self.lists.list(meeting).version
    }

    // MARK: - Host

    public func hostList(meeting: UUID, visibleTo viewer: Viewer) async throws -> (RoomQuestionSettings, [RoomQuestion]) {
        try await self.store.hostList(meeting: meeting, visibleTo: viewer)
    }

    /// The presenter's top questions: the first `limit` the room sees; nil while questions are off.
    public func roomTop(_ limit: Int, meeting: UUID, visibleTo viewer: Viewer) async throws -> [RoomQuestion]? {
        try await self.store.roomTop(limit, meeting: meeting, visibleTo: viewer)
    }

    public func setSettings(_ input: RoomQuestionSettingsInput, meeting: UUID, by viewer: Viewer) async throws -> RoomQuestionSettings {
        let settings = try input.validated()
        try await self.store.setSettings(settings, meeting: meeting, by: viewer)
        return settings
    }

    public func change(_ input: RoomQuestionChangeInput, question: UUID, meeting: UUID, by viewer: Viewer) async throws -> RoomQuestion {
        try await self.store.change(try RoomQuestionChange.validated(input), question: question, meeting: meeting, by: viewer)
    }

    /// Deletes one of the meeting's questions for a host who may edit it (owner, editing
    /// co-host): gone from every list and from the room's cap.
    public func delete(question: UUID, meeting: UUID, by viewer: Viewer) async throws {
        try await self.store.delete(question: question, meeting: meeting, by: viewer)
    }
}

extension RoomQuestionActions {
    /// `notFound` unless `viewer` sees the meeting, `forbidden` unless they may change it: asked
    /// before a body is read, so another host's meeting is a 404 whatever the body says.
    public func requireEditable(meeting: UUID, by viewer: Viewer) async throws {
        try await self.store.requireEditable(meeting: meeting, by: viewer)
    }
}
