import DebriefActions
import DebriefHTTP

/// The series' sharing page (`/m/{id}/sharing`, decision 33) as a feature of the one list: built
/// where ``TeamActions`` is, for its offer to a team (decision 90).
public struct SharingPagesFeature: Feature {
    let meetings: MeetingActions
    let sharing: SharingActions
    let teams: TeamActions

    public init(meetings: MeetingActions, sharing: SharingActions, teams: TeamActions) {
        self.meetings = meetings
        self.sharing = sharing
        self.teams = teams
    }

    public func addPages(to pages: PageRoutes) {
        SharingPageController(meetings: self.meetings, sharing: self.sharing, teams: self.teams).addRoutes(to: pages.signedIn)
    }
}
