import Debrief
import DebriefStore
import Foundation

extension AttendanceActions {
    /// Adds the members of a pasted list (``RosterPaste``: one per line, with or without an
    /// address). All or nothing: any bad line — an invalid name or address, a name twice, a
    /// name already on the roster — is a 422 naming each by its line (`text.lines[3]`), and nothing
    /// is stored. Returns the members added, in the list's order.
    public func addMembers(series id: UUID, by viewer: Viewer, list text: String?) async throws -> [RosterMember] {
        let list = try RosterPaste.parse(text)
        do {
            return try await self.roster.add(series: id, by: viewer, list: list)
        } catch let clash as RosterStore.AlreadyOnRoster {
            throw ValidationFailure(
                problems: list.entries.filter { clash.keys.contains($0.name.matchKey) }.map {
                    FieldProblem(RosterPaste.path(line: $0.line), "is already on the roster")
                })
        }
    }
}
