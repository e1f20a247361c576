import Foundation

/// The body of "save this question to my bank", `{"meetingId", "questionKey", "name"?}`: question
/// `questionKey` of the meeting's current form is kept under `name` (its prompt when absent).
/// Every field is optional when decoded so that a missing one is an "is required" problem with its path.
public struct QuestionBankInput: Codable, Sendable, Equatable {
    /// Longest entry name, in Unicode code points.
    public static let nameMaxLength = 100

    public var meetingId: String?
    public var questionKey: String?
    public var name: String?

    public init(meetingId: String? = nil, questionKey: String? = nil, name: String? = nil) {
        self.meetingId = meetingId
        self.questionKey = questionKey
        self.name = name
    }

    /// The validated request, or every problem (paths `meetingId`, `questionKey`, `name`).
    public func validate() -> Result<QuestionBankRequest, ValidationFailure> {
        var problems = ProblemCollector()
        let meetingID = problems.required(self.meetingId, at: "meetingId", UUID.init(uuidString:), otherwise: "must be a meeting's id")
        let key = problems.required(self.questionKey, at: "questionKey", QuestionKey.init(rawValue:), otherwise: IdentifierRules.message)
        let name = problems.optionalText(self.name, at: "name", maxLength: Self.nameMaxLength)
        return problems.result {
            guard let meetingID, let key else { return nil }
            return QuestionBankRequest(meetingID: meetingID, questionKey: key, name: name)
        }
    }

    /// A name as the bank keeps it: the one given, else the question's prompt cut to the
    /// longest name.
    public static func name(_ given: String?, prompt: String) -> String {
        given ?? String(prompt.prefix(Self.nameMaxLength))
    }
}

/// A validated "save to bank": which question of whose form, under which name (nil: its prompt).
public struct QuestionBankRequest: Sendable, Equatable {
    public var meetingID: UUID
    public var questionKey: QuestionKey
    public var name: String?
}

/// The body of "rename this entry", `{"name"}`.
public struct QuestionBankRenameInput: Codable, Sendable, Equatable {
    public var name: String?

    public init(name: String? = nil) {
        self.name = name
    }

    /// The new name, or the problem at `name`.
    public func validate() -> Result<String, ValidationFailure> {
        var problems = ProblemCollector()
        let name = problems.requiredText(self.name, at: "name", maxLength: QuestionBankInput.nameMaxLength)
        return problems.result { name }
    }
}
