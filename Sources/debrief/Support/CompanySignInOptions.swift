import ArgumentParser
import DebriefActions
import DebriefApp
import Foundation

/// `debrief serve`'s company sign-in flags (OpenID Connect, docs/sign-in.md). Without
/// `--oidc-issuer` the sign-in page has the password form only. The client secret comes from the
/// environment or a file, never a flag (flags show in `ps`).
struct CompanySignInOptions: ParsableArguments {
    @Option(help: "Issuer URL of the company's OpenID Connect provider (https; plain http only for a loopback host). Env: DEBRIEF_OIDC_ISSUER. Default: none (no company sign-in).")
    var oidcIssuer: String?

    @Option(help: "Client id Debrief is registered with at the provider (its redirect URI: PUBLIC_URL/signin/company/callback). Env: DEBRIEF_OIDC_CLIENT_ID.")
    var oidcClientId: String?

    @Option(help: "File holding the client secret (else the environment's DEBRIEF_OIDC_CLIENT_SECRET). Env: DEBRIEF_OIDC_CLIENT_SECRET_FILE.")
    var oidcClientSecretFile: String?

    @Option(help: "The provider's name on the sign-in page (\"Sign in with NAME\"). Env: DEBRIEF_OIDC_NAME. Default: your company account.")
    var oidcName: String?

    @Option(help: "Create a host account on the first company sign-in of a verified e-mail no account has: yes or no. Env: DEBRIEF_OIDC_CREATE_ACCOUNTS. Default: no.")
    var oidcCreateAccounts: String?

    @Option(help: "Company sign-in only: passwords sign in administrators only (break-glass) and nobody signs up with one: yes or no. Env: DEBRIEF_OIDC_ONLY. Default: no.")
    var oidcOnly: String?

    /// The settings, or nil without an issuer; a bad value is a `ValidationError` (exit 2).
    func settings() throws -> CompanySignInSettings? {
        guard let issuer = self.oidcIssuer ?? Env.string("DEBRIEF_OIDC_ISSUER") else { return nil }
        if let problem = Self.issuerProblem(issuer) { throw ValidationError("--oidc-issuer \(problem)") }
        guard let clientID = self.oidcClientId ?? Env.string("DEBRIEF_OIDC_CLIENT_ID") else {
            throw ValidationError("--oidc-client-id (or DEBRIEF_OIDC_CLIENT_ID) is needed with --oidc-issuer")
        }
        let secret: String
        if let path = self.oidcClientSecretFile ?? Env.string("DEBRIEF_OIDC_CLIENT_SECRET_FILE") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("--oidc-client-secret-file: cannot read \(path)")
            }
            secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            secret = Env.string("DEBRIEF_OIDC_CLIENT_SECRET") ?? ""
        }
        guard !secret.isEmpty else {
            throw ValidationError("the client secret (DEBRIEF_OIDC_CLIENT_SECRET or --oidc-client-secret-file) is needed with --oidc-issuer")
        }
        let name = (self.oidcName ?? Env.string("DEBRIEF_OIDC_NAME") ?? "your company account").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 60 else { throw ValidationError("--oidc-name must be 1 to 60 characters") }
        var settings = CompanySignInSettings(
            issuer: issuer, clientID: clientID, clientSecret: secret, displayName: name,
            allowsAccountCreation: try Self.yesNo(self.oidcCreateAccounts ?? Env.string("DEBRIEF_OIDC_CREATE_ACCOUNTS"), "--oidc-create-accounts"),
            passwordsForAdminsOnly: try Self.yesNo(self.oidcOnly ?? Env.string("DEBRIEF_OIDC_ONLY"), "--oidc-only"))
        // Tuning knobs, environment only (the tests shorten them).
        if let seconds = Env.int("DEBRIEF_OIDC_METADATA_SECONDS"), seconds >= 0 { settings.metadataLifetime = .seconds(seconds) }
        if let seconds = Env.int("DEBRIEF_OIDC_KEY_REFETCH_SECONDS"), seconds >= 0 { settings.keyRefetchInterval = .seconds(seconds) }
        if let seconds = Env.int("DEBRIEF_OIDC_TIMEOUT_SECONDS"), seconds > 0 { settings.requestTimeout = .seconds(seconds) }
        return settings
    }

    /// Why an issuer URL is refused, or nil: https with a host, no query or fragment; plain http
    /// only for a loopback host (a provider on the same machine, the tests).
    static func issuerProblem(_ issuer: String) -> String? {
        guard let url = URL(string: issuer), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else {
            return "must be an absolute URL"
        }
        guard url.query == nil, url.fragment == nil else { return "must have no query or fragment" }
        if scheme == "https" { return nil }
        if scheme == "http", ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) { return nil }
        return "must use https (plain http only for a loopback host)"
    }

    static func yesNo(_ raw: String?, _ flag: String) throws -> Bool {
        switch raw?.lowercased() {
        case nil, "no", "false", "0": return false
        case "yes", "true", "1": return true
        default: throw ValidationError("\(flag) must be yes or no")
        }
    }
}
