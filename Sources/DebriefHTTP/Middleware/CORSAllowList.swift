import Foundation

/// The web origins allowed to call the participant routes (`/v1/f/…`) from a browser: exact
/// origins such as `https://feedback.example.com`, compared as browsers send them in `Origin`.
///
/// Empty by default, so no cross-origin reads happen unless an operator names a participant web
/// app. Host routes never answer cross-origin requests: they carry bearer tokens, and a page on
/// another origin has no business reading a host's meetings.
public struct CORSAllowList: Sendable, Equatable {
    /// Normalized origins (`scheme://host[:port]`, lower case).
    public let origins: [String]

    /// Nobody (the default).
    public static let none = CORSAllowList(validated: [])

    private init(validated origins: [String]) {
        self.origins = origins
    }

    public var isEmpty: Bool { self.origins.isEmpty }

    /// Whether a request's `Origin` header is on the list (exactly, after lower-casing).
    public func allows(_ origin: String) -> Bool {
        self.origins.contains(origin.lowercased())
    }

    /// Parses a comma-separated list (`DEBRIEF_CORS_ORIGINS`, `--cors-origin`); blank entries are
    /// skipped, so an empty text is the empty list.
    public static func parse(_ text: String) throws(CORSOriginError) -> CORSAllowList {
        var origins: [String] = []
        for entry in text.split(separator: ",") {
            let trimmed = entry.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            let origin = try Self.origin(trimmed)
            if !origins.contains(origin) { origins.append(origin) }
        }
        return CORSAllowList(validated: origins)
    }

    /// One origin as a browser serializes it, or why it cannot be one.
    static func origin(_ text: String) throws(CORSOriginError) -> String {
        let lowered = text.lowercased()
        guard text != "*", lowered != "null" else {
            throw CORSOriginError(origin: text, reason: "wildcards and null are not allowed; name each origin")
        }
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            throw CORSOriginError(origin: text, reason: "must start with http:// or https://")
        }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            let host = components.host, !host.isEmpty
        else { throw CORSOriginError(origin: text, reason: "must name a host, as in https://feedback.example.com") }
        guard components.user == nil, components.password == nil, components.path.isEmpty, components.query == nil,
            components.fragment == nil
        else {
            throw CORSOriginError(origin: text, reason: "must be scheme://host[:port] only, without a path, query or trailing slash")
        }
        if let port = components.port {
            guard (1...65535).contains(port) else { throw CORSOriginError(origin: text, reason: "has an invalid port") }
            guard !(scheme == "http" && port == 80), !(scheme == "https" && port == 443) else {
                throw CORSOriginError(origin: text, reason: "leave out the default port; browsers never send it")
            }
        }
        // Validated above to be exactly scheme://host[:port]: its lower-cased text is the origin.
        return lowered
    }
}

/// A configured CORS origin that is not an exact web origin.
public struct CORSOriginError: Error, Equatable, CustomStringConvertible {
    public var origin: String
    public var reason: String

    public var description: String { "invalid CORS origin '\(self.origin)': \(self.reason)" }
}
