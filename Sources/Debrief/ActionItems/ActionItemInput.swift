import Foundation

/// The owner as a request names it: `{"kind": "rosterMember" | "account", "id": "<uuid>"}`.
public struct ActionOwnerInput: Decodable, Sendable, Equatable {
    public var kind: String?
    public var id: String?

    public init(kind: String?, id: String?) {
        self.kind = kind
        self.id = id
    }

    /// The owner, or problems at `path.kind` / `path.id`. Whether that person belongs to the
    /// series is the store's to check (it knows the roster and the co-hosts).
    func validate(at path: String, into problems: inout ProblemCollector) -> ActionOwner? {
        let id = self.id.flatMap(UUID.init(uuidString:))
        if self.id == nil { problems.add("\(path).id", "is required") } else if id == nil { problems.add("\(path).id", "must be a UUID") }
        switch self.kind {
        case "rosterMember": return id.map(ActionOwner.rosterMember)
        case "account": return id.map(ActionOwner.account)
        case nil: problems.add("\(path).kind", "is required")
        default: problems.add("\(path).kind", "must be rosterMember or account")
        }
        return nil
    }
}

/// A new action as validated: what the store writes.
public struct NewActionItem: Sendable, Equatable {
    public var title: String
    public var owner: ActionOwner?
    public var due: ActionDue
    public var status: ActionStatus
    public var questionKey: QuestionKey?
    /// Ask "did this help?" at the session that reviews it (decision 78).
    public var asksIfHelped: Bool

    public init(
        title: String, owner: ActionOwner? = nil, due: ActionDue = .nextSession, status: ActionStatus = .open, questionKey: QuestionKey? = nil,
        asksIfHelped: Bool = false
    ) {
        self.asksIfHelped = asksIfHelped
        self.title = title
        self.owner = owner
        self.due = due
        self.status = status
        self.questionKey = questionKey
    }
}

/// A change to an action as validated: nil (or `.unchanged`) leaves a field as it is.
public struct ActionItemChange: Sendable, Equatable {
    public var title: String?
    public var owner: PatchField<ActionOwner> = .unchanged
    public var due: ActionDue?
    public var status: ActionStatus?
    public var questionKey: PatchField<QuestionKey> = .unchanged
    public var asksIfHelped: Bool?

    public init(
        title: String? = nil, owner: PatchField<ActionOwner> = .unchanged, due: ActionDue? = nil, status: ActionStatus? = nil,
        questionKey: PatchField<QuestionKey> = .unchanged, asksIfHelped: Bool? = nil
    ) {
        self.asksIfHelped = asksIfHelped
        self.title = title
        self.owner = owner
        self.due = due
        self.status = status
        self.questionKey = questionKey
    }
}

/// The body of `POST /v1/meetings/{id}/actions` (and the dashboard's form), as sent. Only
/// ``validate()`` makes a ``NewActionItem`` of it, so nothing unchecked reaches the store.
public struct ActionItemInput: Decodable, Sendable, Equatable {
    public var title: String?
    public var owner: ActionOwnerInput?
    /// `nextSession` (the default) or `YYYY-MM-DD`.
    public var due: String?
    public var status: String?
    public var questionKey: String?
    /// Ask "did this help?" at the session that reviews it; false when absent.
    public var asksIfHelped: Bool?

    public init(
        title: String? = nil, owner: ActionOwnerInput? = nil, due: String? = nil, status: String? = nil, questionKey: String? = nil,
        asksIfHelped: Bool? = nil
    ) {
        self.asksIfHelped = asksIfHelped
        self.title = title
        self.owner = owner
        self.due = due
        self.status = status
        self.questionKey = questionKey
    }

