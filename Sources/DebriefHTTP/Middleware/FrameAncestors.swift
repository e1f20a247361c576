import Debrief
import Foundation

/// The web origins whose pages may frame the participant's pages (`--embed-origins`,
/// `DEBRIEF_EMBED_ORIGINS`): the sources of their `frame-ancestors` directive. Empty by default,
/// and then no page of ours may be framed anywhere (docs/decisions/0068).
///
/// Each entry is an origin (`https://intranet.example.com`, `http://localhost:8000`), or one with
/// a leading wildcard label (`https://*.example.com`, any subdomain, as CSP's host-source allows):
/// never a bare `*`, a scheme alone, a path or a keyword, so the list names sites an operator
/// chose and nothing wider. Nor a wildcard over a public suffix (`https://*.com`, `*.co.uk`,
/// `*.github.io`): that is every registrant's site (issue 67), so each wildcard's parent must be
/// one site by the Public Suffix List (``PublicSuffixList/isOneSite(below:)``).
public struct FrameAncestors: Sendable, Equatable {
    /// The sources, as CSP writes them (lower case, no trailing slash), in the order given.
    public let sources: [String]

    /// Nobody may frame (the default).
    public static let none = FrameAncestors(validated: [])

    private init(validated sources: [String]) {
        self.sources = sources
    }

    /// Whether any origin may frame the participant's pages (embedding is on).
    public var isEmpty: Bool { self.sources.isEmpty }

    /// The directive's value: `'none'`, or the sources separated by spaces.
    var directiveValue: String { self.isEmpty ? "'none'" : self.sources.joined(separator: " ") }

    /// Parses a comma-separated list; blank entries are skipped, so an empty text is the empty list.
    /// `publicSuffixes` judges each wildcard; without it (the list is not installed) a wildcard is
    /// refused, since nothing can tell `*.example.com` from `*.com`.
    public static func parse(_ text: String, publicSuffixes: PublicSuffixList?) throws(EmbedOriginError) -> FrameAncestors {
        var sources: [String] = []
        for entry in text.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let source = try Self.source(trimmed, publicSuffixes: publicSuffixes)
            if !sources.contains(source) { sources.append(source) }
        }
        return FrameAncestors(validated: sources)
    }

    /// One entry as a CSP host-source with its scheme, or why it cannot be one.
    static func source(_ text: String, publicSuffixes: PublicSuffixList?) throws(EmbedOriginError) -> String {
        let lowered = text.lowercased()
        // `https://*.example.com`: the wildcard label is checked as an ordinary one, then put back.
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme + "*.") {
            let rest = lowered.dropFirst(scheme.count + 2)
            let exact = try Self.exact(scheme + "wildcard." + rest, as: text)
            let parent = exact.dropFirst(scheme.count + "wildcard.".count)
            let host = String(parent.prefix { $0 != ":" })
            guard let publicSuffixes else {
                throw EmbedOriginError(
                    origin: text, reason: "a wildcard needs the public suffix list (\(PublicSuffixList.debianPath), Debian's publicsuffix package)")
            }
            guard publicSuffixes.isOneSite(below: host) else {
                throw EmbedOriginError(
                    origin: text, reason: "\(host) is a public suffix or has one below it: the wildcard would let every site registered there frame the pages; name the sites")
            }
            return scheme + "*." + parent
        }
        return try Self.exact(text, as: text)
    }

    /// An exact origin, checked as the CORS list checks one (scheme://host[:port] only).
    /// Only the characters of a host name, an IP address and a port reach the header, so an entry
    /// cannot end the directive (`;`) or add a source of its own (`*`, a quote, a space).
    private static func exact(_ text: String, as given: String) throws(EmbedOriginError) -> String {
        let origin: String
        do {
            origin = try CORSAllowList.origin(text)
        } catch {
            throw EmbedOriginError(origin: given, reason: error.reason)
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-:/[]")
        guard origin.allSatisfy({ allowed.contains($0) }) else {
            throw EmbedOriginError(
                origin: given, reason: "a wildcard may only be the first label (https://*.example.com); a host has letters, digits, dots and hyphens")
        }
        return origin
    }
}

/// A configured embedding origin that is not an origin (or a subdomain wildcard of one).
public struct EmbedOriginError: Error, Equatable, CustomStringConvertible {
    public var origin: String
    public var reason: String

    public var description: String { "invalid embedding origin '\(self.origin)': \(self.reason)" }
}
