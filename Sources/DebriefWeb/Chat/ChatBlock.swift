import Debrief
import Foundation

/// The meeting page's team chat block (issue 35): the series' channel, whether it posts, and —
/// when Slack or Teams refused it — the reason, so the host knows to paste a new URL. Shown only
/// to those who may edit the series (the URL is the workspace's credential: never shown here).
struct ChatBlock {
    var state: String
    /// Set when the channel is disabled: what Slack or Teams answered.
    var disabled: Bool
    var daily: String?
    var lastSent: String?
    /// How to set a channel (none yet) or change it: the API route and the docs page.
    var setup: String
    var apiPath: String

    init(channel: ChatChannel?, series: UUID, language: Language) {
        let t = Localizer(language)
        self.apiPath = "/v1/series/\(series.uuidString.lowercased())/chat-channel"
        self.setup = t(.chatBody)
        guard let channel else {
            self.state = t(.chatNone)
            self.disabled = false
            return
        }
        let kind = channel.kind == .slack ? "Slack" : "Microsoft Teams"
        if let reason = channel.disabledReason {
            self.state = t(.chatStateDisabled, ["reason": reason])
            self.disabled = true
        } else if let since = channel.failingSince {
            self.state = t(.chatStateFailing, ["time": DateText.dateTime(since, language)])
            self.disabled = false
        } else {
            self.state = t(.chatStateActive, ["kind": kind])
            self.disabled = false
        }
        self.daily = channel.daily ? t(.chatDailyLabel) : nil
        self.lastSent = channel.deliveries.first { $0.deliveredAt != nil }?.deliveredAt.map {
            t(.chatLastSent, ["time": DateText.dateTime($0, language)])
        }
    }
}
