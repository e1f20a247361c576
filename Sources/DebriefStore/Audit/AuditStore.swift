import Debrief
import Foundation
import PQ

/// The read record's rows (SQL/0081_audit_record.sql): appended one statement at a time, read
/// back newest first a page at a time or as CSV, and deleted only by the retention purge. The
/// table itself refuses every UPDATE and every other DELETE.
public struct AuditStore: Sendable {
    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Appends one row. The account's address is the one it has at this moment; the series, when
    /// only the meeting is named, the meeting's.
    public func append(_ event: AuditEvent, account: UUID?, origin: AuditOrigin, at instant: Date) async throws {
        let detail = AuditOrigin.cut(event.detail, to: 400)
        try await self.database.execute(
            """
            INSERT INTO audit_record
                (at, account_id, account_email, kind, series_id, meeting_id, team_id, detail, client_address, user_agent)
            VALUES (
                \(instant), \(account), (SELECT email FROM accounts WHERE id = \(account)), \(event.kind.rawValue),
                COALESCE(\(event.seriesID)::uuid, (SELECT series_id FROM meetings WHERE id = \(event.meetingID))),
                \(event.meetingID), \(event.teamID), \(detail), \(origin.address), \(origin.userAgent))
            """)
    }

    /// The most rows a page holds.
    public static let maxPageSize = 200

    /// A page of the rows of `scope` that `filter` names, newest first, after `cursor` (a previous
    /// page's `nextCursor`); nil when the cursor is not one this store made.
    public func page(_ filter: AuditFilter, in scope: AuditScope = .installation, after cursor: String?, limit: Int) async throws -> AuditPage? {
        var before: Int64?
        if let cursor {
            guard let id = Int64(cursor), id > 0 else { return nil }
            before = id
        }
        let limit = min(max(limit, 1), Self.maxPageSize)
        let rows = try await self.database.query(
            """
            SELECT id, at, account_id, account_email, kind, series_id, meeting_id, team_id, detail, client_address, user_agent
            FROM audit_record
            WHERE
            """ + Self.matching(filter) + Self.within(scope) + Self.before(before) + " ORDER BY id DESC LIMIT \(limit + 1)")
        var items = try rows.map { row in
            AuditEntry(
                id: try row.decode("id"), at: try row.decode("at"), accountId: try row.decode("account_id"),
                accountEmail: try row.decode("account_email"), kind: try row.decode("kind"), seriesId: try row.decode("series_id"),
                meetingId: try row.decode("meeting_id"), teamId: try row.decode("team_id"), detail: try row.decode("detail"),
                clientAddress: try row.decode("client_address"), userAgent: try row.decode("user_agent"))
        }
        var next: String?
        if items.count > limit {
            items.removeLast()
            next = items.last.map { String($0.id) }
        }
        return AuditPage(items: items, nextCursor: next)
    }

    /// The CSV header of ``writeCSV(_:in:to:)``.
    public static let csvColumns = [
        "at", "account_id", "account_email", "kind", "series_id", "meeting_id", "team_id", "detail", "client_address", "user_agent",
    ]

    /// Every row of `scope` that `filter` names, oldest first, as CSV through the exports' one writer
    /// (`COPY … (FORMAT csv)`): every text cell, the address and the user agent included, goes
    /// through `debrief_csv_cell`, so a cell that starts like a formula is neutralized.
    public func writeCSV(_ filter: AuditFilter, in scope: AuditScope = .installation, to sink: ExportSink) async throws {
        // The sink is only used during this call.
        try await withoutActuallyEscaping(sink) { sink in
            try await self.writeCSV(filter, scope, csv: CSVCopy(options: CSVOptions(), sink: sink))
        }
    }

    private func writeCSV(_ filter: AuditFilter, _ scope: AuditScope, csv: CSVCopy) async throws {
        try await csv.start()
        let text = { (column: String) in csv.cell(unsafeColumn: column) }
        let select: SQLQuery =
            "SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), account_id, "
            + text("account_email") + ", " + text("kind") + ", series_id, meeting_id, team_id, " + text("detail") + ", "
            + text("client_address") + ", " + text("user_agent")
            + " FROM audit_record WHERE " + Self.matching(filter) + Self.within(scope) + " ORDER BY id"
        try await self.database.withConnection { connection in
            try await csv.header(Self.csvColumns, on: connection)
            try await csv.rows(select, on: connection)
        }
    }

    /// The most rows one purge statement deletes: short transactions, short locks.
    public static let purgeBatch = 1000

    /// Deletes the rows recorded before `cutoff` (through `purge_audit_record`, the one delete
    /// the table allows), a batch at a time; returns how many went.
    public func purge(before cutoff: Date) async throws -> Int {
        var total = 0
        while true {
            let purged: Int = try await self.database.query(
                "SELECT purge_audit_record(\(cutoff), \(Self.purgeBatch)) AS n"
            ).single().decode("n")
            total += purged
            if purged < Self.purgeBatch { return total }
        }
    }

    private static func before(_ id: Int64?) -> SQLQuery {
        guard let id else { return "" }
        return " AND id < \(id)::int8"
    }

    /// Whether `viewer` may read the rows of team `teamID`: its admins and installation admins
    /// (``TeamAccess``, the one reader of a member's role: `notFound` naming the team for anyone
    /// outside it, `forbidden` for a member who is no admin).
    public func requireTeamReader(_ teamID: UUID, _ viewer: Viewer) async throws {
        _ = try await self.database.withTransaction { connection in
            try await TeamAccess.require(teamID, visibleTo: viewer, toDo: .manage, on: connection)
        }
    }

    /// A team's rows: those that name it, and those of every series it owns now — the owner
    /// column `meeting_series.team_id` MeetingVisibility's team rule reads, so a series that left
    /// the team took its rows with it, and one that joined brought its own.
    private static func within(_ scope: AuditScope) -> SQLQuery {
        guard case .team(let team) = scope else { return "" }
        return " AND (team_id = \(team)::uuid OR series_id IN (SELECT ts.id FROM meeting_series ts WHERE ts.team_id = \(team)::uuid))"
    }

    /// The filter's conditions; an absent filter adds none (COPY binds no NULL parameter).
    private static func matching(_ filter: AuditFilter) -> SQLQuery {
        var clause: SQLQuery = " TRUE"
        if let since = filter.since { clause = clause + " AND at >= \(since)::timestamptz" }
        if let until = filter.until { clause = clause + " AND at < \(until)::timestamptz" }
        if let series = filter.series { clause = clause + " AND series_id = \(series)::uuid" }
        if let account = filter.account { clause = clause + " AND account_id = \(account)::uuid" }
        return clause
    }
}
