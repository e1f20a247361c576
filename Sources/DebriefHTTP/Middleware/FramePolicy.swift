import Foundation
import HTTPTypes

/// The one decider of who may frame a response (docs/decisions/0068): every response passes
/// through ``SecurityHeadersMiddleware``, which asks this.
///
/// The participant's pages (every route under `/f/`: the form, its check-in and change, the
/// thanks page with the room's shared results, and their error pages) may be framed by the
/// configured ``FrameAncestors``; everything else — the API, the host's pages, assets, and the
/// participant pages too while the list is empty — by nobody: `frame-ancestors 'none'` and
/// `X-Frame-Options: DENY`. A route's own `frame-ancestors` or `X-Frame-Options` is replaced, so no
/// page can grow a second answer.
public struct FramePolicy: Sendable {
    public let embedOrigins: FrameAncestors
    /// ``ContentSecurityPolicy/api`` with its `frame-ancestors`, for a response whose policy is the API's
    /// (every API response): worked out once, since rebuilding it per response was 2 %
    /// of a submission's CPU (`scripts/bench-profile`).
    private let apiPolicy: (embeddable: String, denied: String)

    public init(embedOrigins: FrameAncestors) {
        self.embedOrigins = embedOrigins
        self.apiPolicy = (
            Self.withFrameAncestors(ContentSecurityPolicy.api, embedOrigins.directiveValue),
            Self.withFrameAncestors(ContentSecurityPolicy.api, "'none'")
        )
    }

    /// The route templates (Hummingbird's endpoint paths) of the pages an allowed origin may frame.
    static let embeddablePrefix = "/f/"

    /// Whether the response of the route `endpoint` (its template, `/f/{code}`; nil or
    /// `NotFound` when no route matched) may be framed by the configured origins.
    public func isEmbeddable(endpoint: String?) -> Bool {
        guard !self.embedOrigins.isEmpty, let endpoint else { return false }
        return endpoint.hasPrefix(Self.embeddablePrefix)
    }

    /// Sets the framing headers of a response to the route `endpoint`: the `frame-ancestors`
    /// directive at the end of its policy, and `X-Frame-Options: DENY` where nobody may frame
    /// (browsers that ignore CSP's directive still refuse). The header cannot name origins, so an
    /// embeddable page goes without it.
    func apply(to headers: inout HTTPFields, endpoint: String?) {
        let embeddable = self.isEmbeddable(endpoint: endpoint)
        let policy = headers[.contentSecurityPolicy] ?? ContentSecurityPolicy.api
        if policy == ContentSecurityPolicy.api {
            headers[.contentSecurityPolicy] = embeddable ? self.apiPolicy.embeddable : self.apiPolicy.denied
        } else {
            let sources = embeddable ? self.embedOrigins.directiveValue : "'none'"
            headers[.contentSecurityPolicy] = Self.withFrameAncestors(policy, sources)
        }
        headers[.xFrameOptions] = embeddable ? nil : "DENY"
    }

    /// `policy` with its `frame-ancestors` directive (if any) replaced by one naming `sources`, last.
    static func withFrameAncestors(_ policy: String, _ sources: String) -> String {
        let kept = policy.split(separator: ";")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.lowercased().hasPrefix("frame-ancestors") }
        return (kept + ["frame-ancestors \(sources)"]).joined(separator: "; ")
    }
}
