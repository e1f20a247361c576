import Debrief
import Foundation
import PQ

/// Series' live sheets (docs/decisions/0101-live-sheet.md): a secret CSV address per series that
/// a spreadsheet polls. A series' secret address like the calendar feed (``SeriesSecretAddress``):
/// made, rotated and revoked by whoever may manage the series, kept as a hash, and answering only
/// while its maker may still edit the series (docs/decisions/0055-credentials-follow-their-maker.md).
/// What the address serves is an export of the series read as its maker, so the export's own
/// visibility and privacy rule decide every cell.
public struct LiveSheetStore: Sendable {
    let database: Database

    static let address = SeriesSecretAddress(table: "series_live_sheets", mint: SecretToken.newLiveSheetToken)

    /// The prefix of every sheet token, so a route need not look up what cannot be one.
    public static let tokenPrefix = "dbs_"

    public init(database: Database) {
        self.database = database
    }

    /// A series' sheet: when its current token was made.
    public struct Sheet: Sendable, Equatable {
        public var createdAt: Date
    }

    /// The series' sheet, or nil when it has none; `notFound`/`forbidden` as the series' manage rule says.
    public func sheet(series seriesID: UUID, by viewer: Viewer) async throws -> Sheet? {
        try await self.database.withTransaction { connection in
            try await Self.address.createdAt(series: seriesID, by: viewer, on: connection).map { Sheet(createdAt: $0) }
        }
    }

    /// Makes the series' sheet token, or replaces it (the old address answers 404 at once).
    /// Returns the token: shown once, kept only as its hash.
    public func issue(series seriesID: UUID, by viewer: Viewer) async throws -> String {
        try await self.database.withTransaction { connection in try await Self.address.issue(series: seriesID, by: viewer, on: connection) }
    }

    /// Ends the series' sheet; nothing to end is not an error.
    public func revoke(series seriesID: UUID, by viewer: Viewer) async throws {
        try await self.database.withTransaction { connection in try await Self.address.revoke(series: seriesID, by: viewer, on: connection) }
    }

    /// What a token opens: the series, its maker (the export is read as them) and the series'
    /// owner (whose share of export capacity it takes); nil for a wrong, rotated or revoked
    /// token, and for one whose maker may no longer edit the series.
    public func open(token: String) async throws -> (series: UUID, maker: Viewer, owner: UUID)? {
        try await self.database.withTransaction { connection in
            guard let (series, maker) = try await Self.address.resolve(token: token, on: connection),
                let owner: UUID = try await connection.query("SELECT host_id FROM meeting_series WHERE id = \(series)").first?.decode("host_id")
            else { return nil }
            return (series, maker, owner)
        }
    }
}
