import Foundation

/// What a webhook endpoint can be told about. The raw values are the Standard Webhooks `type`
/// members receivers switch on, so they never change.
public enum WebhookEvent: String, Sendable, Codable, CaseIterable {
    /// A participant's response was stored. The data names it; it carries no answers, since one
    /// response is below every privacy threshold (docs/decisions/0009): receivers read results.
    case responseCreated = "response.created"
    /// A form was published (its code now reaches participants).
    case formPublished = "form.published"
    /// A form was closed by its host.
    case formClosed = "form.closed"
    /// The closed form's unfiltered results, in the API's results shape, k applied.
    case resultsSummary = "results.summary"
    /// An action item of a session was recorded, changed (its status marked in the review) or
    /// deleted (decision 74). The data names it and carries its status and due, never its title
    /// or any answer: receivers read the action through the API.
    case actionUpdated = "action.updated"
}
