import Foundation

/// Where and how mail is submitted (`--smtp-url`, `--smtp-starttls`, `--smtp-ca-file`,
/// `--mail-from`). The credentials come from the URL's user information and are kept apart from
/// it, so the URL can be logged without them.
public struct SMTPSettings: Sendable, Equatable {
    public enum StartTLS: String, Sendable, CaseIterable {
        /// Refuse to send unless the server upgrades to TLS (CURLUSESSL_ALL). The default.
        case required
        /// Plain SMTP (a relay on the same host or network only).
        case none
    }

    /// `smtp://host:port` or `smtps://host:port`, without user information.
    public let url: String
    public let username: String?
    public let password: String?
    public let startTLS: StartTLS
    /// A PEM bundle of the authorities to trust instead of the system's (a private relay).
    public let caFile: String?
    /// The envelope sender and `From` address.
    public let from: String
    public let fromName: String?
    /// The most one SMTP conversation may take.
    public var timeoutSeconds: Int = 30

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case url(String)
        case from(String)

        public var description: String {
            switch self {
            case .url(let why): return "--smtp-url " + why
            case .from(let why): return "--mail-from " + why
            }
        }
    }

    /// Validates the settings as `debrief serve` reads them.
    public init(url raw: String, from: String, fromName: String? = nil, startTLS: StartTLS = .required, caFile: String? = nil) throws(Problem) {
        guard var components = URLComponents(string: raw), let scheme = components.scheme?.lowercased(),
            scheme == "smtp" || scheme == "smtps"
        else { throw .url("must be smtp://host:port or smtps://host:port") }
        guard let host = components.host, !host.isEmpty else { throw .url("must name a host") }
        if let path = components.path.nilIfEmpty, path != "/" { throw .url("must not have a path (\(path))") }
        self.username = components.user.map { $0.removingPercentEncoding ?? $0 }
        self.password = components.password.map { $0.removingPercentEncoding ?? $0 }
        components.user = nil
        components.password = nil
        components.path = ""
        self.url = components.string ?? "\(scheme)://\(host)"
        self.startTLS = startTLS
        self.caFile = caFile
        let address = from.trimmingCharacters(in: .whitespaces)
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."),
            !address.unicodeScalars.contains(where: { $0.value <= 0x20 || "<>\"".unicodeScalars.contains($0) })
        else { throw .from("must be an address such as debrief@example.org") }
        self.from = address
        self.fromName = fromName
    }

    /// The URL as logs may show it (no credentials ever).
    public var redactedURL: String { self.url }
}

extension String {
    fileprivate var nilIfEmpty: String? { self.isEmpty ? nil : self }
}
