import Debrief
import Foundation

/// The meeting page's team chat block (issue 35): the series' channel, whether it posts, and —
/// when Slack or Teams refused it — the reason, so the host knows to paste a new URL; then the
/// form that sets it (``ChatPageController``) and, with a channel, its test and remove buttons.
/// Shown only to those who may edit the series. The saved URL is the workspace's credential: the
/// field is never filled with it (only with what the host just typed, when it was refused).
struct ChatBlock {
    /// What the host typed (or the channel's settings, or the defaults), for the form.
    struct Form {
        var url = ""
        /// "" for "detect from the URL", else a ``ChatKind`` raw value.
        var kind = ""
        var language: String
        var daily = false
        var urlError: String?
        var kindError: String?
        var languageError: String?
    }

    struct Choice {
        var value: String
        var label: String
        var selected: Bool
    }

    var state: String
    /// Set when the channel is disabled: what Slack or Teams answered.
    var disabled: Bool
    var daily: String?
    var lastSent: String?
    var setup: String
    /// "Channel saved." and the like, after a post (`/m/{id}?chat=…`).
    var notice: String?
    var hasChannel: Bool
    var csrf: String
    var saveAction: String
    var testAction: String
    var deleteAction: String
    var form: Form
    var kinds: [Choice]
    var languages: [Choice]

    init(channel: ChatChannel?, meeting: UUID, language: Language, csrf: String, form: Form? = nil, notice: String? = nil) {
        let t = Localizer(language)
        let base = "/m/\(meeting.lowercasedText)/chat"
        self.saveAction = base
        self.testAction = base + "/test"
        self.deleteAction = base + "/delete"
        self.csrf = csrf
        self.notice = notice
        self.setup = t(.chatBody)
        self.hasChannel = channel != nil
        let form = form ?? Form(
            kind: channel?.kind.rawValue ?? "", language: channel?.language.rawValue ?? (language == .ko ? "ko" : "en"),
            daily: channel?.daily ?? false)
        self.form = form
        self.kinds = [("", t(.chatKindDetect)), ("slack", "Slack"), ("teams", "Microsoft Teams")].map {
            Choice(value: $0.0, label: $0.1, selected: form.kind == $0.0)
        }
        self.languages = [("en", "English"), ("ko", "한국어")].map { Choice(value: $0.0, label: $0.1, selected: form.language == $0.0) }
        self.daily = nil
        self.lastSent = nil
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
