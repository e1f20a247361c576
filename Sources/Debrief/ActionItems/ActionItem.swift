import Foundation

/// Something the host decided at a session, to be done by someone before a date or the next
/// session, and reviewed there (issue 50, docs/decisions/0074-action-items.md).
///
/// An action is the host's words: it holds no answer text, only the key of the question that
/// prompted it, so it cannot quote an answer the privacy rule withholds.
public struct ActionItem: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The session (meeting) it was recorded at.
    public var meetingID: UUID
    public var title: String
    public var owner: ActionOwner?
    /// The owner's name as it reads now (the roster member's, or the account's display name).
    public var ownerName: String?
    public var due: ActionDue
    public var status: ActionStatus
    /// The question whose results prompted it, by key; never the answers themselves.
    public var questionKey: QuestionKey?
    /// Whether the session that reviews it asks participants "did this help?" (decision 78).
    public var asksIfHelped: Bool
    public var createdAt: Date
    public var updatedAt: Date
    /// When it was marked done or dropped; nil exactly while it is open (SQL/0077, decision 85).
    public var closedAt: Date?
    /// The session whose review marked it, when a review did; nil when it was marked elsewhere,
    /// and then ``ActionReview`` names that review by ``closedAt`` on the series clock.
    public var closedInMeetingID: UUID?

    /// The key of its "did this help?" question while it asks one.
    public var helpQuestionKey: QuestionKey? {
        self.asksIfHelped ? HelpQuestion.key(for: self.id) : nil
    }

    public init(
        id: UUID, meetingID: UUID, title: String, owner: ActionOwner?, ownerName: String?, due: ActionDue, status: ActionStatus,
        questionKey: QuestionKey?, createdAt: Date, updatedAt: Date, asksIfHelped: Bool = false, closedAt: Date? = nil,
        closedInMeetingID: UUID? = nil
    ) {
        self.asksIfHelped = asksIfHelped
        self.closedAt = closedAt
        self.closedInMeetingID = closedInMeetingID
        self.id = id
        self.meetingID = meetingID
        self.title = title
        self.owner = owner
        self.ownerName = ownerName
        self.due = due
        self.status = status
        self.questionKey = questionKey
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// Where an action stands. A new action is `open`; the review marks it `done` or `dropped`
/// (or leaves it open: "not done").
public enum ActionStatus: String, Sendable, Codable, CaseIterable {
    case open
    case done
    case dropped
}

/// Who does an action: a person on the series' roster, or an account that runs the series (its
/// host or a co-host). Never both, so the two are cases of one value.
public enum ActionOwner: Sendable, Equatable, Hashable {
    case rosterMember(UUID)
    case account(UUID)

    /// The JSON and form spelling of the case.
    public var kind: String {
        switch self {
        case .rosterMember: "rosterMember"
        case .account: "account"
        }
    }

    public var id: UUID {
        switch self {
        case .rosterMember(let id), .account(let id): id
        }
    }
}

/// When an action is due: by the next session of the series, or by a calendar date.
public enum ActionDue: Sendable, Equatable, Hashable {
    case nextSession
    case on(DueDate)

    /// `nextSession` or the date as `YYYY-MM-DD`: the one spelling JSON, pages and CSV use.
    public var text: String {
        switch self {
        case .nextSession: Self.nextSessionText
        case .on(let date): date.text
        }
    }

    public static let nextSessionText = "nextSession"

    /// Reads ``text``'s spelling back; nil for anything else.
    public init?(text: String) {
        if text == Self.nextSessionText {
            self = .nextSession
        } else if let date = DueDate(text: text) {
            self = .on(date)
        } else {
            return nil
        }
    }
}

/// A calendar date with no time or zone (`2026-12-01`), years 2000–9999: a deadline a person
/// reads, not an instant.
public struct DueDate: Sendable, Equatable, Hashable, Comparable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The date `YYYY-MM-DD` names, when it exists in the Gregorian calendar; nil otherwise.
    public init?(text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date, when it exists; nil for `2026-02-30` or a year outside 2000–9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (2000...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day,
            calendar.component(.month, from: date) == month
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public var text: String {
        let month = self.month < 10 ? "0\(self.month)" : "\(self.month)"
        let day = self.day < 10 ? "0\(self.day)" : "\(self.day)"
        return "\(self.year)-\(month)-\(day)"
    }

    public static func < (lhs: DueDate, rhs: DueDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
