import Debrief
import Foundation
import PQ

extension RosterStore {
    /// Names of a pasted list already on the roster: nothing was stored.
    public struct AlreadyOnRoster: Error, Sendable {
        /// Their match keys (``PersonName/matchKey``).
        public var keys: Set<String>
    }

    /// Adds every member of a pasted list (``RosterPaste``) in one transaction, each with its
    /// address when it has one, and links the check-ins that match their names, as ``add`` does
    /// one by one. All or nothing: when any name is already on the roster, throws
    /// ``AlreadyOnRoster`` naming them all and stores none. Returns the members added, in the
    /// list's order.
    public func add(series seriesID: UUID, by viewer: Viewer, list: RosterPaste) async throws -> [RosterMember] {
        try await self.database.withTransaction { connection in
            try await MeetingStore.requireSeries(seriesID, visibleTo: viewer, toDo: .edit, on: connection)
            let keys = list.entries.map(\.name.matchKey)
            // Locks the series' roster rows against a concurrent add of the same name: the unique
            // key refuses it anyway, this names every clash at once.
            let taken: [String] = try await connection.query(
                "SELECT name_key FROM roster_members WHERE series_id = \(seriesID) AND name_key = ANY(\(keys)::text[]) FOR UPDATE"
            ).map { try $0.decode("name_key") }
            if !taken.isEmpty { throw AlreadyOnRoster(keys: Set(taken)) }
            var added: [RosterMember] = []
            for entry in list.entries {
                // A member with an address gets its unsubscribe token as the mail page gives one.
                let token = entry.email.map { _ in SecretToken.newMailToken() }
                let member = try RosterMember(
                    row: try await connection.query(
                        """
                        INSERT INTO roster_members AS rm (series_id, name, name_key, email, mail_token)
                        VALUES (\(seriesID), \(entry.name.text), \(entry.name.matchKey), \(entry.email?.normalized), \(token))
                        RETURNING \(RosterMember.columns)
                        """).single())
                try await Self.relink(member.id, series: seriesID, key: entry.name.matchKey, on: connection)
                added.append(member)
            }
            return added
        }
    }
}
