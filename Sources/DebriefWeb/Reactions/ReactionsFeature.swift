import DebriefActions
import DebriefHTTP
import ServiceLifecycle

/// Reactions during the meeting as one feature (docs/decisions/0100): the participant's
/// `POST /v1/f/{code}/reactions`, the host's `GET /v1/meetings/{id}/reactions`, and the hourly
/// purge of the caps' expired records; the participant page's buttons post to `/f/{code}/reactions`. The counts reach the presenter and the dashboard through
/// their pages and the meeting's live channel.
public struct ReactionsFeature: Feature {
    let reactions: ReactionActions
    let questions: RoomQuestionActions
    let purge: PeriodicPurge

    public init(reactions: ReactionActions, questions: RoomQuestionActions, purge: PeriodicPurge) {
        self.reactions = reactions
        self.questions = questions
        self.purge = purge
    }

    public func addRoutes(to api: APIRoutes) {
        let controller = ReactionController(
            reactions: self.reactions, questions: self.questions, admission: api.admission,
            maxBodyBytes: api.settings.participantMaxBodyBytes)
        controller.addParticipantRoutes(to: api.participant)
        controller.addRoutes(to: api.authenticated)
    }

    public func addPages(to pages: PageRoutes) {
        let group = pages.router.group("f")
            .add(middleware: PageErrorMiddleware(subject: .form))
            .add(middleware: pages.participantRateLimit)
        ReactionPageController(
            reactions: self.reactions, questions: self.questions, admission: pages.participantRateLimit.admission,
            maxBodyBytes: pages.settings.participantMaxBodyBytes
        ).addRoutes(to: group)
    }

    public var services: [any Service] { [self.purge] }
}
