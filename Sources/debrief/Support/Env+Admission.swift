import DebriefApp
import DebriefHTTP
import Foundation

extension Env {
    /// The caps of ``AdmissionSettings`` that have no flag of their own: `DEBRIEF_LIVE_STREAMS_PER_ACCOUNT`
    /// (default 20), `DEBRIEF_LIVE_STREAMS_PER_ADDRESS` (50), `DEBRIEF_LIVE_STREAMS_LIMIT` (2,000 per
    /// instance), `DEBRIEF_WEBHOOK_ENDPOINTS_PER_ACCOUNT` (20), `DEBRIEF_WEBHOOK_REDELIVERIES_PER_ENDPOINT`
    /// (10) and `DEBRIEF_WEBHOOK_CONCURRENCY_PER_ACCOUNT` (2 deliveries in flight per account).
    /// Positive numbers; anything else keeps the default.
    static func admission(_ configuration: inout AppConfiguration) {
        func positive(_ name: String) -> Int? { int(name).flatMap { $0 > 0 ? $0 : nil } }
        let streams = configuration.admission.liveStreams
        configuration.admission.liveStreams = LiveStreamLimits(
            perAccount: positive("DEBRIEF_LIVE_STREAMS_PER_ACCOUNT") ?? streams.perAccount,
            perAddress: positive("DEBRIEF_LIVE_STREAMS_PER_ADDRESS") ?? streams.perAddress,
            total: positive("DEBRIEF_LIVE_STREAMS_LIMIT") ?? streams.total)
        if let cap = positive("DEBRIEF_WEBHOOK_ENDPOINTS_PER_ACCOUNT") { configuration.admission.webhooks.endpointsPerAccount = cap }
        if let cap = positive("DEBRIEF_WEBHOOK_REDELIVERIES_PER_ENDPOINT") { configuration.admission.webhooks.redeliveriesPerEndpoint = cap }
        if let cap = positive("DEBRIEF_WEBHOOK_CONCURRENCY_PER_ACCOUNT") { configuration.webhooks.perAccountConcurrency = cap }
    }
}
