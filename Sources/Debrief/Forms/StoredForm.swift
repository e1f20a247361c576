import Foundation

/// Where a form is in its life.
public enum FormState: String, Sendable, Codable {
    /// The host is still writing it; participants cannot see it.
    case draft
    /// Published and accepting answers.
    case open
    /// Published and no longer accepting answers (closed by the host or by its closing time).
    case closed
}

/// One version of a meeting's feedback form, as stored: its definition and where it is in its life.
public struct StoredForm: Sendable, Equatable {
    public var id: UUID
    public var meetingID: UUID
    public var version: Int
    public var definition: FormDefinition
    /// The public code, once published.
    public var code: String?
    public var publishedAt: Date?
    public var closedAt: Date?
    /// When the form closes by itself, if ever.
    public var closesAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// A draft that is the series' form for this session (docs/decisions/0063): it follows when
    /// the series' form changes. False once published, or once the host edits this session alone.
    public var followsSeries: Bool

    public init(
        id: UUID, meetingID: UUID, version: Int, definition: FormDefinition, code: String?, publishedAt: Date?,
        closedAt: Date?, closesAt: Date?, createdAt: Date, updatedAt: Date, followsSeries: Bool = false
    ) {
        self.followsSeries = followsSeries
        self.id = id
        self.meetingID = meetingID
        self.version = version
        self.definition = definition
        self.code = code
        self.publishedAt = publishedAt
        self.closedAt = closedAt
        self.closesAt = closesAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The state at `now`: a closing time that has passed closes the form without any write.
    public func state(at now: Date = Date()) -> FormState {
        Self.state(publishedAt: self.publishedAt, closedAt: self.closedAt, closesAt: self.closesAt, at: now)
    }

    /// The rule of ``state(at:)`` from the three times alone (lists read no definitions).
    public static func state(publishedAt: Date?, closedAt: Date?, closesAt: Date?, at now: Date = Date()) -> FormState {
        guard publishedAt != nil else { return .draft }
        if closedAt != nil { return .closed }
        if let closesAt, closesAt <= now { return .closed }
        return .open
    }

    /// When the form stopped accepting answers, if it has.
    public func closedTime(at now: Date = Date()) -> Date? {
        if let closedAt { return closedAt }
        if let closesAt, closesAt <= now { return closesAt }
        return nil
    }
}
