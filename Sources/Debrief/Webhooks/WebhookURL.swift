import Foundation

/// One spelling per webhook address: the URL is stored in it and sent in it.
///
/// The delivery side checks a host's addresses and pins the HTTP client to the checked one under
/// the host's name; the client finds that pin by the exact host of the URL it sends to. A second
/// spelling of the same name (`REBIND-HOSTILE.test`, `rebind-hostile.test.`) missed the pin and
/// let the client resolve the name again, after the check — the DNS rebinding the pin exists to
/// stop. So the host is lower-cased and loses its trailing dot, and a host in any other form (not
/// plain ASCII, percent-encoded) is refused: an international name is registered as punycode
/// (`xn--…`), which is what DNS itself carries.
public enum WebhookURL {
    /// `url` with its scheme and host normalized, or nil when its host is not a plain name or a
    /// literal address.
    public static func normalized(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let encodedHost = components.percentEncodedHost, !encodedHost.isEmpty
        else { return nil }
        components.scheme = components.scheme?.lowercased()
        if encodedHost.hasPrefix("[") || encodedHost.contains(":") {
            // An IPv6 literal: its hex digits lower-cased, nothing else to normalize.
            let lowered = encodedHost.lowercased()
            guard lowered.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." || $0 == "[" || $0 == "]" }) else { return nil }
            if lowered != encodedHost { components.percentEncodedHost = lowered }
            return components.url
        }
        var host = encodedHost.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(Self.isNameCharacter) else { return nil }
        if host != encodedHost { components.percentEncodedHost = host }
        return components.url
    }

    /// Letters, digits, `-`, `_` and `.`, in ASCII (already lower-cased).
    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "0"..."9", "-", "_", ".": return true
        default: return false
        }
    }
}
