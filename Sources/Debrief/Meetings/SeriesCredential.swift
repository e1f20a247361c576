import Foundation

/// The account that made a credential delivering a series' data (a calendar feed, a team chat
/// channel, a webhook endpoint): the credential delivers only while this account may still
/// edit the series (docs/decisions/0055-credentials-follow-their-maker.md).
public struct CredentialMaker: Sendable, Equatable {
    public var accountID: UUID
    public var email: String
    public var displayName: String?

    public init(accountID: UUID, email: String, displayName: String?) {
        self.accountID = accountID
        self.email = email
        self.displayName = displayName
    }
}

/// One credential of a series, as a transfer's receiver is shown it before choosing to keep or
/// replace it.
public struct SeriesCredential: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case calendarFeed
        case chatChannel
        case liveSheet
        case webhook
    }

    public var kind: Kind
    /// Nil when the maker's account is gone (the credential delivers nothing then).
    public var madeBy: CredentialMaker?
    public var createdAt: Date

    public init(kind: Kind, madeBy: CredentialMaker?, createdAt: Date) {
        self.kind = kind
        self.madeBy = madeBy
        self.createdAt = createdAt
    }
}

/// What the new owner does with the series' credentials made by others when accepting a
/// transfer: keep them (each still delivers only while its maker may edit the series), or
/// replace them (they end at once; the new owner makes new ones).
public enum CredentialChoice: String, Sendable, CaseIterable {
    case keep
    case replace
}

/// The body of accepting a transfer: `{"credentials": "keep" | "replace"}`, or no body at all.
public struct TransferAcceptInput: Codable, Sendable, Equatable {
    public var credentials: String?

    public init(credentials: String? = nil) {
        self.credentials = credentials
    }

    /// The choice (nil when none was made), or the problem at `credentials`.
    public func validate() -> Result<CredentialChoice?, ValidationFailure> {
        guard let text = self.credentials else { return .success(nil) }
        guard let choice = CredentialChoice(rawValue: text) else {
            return .failure(ValidationFailure(problems: [FieldProblem("credentials", "must be keep or replace")]))
        }
        return .success(choice)
    }
}
