import DebriefActions
import HTTPTypes

extension APIError {
    /// The one status of each company sign-in refusal (docs/decisions/0066): 503 with
    /// `Retry-After` when the provider is down (try later), 400 for a broken or replayed callback,
    /// 403 for an answer that did not verify or a person Debrief will not sign in (not 401: there
    /// is no `WWW-Authenticate` challenge a browser could answer). The code is the refusal's
    /// stable ``CompanySignInRefusal/reason``; the pages show their own words for it.
    init(_ refusal: CompanySignInRefusal) {
        let status: HTTPResponse.Status
        var headers: HTTPFields = [:]
        let detail: String
        switch refusal {
        case .providerUnavailable:
            status = .serviceUnavailable
            headers[.retryAfter] = "30"
            detail = "the sign-in provider cannot be reached; retry shortly"
        case .providerError:
            status = .forbidden
            detail = "the sign-in provider refused the sign-in"
        case .codeRefused:
            status = .badRequest
            detail = "the sign-in provider refused this sign-in link; start again"
        case .stateNotThisBrowser, .missingParameter:
            status = .badRequest
            detail = "this sign-in was not started in this browser; start again"
        case .stateReplayed:
            status = .badRequest
            detail = "this sign-in link was used already; start again"
        case .stateExpired, .stateUnknown:
            status = .badRequest
            detail = "this sign-in took too long or is unknown; start again"
        case .badSignature, .unknownKey, .unsupportedAlgorithm, .malformedToken, .wrongIssuer, .wrongAudience, .expired,
            .issuedInFuture, .wrongNonce, .userInfoMismatch:
            status = .forbidden
            detail = "the sign-in provider's answer could not be verified"
        case .unverifiedEmail:
            status = .forbidden
            detail = "the sign-in provider has not verified the e-mail address"
        case .noAccount:
            status = .forbidden
            detail = "no account has this e-mail address"
        case .linkedToAnother:
            status = .forbidden
            detail = "the account with this e-mail address is linked to another person of the provider"
        case .unprovenAccount:
            status = .forbidden
            detail = "the account with this e-mail address has not confirmed it; sign in with its password first"
        case .groupsClaimRefused:
            status = .forbidden
            detail = "the sign-in provider's list of groups could not be read (too many or too long values)"
        }
        self.init(status, code: refusal.reason, detail: detail, headers: headers)
    }
}
