import Foundation

/// The body of "save this form as a template", `{"meetingId", "name", "scope"}`: the meeting's
/// current form becomes a template under `name`. Every field is optional when decoded so that a
/// missing one is an "is required" problem with its path.
public struct FormTemplateInput: Codable, Sendable, Equatable {
    /// Longest template name, in Unicode code points.
    public static let nameMaxLength = 100

    /// The meeting whose current form is saved.
    public var meetingId: String?
    public var name: String?
    /// `account` (default: the host's own) or `installation` (admins only, for every host).
    public var scope: String?

    public init(meetingId: String? = nil, name: String? = nil, scope: String? = nil) {
        self.meetingId = meetingId
        self.name = name
        self.scope = scope
    }

    /// The validated request, or every problem (paths `meetingId`, `name`, `scope`).
    public func validate() -> Result<FormTemplateRequest, ValidationFailure> {
        var problems = ProblemCollector()
        let meetingID = problems.required(self.meetingId, at: "meetingId", UUID.init(uuidString:), otherwise: "must be a meeting's id")
        let name = problems.requiredText(self.name, at: "name", maxLength: Self.nameMaxLength)
        var scope = FormTemplateScope.account
        if let text = self.scope {
            if let parsed = FormTemplateScope(rawValue: text), parsed != .builtIn {
                scope = parsed
            } else {
                problems.add("scope", "must be account or installation")
            }
        }
        return problems.result {
            guard let meetingID, let name else { return nil }
            return FormTemplateRequest(meetingID: meetingID, name: name, scope: scope)
        }
    }
}

/// A validated "save as template": whose form, under which name, for whom.
public struct FormTemplateRequest: Sendable, Equatable {
    public var meetingID: UUID
    public var name: String
    /// ``FormTemplateScope/account`` or ``FormTemplateScope/installation``, never built in.
    public var scope: FormTemplateScope
}
