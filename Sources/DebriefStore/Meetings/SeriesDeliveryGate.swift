import PQ

/// The one answer to "may this delivery of a series' data still go out?"
/// (docs/decisions/0055-credentials-follow-their-maker.md).
///
/// A calendar feed, a team chat channel and a webhook endpoint belong to the account that made
/// them, and deliver a series' data only while that account may still edit the series: its
/// owner, an editing co-host, or an admin. A removed co-host's channel, a former owner's feed
/// after the new owner removed their share, a deleted account's anything: each stops at its next
/// use, with nothing to clean up first.
///
/// The rule itself is the SQL function `series_delivery_allowed` (migration 0055), so every
/// statement that serves or queues or sends a delivery asks it inside itself, in the same
/// snapshot as the rows it reads; this type is the only Swift that names it.
enum SeriesDeliveryGate {
    /// A predicate: the account in column `maker` may still have the series in column `series`
    /// delivered. Both are trusted column expressions written in this module, never input.
    static func allows(maker: String, series: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "series_delivery_allowed(\(maker), \(series))")
    }
}
