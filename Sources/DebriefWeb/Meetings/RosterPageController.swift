import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/m/{id}/roster`: the roster of the meeting's series — add, rename, remove members; who came
/// to each session that has begun; mark a member present by hand; remove a mistaken check-in.
/// The session whose attendance it takes is the series clock's (docs/decisions/0083): this one
/// once it has begun, else the one happening now or the previous one; a planned session has no
/// attendance (its column and buttons would be for a meeting nobody came to yet).
struct RosterPageController {
    let meetings: MeetingActions
    let attendance: AttendanceActions

    /// The most recent sessions shown as columns (older ones are in the series export).
    static let sessionColumns = 12

    struct RosterPage {
        struct SessionColumn {
            var label: String
        }

        struct Cell {
            var present: Bool
        }

        struct Member {
            var id: String
            var name: String
            var cells: [Cell]
            var presentNow: Bool
            var markAction: String
            var markLabel: String
            var renameAction: String
            var renameLabel: String
            var removeMemberAction: String
            var removeMemberLabel: String
            var csrf: String
        }

        struct CheckIn {
            var name: String
            var time: String
            var removeAction: String
            var removeLabel: String
            var csrf: String
        }

        var heading: String
        var meetingTitle: String
        var dashboardHref: String
        var thisSessionHeading: String
        var sessions: [SessionColumn]
        var members: [Member]
        var checkIns: [CheckIn]
        var addAction: String
        var csrf: String
        var notice: String?
        var newName = ""
        var nameError: String?
        /// The pasted list's form (issue 68 a): its text kept after a refusal, each bad line named.
        var listAction = ""
        var listText = ""
        var listErrors: [String] = []
        var hasListErrors = false
        /// A session has begun whose attendance the page takes (``sessionNote`` says why not).
        var takesAttendance = true
        /// "present at session N": how a member marked or checked in shows in that session's list.
        var presentLabel = ""
        /// Which session the attendance is for, when it is not this one (or none has begun).
        var sessionNote: String?
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("m")
        group.get(":id/roster", use: self.show)
        group.post(":id/roster", use: self.addMember)
        group.post(":id/roster/list", use: self.addList)
        group.post(":id/roster/:memberId/rename", use: self.renameMember)
        group.post(":id/roster/:memberId/remove", use: self.removeMember)
        group.post(":id/attendance", use: self.markPresent)
        group.post(":id/attendance/:checkInId/remove", use: self.removeCheckIn)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        return try await self.render(request, context, meeting)
    }

    @Sendable func addMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        do {
            _ = try await self.attendance.addMember(series: meeting.seriesID, by: try context.requireViewer(), rawName: fields["name"])
            return self.back(meeting)
        } catch let failure as ValidationFailure {
            let t = Localizer(Language(request.headers))
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, newName: fields["name"] ?? "",
                nameError: FieldErrors(failure, t)["name"])
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            return try await self.render(
                request, context, meeting, status: .conflict, newName: fields["name"] ?? "", nameError: t(.memberExists))
        }
    }

    /// A pasted list, one member per line (``RosterPaste``): all or nothing; a refused list is
    /// shown again with each bad line named by its number.
    @Sendable func addList(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        do {
            _ = try await self.attendance.addMembers(series: meeting.seriesID, by: try context.requireViewer(), list: fields["list"])
            return self.back(meeting)
        } catch let failure as ValidationFailure {
            let t = Localizer(Language(request.headers))
            let errors = failure.problems.map { problem in
                RosterPaste.line(of: problem.path).map { t(RosterListPhrase.rosterListLineProblem, ["n": String($0), "problem": problem.message]) }
                    ?? problem.message
            }
            return try await self.render(
                request, context, meeting, status: .unprocessableContent, list: (fields["list"] ?? "", errors))
        }
    }

    @Sendable func renameMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        let member = try context.requireID("memberId", "roster member")
        do {
            _ = try await self.attendance.renameMember(
                series: meeting.seriesID, member: member, by: try context.requireViewer(), rawName: fields["name"])
            return self.back(meeting)
        } catch let failure as ValidationFailure {
            let t = Localizer(Language(request.headers))
            return try await self.render(request, context, meeting, status: .unprocessableContent, nameError: FieldErrors(failure, t)["name"])
        } catch let error as DebriefError where error.code == .conflict {
            let t = Localizer(Language(request.headers))
            return try await self.render(request, context, meeting, status: .conflict, nameError: t(.memberExists))
        }
    }

    @Sendable func removeMember(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        _ = try await context.postedFields(request)
        try await self.attendance.removeMember(
            series: meeting.seriesID, member: try context.requireID("memberId", "roster member"), by: try context.requireViewer())
        return self.back(meeting)
    }

    @Sendable func markPresent(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        let fields = try await context.postedFields(request)
        guard let member = fields["memberId"].flatMap(UUID.init(uuidString:)) else {
            throw APIError.badRequest("memberId", "must be a roster member's id")
        }
        try await self.attendance.markPresent(meeting: meeting.id, member: member, by: try context.requireViewer())
        return self.back(meeting)
    }

    @Sendable func removeCheckIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let meeting = try await context.pathMeeting(self.meetings)
        _ = try await context.postedFields(request)
        try await self.attendance.removeCheckIn(
            try context.requireID("checkInId", "check-in"), meeting: meeting.id, by: try context.requireViewer())
        return self.back(meeting)
    }

    // MARK: - Helpers

    private func back(_ meeting: Meeting) -> Response {
        .seeOther("/m/\(meeting.id.lowercasedText)/roster")
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, _ meeting: Meeting, status: HTTPResponse.Status = .ok,
        newName: String = "", nameError: String? = nil, list: (text: String, errors: [String]) = ("", [])
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let csrf = context.sessionCSRFToken ?? ""
        let id = meeting.id.lowercasedText
        // Which session's attendance the page takes is the series clock's (decision 83): this
        // session once it has begun, else the one happening now or the previous one; never a
        // planned one. The columns are the sessions begun, up to that one.
        let now = try await self.meetings.seriesNow(of: meeting)
        let taken = now.clock.isPlanned(meeting.id, at: now.instant) ? now.clock.attendanceSession(at: now.instant)?.meetingID : meeting.id
        let begun = now.clock.begun(at: now.instant).map(\.meetingID)
        let shown = Array(begun.prefix { $0 != taken } + (taken.map { [$0] } ?? []))
        let byID = Dictionary(try await self.meetings.series(meeting.seriesID, visibleTo: viewer).map { ($0.id, $0) }) { first, _ in first }
        let sessions = shown.suffix(Self.sessionColumns).compactMap { byID[$0] }
        let session = taken.flatMap { byID[$0] }
        var present: [UUID: Set<UUID>] = [:]
        var current: Attendance?
        for column in sessions {
            let attendance = try await self.attendance.attendance(meeting: column.id, visibleTo: viewer)
            present[column.id] = Set(attendance.roster.filter(\.present).map(\.id))
            if column.id == session?.id { current = attendance }
        }
        let roster = try await self.attendance.roster(series: meeting.seriesID, visibleTo: viewer)
        let here = session.flatMap { present[$0.id] } ?? []
        let target = (session?.id ?? meeting.id).lowercasedText
        let members = roster.map { member in
            let memberID = member.id.lowercasedText
            return RosterPage.Member(
                id: memberID, name: member.name,
                cells: sessions.map { RosterPage.Cell(present: present[$0.id]?.contains(member.id) ?? false) },
                presentNow: here.contains(member.id), markAction: "/m/\(target)/attendance",
                markLabel: t(.markPresentButton) + ": " + member.name,
                renameAction: "/m/\(id)/roster/\(memberID)/rename", renameLabel: t(.memberNameLabel) + ": " + member.name,
                removeMemberAction: "/m/\(id)/roster/\(memberID)/remove", removeMemberLabel: t(.removeMemberButton) + ": " + member.name,
                csrf: csrf)
        }
        let checkIns = (current?.checkIns ?? []).map { checkIn in
            let name = checkIn.name ?? t(.anonymousCheckIn)
            return RosterPage.CheckIn(
                name: name, time: DateText.meeting(checkIn.checkedInAt, zone: meeting.seriesTimeZone, writer.language),
                removeAction: "/m/\(target)/attendance/\(checkIn.id.lowercasedText)/remove",
                removeLabel: t(.removeCheckInButton) + ": " + name, csrf: csrf)
        }
        var page = RosterPage(
            heading: t(.rosterHeading, ["title": meeting.title]), meetingTitle: meeting.title, dashboardHref: "/m/\(id)",
            thisSessionHeading: t(.thisSessionHeading, ["n": String(session?.sessionNumber ?? meeting.sessionNumber)]),
            sessions: sessions.map { RosterPage.SessionColumn(label: t(.sessionNumber, ["n": String($0.sessionNumber)])) },
            members: members, checkIns: checkIns, addAction: "/m/\(id)/roster", csrf: csrf, newName: newName, nameError: nameError)
        page.takesAttendance = session != nil
        page.listAction = "/m/\(id)/roster/list"
        (page.listText, page.listErrors) = list
        page.hasListErrors = !list.errors.isEmpty
        page.presentLabel = t(.rosterPresentAt, ["n": String(session?.sessionNumber ?? meeting.sessionNumber)])
        if let session, session.id != meeting.id, now.clock.isPlanned(meeting.id, at: now.instant) {
            page.sessionNote = t(.rosterPlannedSession, ["planned": String(meeting.sessionNumber), "n": String(session.sessionNumber)])
        } else if session == nil {
            page.sessionNote = t(.rosterNothingBegun)
        }
        return try writer.hostPage("roster", title: page.heading, view: page, context: context, status: status)
    }
}
