import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// One question from the room as JSON: `{"id","text","name"?,"votes","votedByMe","answered",
/// "pinned","postedAt"}`, and for the host also `"status"`.
///
/// It writes its own id in lower case (``EncodesLowercaseIDs``), as do the lists that hold it:
/// a room of 1,000 phones reads the list hundreds of times a second, and the forwarding encoder's
/// cast and nested encoder per value were most of each read's JSON (docs/benchmarks.md).
struct RoomQuestionJSON: Encodable, EncodesLowercaseIDs {
    /// The question's id, lower case.
    var id: String
    var text: String
    var name: String?
    var votes: Int
    var votedByMe: Bool
    var answered: Bool
    var pinned: Bool
    var postedAt: Date
    /// Only in the host's list: the room sees only `visible` questions.
    var status: RoomQuestion.Status?

    init(_ question: RoomQuestion, forHost: Bool) {
        self.id = question.id.lowercasedText
        self.text = question.text
        self.name = question.name
        self.votes = question.votes
        self.votedByMe = question.votedByMe
        self.answered = question.answered
        self.pinned = question.pinned
        self.postedAt = question.postedAt
        self.status = forHost ? question.status : nil
    }
}

/// `GET /v1/f/{code}/room-questions`: `{"enabled","names","questions":[…]}`, the questions the
/// room sees in the room's order (the pinned one first, then by votes). The route sends the
/// same bytes through ``RoomListBody``, which writes the list once per change.
struct RoomQuestionListResponse: Encodable, EncodesLowercaseIDs {
    var enabled: Bool
    var names: RoomQuestionSettings.Names
    var questions: [RoomQuestionJSON]

    init(settings: RoomQuestionSettings, questions: [RoomQuestion]) {
        self.enabled = settings.enabled
        self.names = settings.names
        self.questions = questions.map { RoomQuestionJSON($0, forHost: false) }
    }

    init(_ view: RoomQuestionActions.RoomView) {
        self.init(settings: view.settings, questions: view.questions)
    }
}

/// `GET /v1/meetings/{id}/room-questions`: `{"settings":{…},"questions":[…]}`, every question
/// with its `status`.
struct RoomQuestionHostListResponse: ResponseEncodable, EncodesLowercaseIDs {
    var settings: RoomQuestionSettings
    var questions: [RoomQuestionJSON]

    init(settings: RoomQuestionSettings, questions: [RoomQuestion]) {
        self.settings = settings
        self.questions = questions.map { RoomQuestionJSON($0, forHost: true) }
    }
}

extension RoomQuestionJSON: ResponseEncodable {}
extension RoomQuestionSettings: ResponseEncodable {}

/// `POST /v1/f/{code}/room-questions/voter`: `{"voter": "<token>"}`, the identity the client
/// sends back as `Debrief-Voter` (also in that reply header).
struct RoomVoterResponse: ResponseEncodable {
    var voter: String
}
