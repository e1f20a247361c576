import DebriefActions

/// The live streams as one feature: the host's results stream (`/v1/meetings/{id}/results/live`,
/// with the page session's cookie for the dashboard's script) and the room's
/// (`/v1/f/{code}/results/live`, `…/room-questions/live`, under the participant rate limit), all
/// fed by the one hub.
///
/// The hub itself is built beside the change listener that feeds it and runs with the
/// application's core services: the listener must stop before it.
public struct LiveFeature: Feature {
    let hub: LiveResultsHub
    let meetings: MeetingActions
    let results: ResultsActions
    /// Checks, every few seconds, that a host's stream is still theirs to read.
    let accounts: AccountActions
    /// Questions from the room, sent on the room's stream.
    let roomQuestions: RoomQuestionActions

    public init(
        hub: LiveResultsHub, meetings: MeetingActions, results: ResultsActions, accounts: AccountActions,
        roomQuestions: RoomQuestionActions
    ) {
        self.hub = hub
        self.meetings = meetings
        self.results = results
        self.accounts = accounts
        self.roomQuestions = roomQuestions
    }

    public func addRoutes(to api: APIRoutes) {
        let rooms = RoomBroadcast(hub: self.hub, slowViewerGrace: self.hub.slowViewerGrace)
        ParticipantLiveController(results: self.results, rooms: rooms, admission: api.admission, questions: self.roomQuestions)
            .addRoutes(to: api.participant)
        LiveResultsController(
            meetings: self.meetings, results: self.results, accounts: self.accounts, hub: self.hub,
            admission: api.admission, checkInterval: api.settings.liveCheckInterval
        ).addRoutes(to: api.cookieReadable)
    }
}
