import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation

/// The participant page's "Questions from the room" (docs/decisions/0075), shown when the host
/// turned them on: the form that posts one (a name field only in a `named` room), and the list the
/// room sees (``RoomQuestionActions/roomView(code:voter:)``: visible questions only, in the
/// room's order) with an upvote or remove-vote button each. Plain forms that work without script;
/// with it (`room-questions.js`) the list is fetched again whenever the room's questions' stream
/// (`/v1/f/{code}/room-questions/live`) sends a version other than the page's (decision 75).
///
/// Members are prefixed `room`: the partial sits inside the form page's view, and a nil member
/// would otherwise be looked up there.
struct RoomQuestionsBlock {
    /// What the participant just did or typed, for the page after a post.
    struct State {
        var text = ""
        var name = ""
        var textError: String?
        var nameError: String?
        /// A refusal that belongs to no field (a cap, questions turned off, a question gone).
        var message: String?
        /// "Posted", or "waiting for the host", after a post that went through.
        var note: String?
        /// Who may issue the browser an identity on this render, and to which client address
        /// (``RoomVoterCookie/issue(code:questions:issuing:)``): a page view, not a post's answer.
        var issuing: (admission: Admission, address: String)?
    }

    struct Item {
        var roomItemID: String
        var roomItemText: String
        var roomItemName: String?
        var roomItemPinned: Bool
        var roomItemAnswered: Bool
        var roomItemVoted: Bool
        var roomVotesText: String
        var roomVoteAction: String
        /// The vote form's `up` field: "true" to upvote, "false" to take the vote back.
        var roomVoteUp: String
        var roomVoteLabel: String
    }

    var roomCode: String
    /// The forms' proof that they were made on this page (``RoomVoterCookie/csrf(_:)``).
    var roomCSRF: String
    /// The browser has no identity, and the page could not issue one (past the rate per address):
    /// its posts would be refused, so the section says to reload.
    var roomNoIdentity: Bool
    var roomPostAction: String
    /// The fragment `room-questions.js` fetches when the room's list changed.
    var roomListURL: String
    /// The room's questions' live stream, and the version of the list as this page shows it
    /// (``RoomListVersion``): a first event with the same version fetches nothing.
    var roomLiveURL: String
    var roomVersion: String
    /// The form's language, posted back so the page comes back in it.
    var roomLanguage: String
    var roomNamed: Bool
    var roomApproveFirstNote: String?
    var roomText: String
    var roomName: String
    var roomTextError: String?
    var roomNameError: String?
    var roomMessage: String?
    var roomNote: String?
    var roomList: RoomQuestionsList
    /// The reactions' buttons (docs/decisions/0100): the room's identity and proof send them.
    var roomReactions: ReactionButtons

    /// The block of `view`, or nil when the host has not turned questions on.
    init?(_ view: RoomQuestionActions.RoomView, code: String, csrf: String, formLanguage: String, state: State, t: Localizer) {
        guard view.settings.enabled else { return nil }
        self.roomCode = code
        self.roomCSRF = csrf
        self.roomNoIdentity = csrf.isEmpty
        self.roomPostAction = "/f/\(code)/room-questions"
        self.roomListURL = "/f/\(code)/room-questions" + (formLanguage.isEmpty ? "" : "?lang=\(formLanguage)")
        self.roomLiveURL = "/v1/f/\(code)/room-questions/live"
        self.roomVersion = RoomListVersion(view.questions).version
        self.roomLanguage = formLanguage
        self.roomNamed = view.settings.names == .named
        self.roomApproveFirstNote = view.settings.postsShowAtOnce ? nil : t(RoomQuestionPhrase.roomQApproveFirstNote)
        self.roomText = state.text
        self.roomName = state.name
        self.roomTextError = state.textError
        self.roomNameError = state.nameError
        self.roomMessage = state.message
        self.roomNote = state.note
        self.roomList = RoomQuestionsList(view.questions, code: code, csrf: csrf, t: t)
        self.roomReactions = ReactionButtons(code: code, t)
    }
}

/// The list part of ``RoomQuestionsBlock`` (`room-questions-list.mustache`), rendered inside the
/// page and alone as the fragment the page's script fetches (`GET /f/{code}/room-questions`).
struct RoomQuestionsList {
    var roomItems: [RoomQuestionsBlock.Item]
    var roomEmpty: Bool
    /// Each vote form's proof (``RoomVoterCookie/csrf(_:)``).
    var roomCSRF: String

    init(_ questions: [RoomQuestion], code: String, csrf: String, t: Localizer) {
        self.roomEmpty = questions.isEmpty
        self.roomCSRF = csrf
        self.roomItems = questions.map { question in
            let id = question.id.lowercasedText
            return RoomQuestionsBlock.Item(
                roomItemID: id, roomItemText: question.text, roomItemName: question.name, roomItemPinned: question.pinned,
                roomItemAnswered: question.answered, roomItemVoted: question.votedByMe,
                roomVotesText: Self.votes(question.votes, t), roomVoteAction: "/f/\(code)/room-questions/\(id)/vote",
                roomVoteUp: question.votedByMe ? "false" : "true",
                roomVoteLabel: t(question.votedByMe ? RoomQuestionPhrase.roomQUnvote : RoomQuestionPhrase.roomQUpvote))
        }
    }

    /// "1 vote", "3 votes".
    static func votes(_ n: Int, _ t: Localizer) -> String {
        n == 1 ? t(RoomQuestionPhrase.roomQOneVote) : t(RoomQuestionPhrase.roomQVotes, ["n": String(n)])
    }
}
