import DebriefActions
import Foundation

/// Company sign-in (OpenID Connect, docs/sign-in.md) from the table: nil without an issuer. The
/// client secret comes from the environment, the config file or a file, never a flag (flags show
/// in `ps`).
enum CompanySignInReading {
    static func settings(_ source: SettingsSource) throws(SettingError) -> CompanySignInSettings? {
        typealias T = SettingTable
        let issuer = try source.text(T.oidcIssuer)
        let clientID = try source.text(T.oidcClientID)
        let secretFile = try source.text(T.oidcClientSecretFile)
        let secretValue = try source.text(T.oidcClientSecret)
        let rawName = try source.textOrDefault(T.oidcName)
        let createAccounts = try source.yesNo(T.oidcCreateAccounts) ?? false
        let only = try source.yesNo(T.oidcOnly) ?? false
        let metadataLifetime = try source.interval(T.oidcMetadataSeconds)
        let keyRefetch = try source.interval(T.oidcKeyRefetchSeconds)
        let timeout = try source.interval(T.oidcTimeoutSeconds)
        let teams = try Self.teams(source)
        guard let issuer else { return nil }
        if let problem = issuerProblem(issuer) { throw SettingError(T.oidcIssuer, problem) }
        guard let clientID else { throw SettingError(T.oidcClientID, "is needed with --oidc-issuer (DEBRIEF_OIDC_ISSUER)") }
        let secret: String
        if let secretFile {
            guard let text = try? String(contentsOfFile: secretFile, encoding: .utf8) else {
                throw SettingError(T.oidcClientSecretFile, "cannot read \(secretFile)")
            }
            secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        } else {
            secret = secretValue ?? ""
        }
        guard !secret.isEmpty else {
            throw SettingError(
                names: "--oidc-client-secret-file (DEBRIEF_OIDC_CLIENT_SECRET_FILE) or DEBRIEF_OIDC_CLIENT_SECRET",
                problem: "the client secret is needed with --oidc-issuer")
        }
        let name = rawName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= 60 else { throw SettingError(T.oidcName, "must be 1 to 60 characters") }
        var settings = CompanySignInSettings(
            issuer: issuer, clientID: clientID, clientSecret: secret, displayName: name,
            allowsAccountCreation: createAccounts, passwordsForAdminsOnly: only)
        settings.metadataLifetime = metadataLifetime
        settings.keyRefetchInterval = keyRefetch
        settings.requestTimeout = timeout
        settings.teams = teams
        return settings
    }

    /// Team members from the provider (docs/decisions/0093-team-members-from-sign-in.md): the
    /// claim and its mappings come together; nil when neither is set.
    static func teams(_ source: SettingsSource) throws(SettingError) -> ProviderTeams? {
        typealias T = SettingTable
        let claim = try source.text(T.oidcGroupsClaim)?.trimmingCharacters(in: .whitespaces)
        let text = try source.text(T.oidcTeams)
        guard let claim, !claim.isEmpty else {
            if text != nil { throw SettingError(T.oidcTeams, "needs --oidc-groups-claim (DEBRIEF_OIDC_GROUPS_CLAIM)") }
            return nil
        }
        guard claim.count <= 100, !claim.contains(where: \.isWhitespace) else {
            throw SettingError(T.oidcGroupsClaim, "must be a claim name of 1 to 100 characters without spaces")
        }
        guard let text else { throw SettingError(T.oidcTeams, "is needed with --oidc-groups-claim (DEBRIEF_OIDC_GROUPS_CLAIM)") }
        switch ProviderTeams.mappings(parsing: text) {
        case .failure(let problem): throw SettingError(T.oidcTeams, problem.description)
        case .success(let mappings) where mappings.isEmpty: throw SettingError(T.oidcTeams, "needs at least one `VALUE=TEAM-ID:ROLE`")
        case .success(let mappings): return ProviderTeams(claim: claim, mappings: mappings)
        }
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
}
