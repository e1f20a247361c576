import Foundation

/// A host's request to register a webhook endpoint, as it arrives (`POST /v1/webhooks`, the
/// webhooks page): validated into a ``WebhookEndpointDraft`` with every problem named by its path.
public struct WebhookEndpointInput: Sendable, Decodable {
    public var url: String?
    public var events: [String]?
    public var seriesID: String?

    enum CodingKeys: String, CodingKey {
        case url, events, seriesID = "seriesId"
    }

    public init(url: String?, events: [String]?, seriesID: String?) {
        self.url = url
        self.events = events
        self.seriesID = seriesID
    }

    /// The longest URL accepted (receivers' URLs are short; this bounds what is stored and logged).
    public static let maxURLLength = 2048

    /// Checks the shape of the URL (http or https, a plain host, no user info, no fragment) and
    /// the events; the URL comes out normalized (``WebhookURL``). Whether `http` and the host's addresses are allowed is the operator's policy,
    /// checked by the delivery side (``WebhookURLPolicy``).
    public func validated() throws -> WebhookEndpointDraft {
        var problems: [FieldProblem] = []
        var url: URL?
        switch self.url?.trimmingCharacters(in: .whitespaces) {
        case nil, "":
            problems.append(FieldProblem("url", "is required"))
        case let text?:
            if text.count > Self.maxURLLength {
                problems.append(FieldProblem("url", "must be at most \(Self.maxURLLength) characters"))
            } else if let parsed = URLComponents(string: text), let scheme = parsed.scheme?.lowercased(),
                scheme == "https" || scheme == "http", let host = parsed.host, !host.isEmpty,
                parsed.user == nil, parsed.password == nil, parsed.fragment == nil, let whole = parsed.url
            {
                // Stored in the one spelling it is sent in (``WebhookURL``).
                url = WebhookURL.normalized(whole)
                if url == nil {
                    problems.append(FieldProblem(
                        "url", "must name its host in plain ASCII (an international name as punycode, xn--…)"))
                }
            } else {
                problems.append(FieldProblem("url", "must be an absolute https URL with a host, without user info or fragment"))
            }
        }
        var events: [WebhookEvent] = []
        if let names = self.events, !names.isEmpty {
            for (index, name) in names.enumerated() {
                guard let event = WebhookEvent(rawValue: name) else {
                    let known = WebhookEvent.allCases.map(\.rawValue).joined(separator: ", ")
                    problems.append(FieldProblem("events[\(index)]", "must be one of \(known)"))
                    continue
                }
                if !events.contains(event) { events.append(event) }
            }
        } else {
            problems.append(FieldProblem("events", "must name at least one event"))
        }
        var series: UUID?
        if let text = self.seriesID {
            series = UUID(uuidString: text)
            if series == nil { problems.append(FieldProblem("seriesId", "must be a UUID")) }
        }
        guard problems.isEmpty, let url else { throw ValidationFailure(problems: problems) }
        return WebhookEndpointDraft(url: url, events: events, seriesID: series)
    }
}

/// A validated endpoint registration.
public struct WebhookEndpointDraft: Sendable, Equatable {
    public var url: URL
    public var events: [WebhookEvent]
    /// Nil: every meeting of the host.
    public var seriesID: UUID?

    public init(url: URL, events: [WebhookEvent], seriesID: UUID?) {
        self.url = url
        self.events = events
        self.seriesID = seriesID
    }
}
