import Foundation

/// What an account may do.
public enum Role: String, Sendable, Codable, CaseIterable {
    /// Runs meetings and sees only their own.
    case host
    /// Operates the service and sees every meeting.
    case admin
}

/// The signed-in account a request acts for.
public struct Viewer: Sendable, Equatable {
    public var accountID: UUID
    public var role: Role

    public init(accountID: UUID, role: Role) {
        self.accountID = accountID
        self.role = role
    }

    public var isAdmin: Bool { self.role == .admin }

    /// The service itself, for reads whose caller was already authorized some other way (a live
    /// stream opened by the host, a results link the host chose to share). Never a request's viewer.
    public static let service = Viewer(accountID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), role: .admin)
}
