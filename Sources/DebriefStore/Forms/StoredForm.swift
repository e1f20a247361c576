import Debrief
import Foundation
import PQ

/// Where a form is in its life.
public enum FormState: String, Sendable, Codable {
    /// The host is still writing it; participants cannot see it.
    case draft
    /// Published and accepting answers.
    case open
    /// Published and no longer accepting answers (closed by the host or by its closing time).
    case closed
}

/// One version of a meeting's feedback form.
public struct StoredForm: Sendable, Equatable {
    public var id: UUID
    public var meetingId: UUID
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

    init(row: Row) throws {
        self.id = try row.decode("id")
        self.meetingId = try row.decode("meeting_id")
        self.version = try row.decode("version")
        self.definition = try row.decode("definition", as: SQLJSON<FormDefinition>.self).value
        self.code = try row.decode("code")
        self.publishedAt = try row.decode("published_at")
        self.closedAt = try row.decode("closed_at")
        self.closesAt = try row.decode("closes_at")
        self.createdAt = try row.decode("created_at")
        self.updatedAt = try row.decode("updated_at")
    }

    /// The state at `now`: a closing time that has passed closes the form without any write.
    public func state(at now: Date = Date()) -> FormState {
        guard self.publishedAt != nil else { return .draft }
        if self.closedAt != nil { return .closed }
        if let closesAt, closesAt <= now { return .closed }
        return .open
    }

    /// When the form stopped accepting answers, if it has.
    public func closedTime(at now: Date = Date()) -> Date? {
        if let closedAt { return closedAt }
        if let closesAt, closesAt <= now { return closesAt }
        return nil
    }

    static let columns: SQLQuery =
        "f.id, f.meeting_id, f.version, f.definition, f.code, f.published_at, f.closed_at, f.closes_at, f.created_at, f.updated_at"
}
