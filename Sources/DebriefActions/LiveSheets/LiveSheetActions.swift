import Debrief
import DebriefStore
import Foundation

/// A series' live sheet (docs/decisions/0101-live-sheet.md): a secret CSV address
/// (`/v1/sheets/{token}.csv`) for Google Sheets' `IMPORTDATA` or Excel's Power Query, made,
/// rotated and revoked like the calendar feed. What it serves is the series' `summary` export,
/// read as the sheet's maker: the export's visibility, privacy rule (withheld cells stay
/// withheld) and formula neutralization decide it, as for a download.
public struct LiveSheetActions: Sendable {
    let sheets: LiveSheetStore
    /// The base of the address handed out.
    let publicBaseURL: String

    public init(sheets: LiveSheetStore, publicBaseURL: String) {
        self.sheets = sheets
        self.publicBaseURL = publicBaseURL
    }

    /// The layout a sheet serves: the series' summary, every session and question with its
    /// counts and statistics (why this one: the decision record).
    public static let layout = ExportLayout.summary(.all)

    /// The longest token looked up: a real one is `dbs_` and 43 characters.
    static let maxTokenLength = 100

    /// The address of a sheet token.
    public func sheetURL(token: String) -> String { "\(self.publicBaseURL)/v1/sheets/\(token).csv" }

    /// The `IMPORTDATA` formula a Google Sheets cell takes for `url`.
    public static func importFormula(_ url: String) -> String { "=IMPORTDATA(\"\(url)\")" }

    public func sheet(series: UUID, by viewer: Viewer) async throws -> LiveSheetStore.Sheet? {
        try await self.sheets.sheet(series: series, by: viewer)
    }

    /// A new address for the series (replacing the old one): shown once.
    public func issue(series: UUID, by viewer: Viewer) async throws -> String {
        self.sheetURL(token: try await self.sheets.issue(series: series, by: viewer))
    }

    public func revoke(series: UUID, by viewer: Viewer) async throws {
        try await self.sheets.revoke(series: series, by: viewer)
    }

    /// The export a token opens, read as its maker; the series' owner is whose export capacity
    /// it takes.
    public struct Opened: Sendable {
        public let request: ExportRequest
        public let maker: Viewer
        public let owner: UUID
    }

    /// What `token` opens, or `notFound` for a wrong, rotated or revoked token and for one whose
    /// maker may no longer edit the series (no difference told).
    public func open(token: String) async throws -> Opened {
        guard token.hasPrefix(LiveSheetStore.tokenPrefix), token.utf8.count <= Self.maxTokenLength,
            token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
            let (series, maker, owner) = try await self.sheets.open(token: token)
        else { throw DebriefError.notFound("sheet") }
        return Opened(request: ExportRequest(target: .series(series), layout: Self.layout), maker: maker, owner: owner)
    }
}
