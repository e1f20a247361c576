/// The host's decision on one question (`PATCH /v1/meetings/{id}/room-questions/{questionId}`):
/// approve or hide it, mark it answered (or not), pin or unpin it. Fields left out are unchanged.
public struct RoomQuestionChange: Sendable, Equatable {
    public var status: RoomQuestion.Status?
    public var answered: Bool?
    public var pinned: Bool?

    public init(status: RoomQuestion.Status? = nil, answered: Bool? = nil, pinned: Bool? = nil) {
        self.status = status
        self.answered = answered
        self.pinned = pinned
    }

    /// Validates the body; a change of nothing is refused, naming the fields it may carry.
    public static func validated(_ input: RoomQuestionChangeInput) throws -> RoomQuestionChange {
        var problems = ProblemCollector()
        var change = RoomQuestionChange(answered: input.answered, pinned: input.pinned)
        if let raw = input.status {
            // A post cannot go back to waiting: the host approves (`visible`) or hides it.
            if let status = RoomQuestion.Status(rawValue: raw), status != .pending {
                change.status = status
            } else {
                problems.add("status", "must be 'visible' or 'hidden'")
            }
        } else if input.answered == nil, input.pinned == nil {
            problems.add("status", "one of status, answered or pinned is required")
        }
        return try problems.result { change }.get()
    }
}

/// `PATCH /v1/meetings/{id}/room-questions/{questionId}` body.
public struct RoomQuestionChangeInput: Sendable, Decodable {
    public var status: String?
    public var answered: Bool?
    public var pinned: Bool?

    public init(status: String? = nil, answered: Bool? = nil, pinned: Bool? = nil) {
        self.status = status
        self.answered = answered
        self.pinned = pinned
    }
}