    /// The action, or every problem at once, each naming its field.
    public func validate() -> Result<NewActionItem, ValidationFailure> {
        var problems = ProblemCollector()
        let title = problems.requiredText(self.title, at: "title", maxLength: ActionItemRules.titleMaxLength)
        let owner = self.owner?.validate(at: "owner", into: &problems)
        let due = ActionItemFields.due(self.due, into: &problems) ?? .nextSession
        let status = ActionItemFields.status(self.status, into: &problems) ?? .open
        let key = ActionItemFields.questionKey(self.questionKey, into: &problems)
        guard problems.isEmpty, let title else { return .failure(ValidationFailure(problems: problems.problems)) }
        return .success(
            NewActionItem(title: title, owner: owner, due: due, status: status, questionKey: key, asksIfHelped: self.asksIfHelped ?? false))
    }
}

/// The body of `PATCH /v1/meetings/{id}/actions/{actionId}`: absent keeps a field; `null`
/// clears the owner or the question (``PatchField``); title, due and status cannot be cleared.
public struct ActionItemPatchInput: Decodable, Sendable, Equatable {
    public var title: String?
    public var owner: PatchField<ActionOwnerInput> = .unchanged
    public var due: String?
    public var status: String?
    public var questionKey: PatchField<String> = .unchanged
    public var asksIfHelped: Bool?

    public init(
        title: String? = nil, owner: PatchField<ActionOwnerInput> = .unchanged, due: String? = nil, status: String? = nil,
        questionKey: PatchField<String> = .unchanged, asksIfHelped: Bool? = nil
    ) {
        self.asksIfHelped = asksIfHelped
        self.title = title
        self.owner = owner
        self.due = due
        self.status = status
        self.questionKey = questionKey
    }

    private enum CodingKeys: String, CodingKey {
        case title, owner, due, status, questionKey, asksIfHelped
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.title = try container.decodeIfPresent(String.self, forKey: .title)
        self.due = try container.decodeIfPresent(String.self, forKey: .due)
        self.status = try container.decodeIfPresent(String.self, forKey: .status)
        self.owner = try container.decodePatch(ActionOwnerInput.self, forKey: .owner)
        self.questionKey = try container.decodePatch(String.self, forKey: .questionKey)
        self.asksIfHelped = try container.decodeIfPresent(Bool.self, forKey: .asksIfHelped)
    }

    /// The change, or every problem at once, each naming its field.
    public func validate() -> Result<ActionItemChange, ValidationFailure> {
        var problems = ProblemCollector()
        var change = ActionItemChange()
        if self.title != nil {
            change.title = problems.requiredText(self.title, at: "title", maxLength: ActionItemRules.titleMaxLength)
        }
        switch self.owner {
        case .unchanged: break
        case .clear: change.owner = .clear
        case .set(let input): change.owner = input.validate(at: "owner", into: &problems).map(PatchField.set) ?? .unchanged
        }
        change.due = ActionItemFields.due(self.due, into: &problems)
        change.status = ActionItemFields.status(self.status, into: &problems)
        switch self.questionKey {
        case .unchanged: break
        case .clear: change.questionKey = .clear
        case .set(let raw): change.questionKey = ActionItemFields.questionKey(raw, into: &problems).map(PatchField.set) ?? .unchanged
        }
        change.asksIfHelped = self.asksIfHelped
        guard problems.isEmpty else { return .failure(ValidationFailure(problems: problems.problems)) }
        return .success(change)
    }
}

/// The field rules both bodies share.
enum ActionItemFields {
    static func due(_ raw: String?, into problems: inout ProblemCollector) -> ActionDue? {
        guard let raw else { return nil }
        guard let due = ActionDue(text: raw) else {
            problems.add("due", "must be nextSession or a date YYYY-MM-DD (years 2000-9999)")
            return nil
        }
        return due
    }

    static func status(_ raw: String?, into problems: inout ProblemCollector) -> ActionStatus? {
        guard let raw else { return nil }
        guard let status = ActionStatus(rawValue: raw) else {
            problems.add("status", "must be open, done or dropped")
            return nil
        }
        return status
    }

    static func questionKey(_ raw: String?, into problems: inout ProblemCollector) -> QuestionKey? {
        guard let raw else { return nil }
        guard let key = QuestionKey(rawValue: raw) else {
            problems.add("questionKey", IdentifierRules.message)
            return nil
        }
        return key
    }
}
