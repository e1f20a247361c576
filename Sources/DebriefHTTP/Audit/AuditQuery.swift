import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// The read record's filters as a query names them — `since`, `until` (ISO 8601 with zone),
/// `series` and `account` (ids) — read in one place for the JSON routes, the CSVs and the pages
/// (`/teams/{teamId}/audit`, `/admin/audit`), so a page's links carry what the API reads.
public enum AuditQuery {
    /// The query parameters a filter is read from, in the order links carry them.
    public static let names = ["since", "until", "series", "account"]

    /// The filter, each bad parameter recorded in `query` (its caller throws them together).
    static func read(_ query: inout QueryReader) -> AuditFilter {
        let since = query.date("since")
        let until = query.date("until")
        if let since, let until, since >= until { query.problems.add("until", "must be after since") }
        let series = query.value("series", default: UUID?.none, hint: "must be a series id", UUID.init(uuidString:))
        let account = query.value("account", default: UUID?.none, hint: "must be an account id", UUID.init(uuidString:))
        return AuditFilter(since: since, until: until, series: series, account: account)
    }

    /// The filter of `request`'s query, or the ``ValidationFailure`` naming each bad parameter.
    public static func filter(_ request: Request) throws -> AuditFilter {
        var query = QueryReader(request)
        let filter = Self.read(&query)
        try query.requireValid()
        return filter
    }
}
