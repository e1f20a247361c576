import Debrief
import Foundation
import Hummingbird

/// A team as its reader sees it: `{"id","name","role","memberCount","seriesCount","createdAt"}`.
struct TeamResponse: ResponseEncodable {
    var id: UUID
    var name: String
    /// The reader's role (an installation admin outside the team reads `admin`).
    var role: String
    var memberCount: Int
    var seriesCount: Int
    var createdAt: Date

    init(_ team: Team) {
        self.id = team.id
        self.name = team.name
        self.role = team.viewerRole.rawValue
        self.memberCount = team.memberCount
        self.seriesCount = team.seriesCount
        self.createdAt = team.createdAt
    }
}

/// `{"items": [...]}`: the caller's teams, by name.
struct TeamList: ResponseEncodable {
    var items: [TeamResponse]
}

/// One member: `{"accountId","email","displayName","role","addedAt","fromProvider"}`;
/// `fromProvider` says company sign-in added the membership from the provider's groups
/// (docs/decisions/0093-team-members-from-sign-in.md).
struct TeamMemberResponse: Encodable {
    var accountID: UUID
    var email: String
    var displayName: String
    var role: String
    var addedAt: Date
    var fromProvider: Bool

    enum CodingKeys: String, CodingKey {
        case accountID = "accountId", email, displayName, role, addedAt, fromProvider
    }

    init(_ member: TeamMember) {
        self.accountID = member.accountID
        self.email = member.email
        self.displayName = member.displayName
        self.role = member.role.rawValue
        self.addedAt = member.addedAt
        self.fromProvider = member.fromProvider
    }
}

/// `{"items": [...]}`: a team's members, admins first.
struct TeamMemberList: ResponseEncodable {
    var items: [TeamMemberResponse]
}

/// One series of a team: `{"seriesId","title","sessionCount","latestStartsAt"?}`.
struct TeamSeriesResponse: Encodable {
    var seriesID: UUID
    var title: String
    var sessionCount: Int
    var latestStartsAt: Date?

    enum CodingKeys: String, CodingKey {
        case seriesID = "seriesId", title, sessionCount, latestStartsAt
    }

    init(_ series: TeamSeries) {
        self.seriesID = series.seriesID
        self.title = series.title
        self.sessionCount = series.sessionCount
        self.latestStartsAt = series.latestStartsAt
    }
}

/// `{"items": [...]}`: a team's series, newest session first.
struct TeamSeriesList: ResponseEncodable {
    var items: [TeamSeriesResponse]
}

/// The answer to an offer of a series to a team: `{"teamId","detail"}` (202).
struct TeamOfferedResponse: ResponseEncodable {
    var teamID: UUID
    var detail: String

    enum CodingKeys: String, CodingKey {
        case teamID = "teamId", detail
    }
}
