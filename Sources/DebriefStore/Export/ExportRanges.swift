import Foundation
import PQ

/// How a row layout's rows are read: one `COPY`, or several over consecutive ranges of submission
/// time on their own connections at once (docs/decisions/0072-parallel-export.md).
///
/// PostgreSQL runs one `COPY` on one core, and building a row (the answers of a response
/// aggregated, labels joined, cells neutralized) costs it more than sending the bytes costs us, so
/// a large export is as fast as one backend. Ranges split the responses at submission-time
/// quantiles; the first range streams straight to the sink, each later one into an unlinked
/// temporary file (``ExportSpool``) that is copied to the sink, in order, once the ranges before
/// it are written. The file is byte for byte the one `COPY` would write.
public struct ExportParallelism: Sendable, Equatable {
    /// Connections (and backends) an export may use at once; 1 is the plain single `COPY`.
    public var connections: Int
    /// Below this many responses per range the export stays one `COPY`: a range's fixed cost (its
    /// connection, its query's planning and common parts) would outweigh what it saves.
    public var minimumResponsesPerRange: Int
    /// Where the later ranges are spooled.
    public var spoolDirectory: String

    public static let maximumConnections = 8

    public init(connections: Int, minimumResponsesPerRange: Int = 20_000, spoolDirectory: String = NSTemporaryDirectory()) {
        self.connections = min(max(1, connections), Self.maximumConnections)
        self.minimumResponsesPerRange = max(1, minimumResponsesPerRange)
        self.spoolDirectory = spoolDirectory
    }

    /// One `COPY`: the server's default, where many exports and requests share the pool.
    public static let single = ExportParallelism(connections: 1)

    /// How many ranges `responses` rows make: as many as connections allow with each range at
    /// least ``minimumResponsesPerRange``, at least one.
    func rangeCount(responses: Int) -> Int {
        max(1, min(self.connections, responses / self.minimumResponsesPerRange))
    }
}

/// A range of submission times `[from, to)` of the `r` rows (responses) of an export's query;
/// nil bounds are open. Consecutive ranges share their bound, so every response falls in exactly
/// one range, whatever the ties, and ranges in order keep the layouts' order (submission time
/// first).
struct SubmissionRange: Sendable, Equatable {
    /// A bound as PostgreSQL wrote it (UTC, microseconds): read back exactly, never through a
    /// `Date`, whose double would round a microsecond away and move a response across ranges.
    var from: String?
    var to: String?

    static let all = SubmissionRange()

    /// `AND r.submitted_at …` for the range.
    var sql: SQLQuery {
        var clause: SQLQuery = ""
        if let from { clause = clause + " AND r.submitted_at >= (\(from)::timestamp AT TIME ZONE 'UTC')" }
        if let to { clause = clause + " AND r.submitted_at < (\(to)::timestamp AT TIME ZONE 'UTC')" }
        return clause
    }

    /// Consecutive ranges split at `bounds` (ascending, distinct), covering everything.
    static func split(at bounds: [String]) -> [SubmissionRange] {
        var ranges: [SubmissionRange] = []
        var from: String?
        for bound in bounds {
            ranges.append(SubmissionRange(from: from, to: bound))
            from = bound
        }
        ranges.append(SubmissionRange(from: from, to: nil))
        return ranges
    }

    /// `count` ranges of about equal size over the responses of `meetings` in `window`, split
    /// at submission-time quantiles; fewer when a moment many responses share makes quantiles
    /// equal (all of them fall in the range that starts there: a range may be small, or empty
    /// when the moment is the first, but a response is never in two ranges or in none).
    static func ranges(
        _ count: Int, meetings: SQLQuery, privacy: ExportPrivacy, window: SubmissionWindow, on connection: Connection
    ) async throws -> [SubmissionRange] {
        guard count > 1 else { return [.all] }
        // Ranges follow submission time: over an anonymous version's rows they would put an order
        // by arrival back (``ExportAnonymity``, decision 81), so such an export is one `COPY`.
        let named: Bool = try await connection.query(
            "WITH " + ExportSQL.forms(meetings, privacy) + "\nSELECT coalesce(bool_and(fs.identified), true) AS named FROM fs"
        ).first?.decode("named") ?? true
        guard named else { return [.all] }
        let fractions = (1..<count).map { Double($0) / Double(count) }
        let rows = try await connection.query(
            "WITH " + ExportSQL.forms(meetings, privacy) + """

                SELECT DISTINCT to_char(q AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS bound
                FROM unnest((
                    SELECT percentile_disc(\(fractions)::float8[]) WITHIN GROUP (ORDER BY r.submitted_at)
                    FROM fs JOIN responses r ON r.form_id = fs.id WHERE true
                """ + window.sql + """
                )) AS q
                WHERE q IS NOT NULL ORDER BY 1
                """)
        return Self.split(at: try rows.map { try $0.decode("bound") })
    }

    /// How many responses of `meetings` fall in `window`.
    static func count(meetings: SQLQuery, privacy: ExportPrivacy, window: SubmissionWindow, on connection: Connection) async throws -> Int {
        let rows = try await connection.query(
            "WITH " + ExportSQL.forms(meetings, privacy) + "\nSELECT count(*) AS n FROM fs JOIN responses r ON r.form_id = fs.id WHERE true"
                + window.sql)
        return try rows.first?.decode("n") ?? 0
    }
}
