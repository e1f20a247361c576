import Debrief
import Foundation
import PQ

/// A person the host expects at the sessions of a series.
public struct RosterMember: Sendable, Equatable {
    public var id: UUID
    public var seriesID: UUID
    public var name: String
    public var createdAt: Date
    public var updatedAt: Date

    init(row: Row) throws {
        self.id = try row.decode("id")
        self.seriesID = try row.decode("series_id")
        self.name = try row.decode("name")
        self.createdAt = try row.decode("created_at")
        self.updatedAt = try row.decode("updated_at")
    }

    static let columns: SQLQuery = "rm.id, rm.series_id, rm.name, rm.created_at, rm.updated_at"
}

/// The roster of a series. Scoped like ``MeetingStore``: another host's series is "not found".
///
/// Check-ins are linked to a member by name (``PersonName/matchKey``): at check-in time, and
/// again whenever a member is added or renamed, so the roster may be written before or after
/// people arrive.
public struct RosterStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The members in name order. Throws not-found for an invisible series.
    public func list(series seriesID: UUID, visibleTo viewer: Viewer) async throws -> [RosterMember] {
        try await self.database.withConnection { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .read, on: connection)
            return try await connection.query(
                "SELECT \(RosterMember.columns) FROM roster_members rm WHERE rm.series_id = \(seriesID) ORDER BY rm.name_key, rm.id"
            ).map(RosterMember.init(row:))
        }
    }

    /// Adds a member; a name already on the roster (as matching sees it) is a conflict.
    public func add(series seriesID: UUID, by viewer: Viewer, name: PersonName) async throws -> RosterMember {
        try await Self.refusingDuplicate {
            try await self.database.withTransaction { connection in
                try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
                let member = try RosterMember(
                    row: try await connection.query(
                            """
                            INSERT INTO roster_members AS rm (series_id, name, name_key)
                            VALUES (\(seriesID), \(name.text), \(name.matchKey)) RETURNING \(RosterMember.columns)
                            """).single())
                try await Self.relink(member.id, series: seriesID, key: name.matchKey, on: connection)
                return member
            }
        }
    }

    /// Renames a member, and moves the check-ins linked to the old name to the new one.
    public func rename(series seriesID: UUID, member memberID: UUID, by viewer: Viewer, to name: PersonName) async throws -> RosterMember {
        try await Self.refusingDuplicate {
            try await self.database.withTransaction { connection in
                try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
                let rows = try await connection.query(
                    """
                    UPDATE roster_members AS rm SET name = \(name.text), name_key = \(name.matchKey), updated_at = now()
                    WHERE rm.id = \(memberID) AND rm.series_id = \(seriesID) RETURNING \(RosterMember.columns)
                    """)
                guard let row = rows.first else { throw DebriefError.notFound("roster member") }
                try await Self.relink(memberID, series: seriesID, key: name.matchKey, on: connection)
                // The host marked this member present: the mark follows the member's new name.
                try await connection.execute(
                    """
                    UPDATE check_ins c SET name = \(name.text), name_key = \(name.matchKey)
                    WHERE c.roster_member_id = \(memberID) AND c.marked_by_host
                    """)
                return try RosterMember(row: row)
            }
        }
    }

    /// Removes a member; their own check-ins stay, unlinked, and the host's marks of them go.
    public func remove(series seriesID: UUID, member memberID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            try await connection.execute(
                """
                DELETE FROM check_ins c USING roster_members rm
                WHERE rm.id = \(memberID) AND rm.series_id = \(seriesID) AND c.roster_member_id = rm.id AND c.marked_by_host
                """)
            let deleted = try await connection.execute(
                "DELETE FROM roster_members rm WHERE rm.id = \(memberID) AND rm.series_id = \(seriesID)")
            if deleted == 0 { throw DebriefError.notFound("roster member") }
        }
    }

    // MARK: - Helpers

    /// Unlinks the member's check-ins that no longer match its name, links unlinked ones that do.
    static func relink(_ memberID: UUID, series seriesID: UUID, key: String, on connection: Connection) async throws {
        try await connection.execute(
            """
            UPDATE check_ins c SET roster_member_id = NULL
            WHERE c.roster_member_id = \(memberID) AND c.name_key <> \(key) AND NOT c.marked_by_host
            """)
        try await connection.execute(
            """
            UPDATE check_ins c SET roster_member_id = \(memberID) FROM meetings m
            WHERE m.id = c.meeting_id AND m.series_id = \(seriesID) AND c.name_key = \(key) AND c.roster_member_id IS NULL
            """)
    }

    private static func refusingDuplicate<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as PQError where error.isUniqueViolation && error.constraint == "roster_members_name_key" {
            throw DebriefError(.conflict, "this name is already on the series' roster", field: "name")
        }
    }
}
