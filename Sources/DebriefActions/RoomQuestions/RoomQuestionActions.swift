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

    public init(forms: ParticipantActions, store: RoomQuestionStore, voters: RoomVoters) {
        self.forms = forms
        self.store = store
        self.voters = voters
    }

    /// Who is asking in the room: the identity their token names, or a new one (no token, or
    /// one this server did not make for this form). `issued` is the token to hand back when new.
    public struct Voter: Sendable {
        public var id: UUID
        public var issued: String?
    }

    /// The room's view through the form's code: the settings and the questions the room sees.
    public struct RoomView: Sendable {
        public var settings: RoomQuestionSettings
        public var questions: [RoomQuestion]
        public var voter: Voter
    }

    public func roomView(code: String, voterToken: String?) async throws -> RoomView {
        let form = try await self.forms.form(code: code)
        let voter = try await self.voter(voterToken, code: form.code)
        let (settings, questions) = try await self.store.roomView(meeting: form.meetingID, voter: voter.id)
        return RoomView(settings: settings, questions: questions, voter: voter)
    }

    /// Posts a question to the room of the form behind `code`.
    public func post(_ input: RoomQuestionInput, code: String, voterToken: String?) async throws -> (RoomQuestion, Voter) {
        let form = try await self.forms.form(code: code)
        let voter = try await self.voter(voterToken, code: form.code)
        return (try await self.store.post(input, meeting: form.meetingID, author: voter.id), voter)
    }

    /// Upvotes (`up`) or takes back a vote on a question the room sees.
    public func vote(_ up: Bool, question: UUID, code: String, voterToken: String?) async throws -> Voter {
        let form = try await self.forms.form(code: code)
        let voter = try await self.voter(voterToken, code: form.code)
        try await self.store.vote(up, question: question, meeting: form.meetingID, voter: voter.id)
        return voter
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

    /// The version of the list the room sees (``RoomListVersion``), read through the store's
    /// `visibleToRoom` like every list; nil while questions are off (the stream then ends `off`).
    public func liveVersion(meeting: UUID) async throws -> RoomListVersion? {
        let (settings, questions) = try await self.store.roomView(meeting: meeting, voter: nil)
        return settings.enabled ? RoomListVersion(questions) : nil
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

    private func voter(_ token: String?, code: String) async throws -> Voter {
        if let token, let id = try await self.voters.voter(of: token, code: code) { return Voter(id: id, issued: nil) }
        let fresh = try await self.voters.issue(code: code)
        return Voter(id: fresh.voter, issued: fresh.token)
    }
}

extension RoomQuestionActions {
    /// `notFound` unless `viewer` sees the meeting, `forbidden` unless they may change it: asked
    /// before a body is read, so another host's meeting is a 404 whatever the body says.
    public func requireEditable(meeting: UUID, by viewer: Viewer) async throws {
        try await self.store.requireEditable(meeting: meeting, by: viewer)
    }
}
