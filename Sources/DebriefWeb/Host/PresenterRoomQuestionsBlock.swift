import Debrief
import Foundation

/// The presenter view's top questions from the room (docs/decisions/0075): the first three the
/// room sees, pinned first, in the room's order (``RoomQuestionActions/roomTop(_:meeting:visibleTo:)``:
/// nothing waiting or hidden reaches the projector), as of the view's load; `GET
/// /m/{id}/room-questions/top` is the list alone, which `room-questions.js` fetches again when the
/// room's questions' stream says the list changed (decision 75), so the projector reorders live.
///
/// Members are prefixed `top`: the partial sits inside the presenter's view.
struct PresenterRoomQuestionsBlock {
    /// How many the projector shows.
    static let count = 3

    struct Item {
        var topText: String
        var topName: String?
        var topVotes: String
        var topPinned: Bool
        var topAnswered: Bool
    }

    var topItems: [Item]
    var topEmpty: Bool
    /// The fragment the script fetches.
    var topURL: String
    /// The room's questions' live stream (by the form's code), once the meeting has a published form.
    var topLiveURL: String?

    init(_ questions: [RoomQuestion], meeting: UUID, _ t: Localizer) {
        self.topURL = "/m/\(meeting.lowercasedText)/room-questions/top"
        self.topEmpty = questions.isEmpty
        self.topItems = questions.prefix(Self.count).map { question in
            Item(
                topText: question.text, topName: question.name, topVotes: RoomQuestionsList.votes(question.votes, t),
                topPinned: question.pinned, topAnswered: question.answered)
        }
    }
}
