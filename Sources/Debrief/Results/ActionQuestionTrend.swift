import Foundation

/// An action recorded at a session with the question it was meant to move (its `questionKey`),
/// as the series' trends read it: ids, key and status, never the title or the owner (trends are
/// `read`; decision 74).
public struct ActionQuestionLink: Sendable, Equatable, Codable {
    public var actionID: UUID
    public var questionKey: QuestionKey
    public var status: ActionStatus

    public init(actionID: UUID, questionKey: QuestionKey, status: ActionStatus) {
        self.actionID = actionID
        self.questionKey = questionKey
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case actionID = "actionId", questionKey, status
    }
}

/// The question an action was meant to move, before (the session that recorded it) and after
/// (the series' next session): two points of that question's own ``QuestionTrend``, so each value,
/// what is withheld under k and the comparability flags are exactly the trend's — nothing is
/// counted or compared with a threshold here (docs/decisions/0078-did-this-help.md).
public struct ActionQuestionTrend: Sendable, Equatable, Encodable {
    public var actionID: UUID
    public var status: ActionStatus
    public var questionKey: QuestionKey
    /// The session that recorded the action, and the next one (nil for the series' last).
    public var sessionNumber: Int
    public var nextSessionNumber: Int?
    /// Nil when that session's published form did not ask the question.
    public var before: QuestionTrend.Point?
    public var after: QuestionTrend.Point?
    /// Both points exist and the after point is comparable with the before point.
    public var comparable: Bool
    /// What changed between them (the after point's `changes`); empty when comparable or unknown.
    public var changes: [String]
    /// What the question did between the two points, when both are shown and compare.
    public var change: ActionChange?

    enum CodingKeys: String, CodingKey {
        case actionID = "actionId", status, questionKey, sessionNumber, nextSessionNumber, before, after, comparable, changes, change
    }

    /// One entry per action with a question key, in session order then the order recorded.
    static func of(_ sessions: [SessionCounts], trends: [QuestionTrend]) -> [ActionQuestionTrend] {
        let ordered = sessions.sorted { $0.sessionNumber < $1.sessionNumber }
        var result: [ActionQuestionTrend] = []
        for (index, session) in ordered.enumerated() {
            let next = index + 1 < ordered.count ? ordered[index + 1].sessionNumber : nil
            for link in session.actionQuestions {
                let trend = trends.first { $0.key == link.questionKey.rawValue }
                let before = trend?.points.first { $0.sessionNumber == session.sessionNumber }
                let after = next.flatMap { number in trend?.points.first { $0.sessionNumber == number } }
                // The after point's flags compare it with the trend's previous point: the before
                // point only when the session that recorded the action asked the question.
                let adjacent = before != nil && after != nil
                let comparable = adjacent && after?.comparableWithPrevious == true
                result.append(
                    ActionQuestionTrend(
                        actionID: link.actionID, status: link.status, questionKey: link.questionKey, sessionNumber: session.sessionNumber,
                        nextSessionNumber: next, before: before, after: after, comparable: comparable,
                        changes: adjacent ? after?.changes ?? [] : [],
                        change: ActionChange.between(before, after, comparable: comparable)))
            }
        }
        return result
    }
}
