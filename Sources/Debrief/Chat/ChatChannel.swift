import Foundation

/// Which team chat a channel posts to; the raw values are the API's `kind`.
public enum ChatKind: String, Sendable, Codable, CaseIterable {
    /// A Slack incoming webhook (Block Kit).
    case slack
    /// A Microsoft Teams incoming webhook or Workflows URL (an Adaptive Card).
    case teams
}

/// A series' team chat channel (issue 35): where its results digests go. It is a webhook
/// endpoint of the outbox (docs/decisions/0045), so it shares the outbox's retries, address
/// guard, caps and delivery log.
public struct ChatChannel: Sendable, Equatable {
    public var id: UUID
    public var seriesID: UUID
    public var kind: ChatKind
    /// The webhook URL; a credential of the team's workspace, shown only to those who may edit the series.
    public var url: URL
    public var language: Language
    /// Also a digest once a day while a form takes answers.
    public var daily: Bool
    public var createdAt: Date
    /// Set when Slack or Teams refused a message (a revoked webhook) or every delivery failed
    /// for the retry window; nothing is sent until the host pastes the URL again.
    public var disabledAt: Date?
    public var disabledReason: String?
    public var failingSince: Date?
    public var pendingCount: Int
    /// The latest deliveries, newest first.
    public var deliveries: [WebhookDelivery]
    /// Who pasted the URL (nil: that account is gone); the channel delivers for them.
    public var madeBy: CredentialMaker? = nil
    /// False once its maker may no longer edit the series: nothing is sent (or queued) until
    /// someone who may pastes a URL again.
    public var delivers: Bool = true

    public init(
        id: UUID, seriesID: UUID, kind: ChatKind, url: URL, language: Language, daily: Bool, createdAt: Date,
        disabledAt: Date?, disabledReason: String?, failingSince: Date?, pendingCount: Int, deliveries: [WebhookDelivery] = []
    ) {
        self.id = id
        self.seriesID = seriesID
        self.kind = kind
        self.url = url
        self.language = language
        self.daily = daily
        self.createdAt = createdAt
        self.disabledAt = disabledAt
        self.disabledReason = disabledReason
        self.failingSince = failingSince
        self.pendingCount = pendingCount
        self.deliveries = deliveries
    }
}

/// A validated channel: what the store writes.
public struct ChatChannelDraft: Sendable, Equatable {
    public var kind: ChatKind
    public var url: URL
    public var language: Language
    public var daily: Bool
}

/// A host's channel settings as they arrive (`PUT /v1/series/{id}/chat-channel`, the meeting
/// page): validated into a ``ChatChannelDraft`` with each problem named by its field.
public struct ChatChannelInput: Sendable, Decodable {
    public var url: String?
    public var kind: String?
    public var language: String?
    public var daily: Bool?

    public init(url: String?, kind: String? = nil, language: String? = nil, daily: Bool? = nil) {
        self.url = url
        self.kind = kind
        self.language = language
        self.daily = daily
    }

    /// `allowedHosts`: the operator's hosts webhooks may reach over plain http and at private
    /// addresses (`--webhook-allow-insecure-hosts`; tests' local receivers): any URL on them is
    /// taken as the `kind` given, since it cannot have Slack's or Teams' shape.
    public func validated(allowedHosts: Set<String> = []) throws -> ChatChannelDraft {
        var problems: [FieldProblem] = []
        var kind: ChatKind?
        if let text = self.kind, !text.isEmpty {
            kind = ChatKind(rawValue: text)
            if kind == nil { problems.append(FieldProblem("kind", "must be one of slack, teams")) }
        }
        var language = Language.en
        if let text = self.language, !text.isEmpty {
            if let known = Language(rawValue: text) {
                language = known
            } else {
                problems.append(FieldProblem("language", "must be one of en, ko"))
            }
        }
        var url: URL?
        let text = self.url?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if text.isEmpty {
            problems.append(FieldProblem("url", "is required: paste the incoming webhook URL from Slack or Teams"))
        } else if text.count > WebhookEndpointInput.maxURLLength {
            problems.append(FieldProblem("url", "must be at most \(WebhookEndpointInput.maxURLLength) characters"))
        } else if let parsed = URLComponents(string: text), let host = parsed.host?.lowercased(), !host.isEmpty,
            parsed.user == nil, parsed.password == nil, parsed.fragment == nil, let whole = parsed.url,
            let normalized = WebhookURL.normalized(whole)
        {
            let scheme = parsed.scheme?.lowercased()
            if allowedHosts.contains(host), scheme == "http" || scheme == "https" {
                if kind == nil { problems.append(FieldProblem("kind", "is required for a URL that is not Slack's or Teams'")) }
                url = normalized
            } else if scheme == "https", let shape = ChatURLShape.kind(host: host, path: parsed.path) {
                if let kind, kind != shape {
                    problems.append(FieldProblem("kind", "is \(kind.rawValue) but the URL is a \(shape == .slack ? "Slack" : "Teams") webhook"))
                }
                kind = kind ?? shape
                url = normalized
            } else {
                problems.append(FieldProblem("url", ChatURLShape.expected))
            }
        } else {
            problems.append(FieldProblem("url", ChatURLShape.expected))
        }
        guard problems.isEmpty, let url, let kind else { throw ValidationFailure(problems: problems) }
        return ChatChannelDraft(kind: kind, url: url, language: language, daily: self.daily ?? false)
    }
}

/// The shapes of the webhook URLs Slack and Teams hand out.
enum ChatURLShape {
    static let expected =
        "must be a Slack incoming webhook (https://hooks.slack.com/services/…) or a Microsoft Teams webhook "
        + "(https://….webhook.office.com/… or a Workflows URL https://….logic.azure.com/workflows/…)"

    /// Slack: `hooks.slack.com/services/T…/B…/…`. Teams: an incoming webhook on
    /// `*.webhook.office.com`, or a Power Automate Workflows trigger on `*.logic.azure.com/workflows/…`
    /// (also `*.environment.api.powerplatform.com`, where new Workflows URLs live).
    static func kind(host: String, path: String) -> ChatKind? {
        let parts = path.split(separator: "/")
        if host == "hooks.slack.com", parts.first == "services", parts.count >= 4 { return .slack }
        if host.hasSuffix(".webhook.office.com"), parts.count >= 2 { return .teams }
        if host.hasSuffix(".logic.azure.com"), parts.first == "workflows", parts.count >= 2 { return .teams }
        if host.hasSuffix(".environment.api.powerplatform.com"), parts.contains("workflows") { return .teams }
        return nil
    }
}
