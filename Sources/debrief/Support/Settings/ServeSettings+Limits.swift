import Debrief
import DebriefActions
import DebriefApp
import DebriefHTTP
import DebriefStore
import Foundation

extension ServeSettings {
    /// Exports, rate limits, live streams and the write path.
    static func readLimits(_ source: SettingsSource, into app: inout AppConfiguration) throws(SettingError) {
        typealias T = SettingTable
        app.exportLimits = ExportLimits(
            perAccount: try source.count(T.exportLimitPerAccount), total: try source.count(T.exportLimit),
            spoolMaxBytes: try source.count(T.exportSpoolMaxBytes))
        app.participantRateLimits = RateLimitSettings(
            perAddress: RateLimitRate(perSecond: try source.rate(T.rateLimitPerAddress), burst: try source.rate(T.rateLimitAddressBurst)),
            perForm: RateLimitRate(perSecond: try source.rate(T.rateLimitPerForm), burst: try source.rate(T.rateLimitFormBurst)))
        app.admission.liveStreams = LiveStreamLimits(
            perAccount: try source.count(T.liveStreamsPerAccount), perAddress: try source.count(T.liveStreamsPerAddress),
            total: try source.count(T.liveStreamsLimit))
        app.admission.liveStreams.participantPerAddress = try source.count(T.participantLiveStreamsPerAddress)
        app.admission.liveStreams.participantPerForm = try source.count(T.participantLiveStreamsPerForm)
        app.admission.liveStreams.participantTotal = try source.count(T.participantLiveStreamsLimit)
        let coalesce = try source.count(T.notifyCoalesce)
        app.resultsNotification = coalesce == 0 ? .inTransaction : .coalesced(.milliseconds(coalesce))
        app.submissionBatching = SubmissionBatching(
            maxConcurrentBatches: try source.count(T.submitBatches), maxBatchSize: try source.count(T.submitBatchSize),
            stallAfter: .milliseconds(try source.count(T.submitBatchStall)))
    }

    /// Webhook delivery and its caps.
    static func readWebhooks(_ source: SettingsSource, into app: inout AppConfiguration) throws(SettingError) {
        typealias T = SettingTable
        let hosts = (try source.text(T.webhookAllowInsecureHosts) ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        app.webhooks.allowInsecureHosts = Set(hosts)
        app.webhooks.retry = WebhookRetrySchedule(
            base: try source.interval(T.webhookRetryBase), cap: try source.interval(T.webhookRetryCap),
            window: try source.interval(T.webhookRetryWindow))
        app.webhooks.pollInterval = try source.interval(T.webhookPoll)
        app.webhooks.requestTimeout = try source.interval(T.webhookTimeout)
        app.admission.webhooks.endpointsPerAccount = try source.count(T.webhookEndpointsPerAccount)
        app.admission.webhooks.redeliveriesPerEndpoint = try source.count(T.webhookRedeliveriesPerEndpoint)
        app.webhooks.perAccountConcurrency = try source.count(T.webhookConcurrencyPerAccount)
    }
}
