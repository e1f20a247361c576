import Debrief
import DebriefStore
import Foundation

/// The host's side of participation: who came to a meeting, and whom a series expects.
/// Another host's meeting or series is `notFound`. A change to a meeting's check-ins changes its
/// results (who came, who answered), so it is told to the results like any host change.
public struct AttendanceActions: Sendable {
    let attendance: AttendanceStore
    let roster: RosterStore
    let notifier: ResultsNotifier?

    public init(attendance: AttendanceStore, roster: RosterStore, notifier: ResultsNotifier? = nil) {
        self.attendance = attendance
        self.roster = roster
        self.notifier = notifier
    }

    public func attendance(meeting id: UUID, visibleTo viewer: Viewer) async throws -> Attendance {
        try await self.attendance.attendance(meeting: id, visibleTo: viewer)
    }

    /// Settles a possible duplicate check-in: the same person (merged) or another (confirmed).
    public func resolveDuplicate(meeting id: UUID, checkIn: UUID, samePerson: Bool, by viewer: Viewer) async throws {
        try await self.attendance.resolveDuplicate(meeting: id, checkIn: checkIn, samePerson: samePerson, by: viewer)
        self.notifier?.changed(meeting: id)
    }

    public func roster(series id: UUID, visibleTo viewer: Viewer) async throws -> [RosterMember] {
        try await self.roster.list(series: id, visibleTo: viewer)
    }

    /// Adds a member; `rawName` must be a valid name (422 at `name`).
    public func addMember(series id: UUID, by viewer: Viewer, rawName: String?) async throws -> RosterMember {
        try await self.roster.add(series: id, by: viewer, name: try PersonName.validated(rawName, at: "name"))
    }

    public func renameMember(series id: UUID, member: UUID, by viewer: Viewer, rawName: String?) async throws -> RosterMember {
        try await self.roster.rename(series: id, member: member, by: viewer, to: try PersonName.validated(rawName, at: "name"))
    }

    public func removeMember(series id: UUID, member: UUID, by viewer: Viewer) async throws {
        try await self.roster.remove(series: id, member: member, by: viewer)
    }

    /// Marks a roster member of the meeting's series present by hand (once; again changes nothing).
    public func markPresent(meeting id: UUID, member: UUID, by viewer: Viewer) async throws {
        try await self.attendance.markPresent(meeting: id, member: member, by: viewer)
        self.notifier?.changed(meeting: id)
    }

    /// Removes a mistaken check-in of the meeting.
    public func removeCheckIn(_ checkInID: UUID, meeting id: UUID, by viewer: Viewer) async throws {
        try await self.attendance.removeCheckIn(checkInID, meeting: id, by: viewer)
        self.notifier?.changed(meeting: id)
    }
}
