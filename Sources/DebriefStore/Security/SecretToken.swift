import Crypto
import Debrief
import Foundation

/// Random secrets handed to people, and the hashes the database keeps instead of them.
///
/// Every secret is minted by a factory here (decision 62), each with its prefix and size, so a
/// store never assembles one from random bytes of its own: ``randomBytes(_:)`` is private, and
/// key material (``newKeyBytes()``) is a factory too.
public enum SecretToken {
    /// A bearer token: 256 random bits, base64url, with a `dbf_` prefix so leaked tokens are
    /// easy to recognise in logs and secret scanners.
    public static func newBearerToken() -> String {
        "dbf_" + base64URL(randomBytes(32))
    }

    /// A participant token for one form: 192 random bits.
    public static func newParticipantToken() -> String {
        "dbp_" + base64URL(randomBytes(24))
    }

    /// A one-time link's token (a password reset, an address confirmation): 256 random bits.
    static func newOneTimeLinkToken() -> String {
        "dbr_" + base64URL(randomBytes(32))
    }

    /// A sign-up invitation's token: 256 random bits, written as two 128-bit halves (the form
    /// invitations always had).
    static func newInvitationToken() -> String {
        "dbi_" + newPageNonce() + newPageNonce()
    }

    /// A series' calendar feed token (the secret part of its URL): 256 random bits.
    static func newCalendarFeedToken() -> String {
        "dbc_" + base64URL(randomBytes(32))
    }

    /// A series' live sheet token (the secret part of its CSV address, docs/decisions/0101-live-sheet.md):
    /// 256 random bits.
    static func newLiveSheetToken() -> String {
        "dbs_" + base64URL(randomBytes(32))
    }

    /// A roster member's mail token (the unsubscribe link's secret): 144 random bits.
    static func newMailToken() -> String {
        "dbu_" + base64URL(randomBytes(18))
    }

    /// A roster member's personal link to one session (decision 77): 192 random bits. The
    /// prefix is ``PersonalLinkRules/prefix``.
    static func newPersonalLinkToken() -> String {
        PersonalLinkRules.prefix + base64URL(randomBytes(24))
    }

    /// 32 random bytes of key material: a server key, a webhook endpoint's signing secret.
    static func newKeyBytes() -> [UInt8] {
        randomBytes(32)
    }

    /// A one-time value for a web page (the idempotency key of a participant form, the nonce of
    /// a sign-in form): 128 random bits, base64url, 22 characters.
    public static func newPageNonce() -> String {
        base64URL(randomBytes(16))
    }

    /// SHA-256 (hex) of a token. Tokens are long random values, so a fast hash is enough: there is
    /// nothing to brute-force, and a lookup by hash reveals nothing through timing.
    public static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// A public form code: 10 characters of Crockford base32 (50 random bits), e.g. `7KQ2MX9P4D`.
    public static func newFormCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<10).map { _ in FormCode.alphabet[Int(generator.next(upperBound: UInt8(32)))] })
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        // SystemRandomNumberGenerator reads the kernel CSPRNG (getrandom) on Linux.
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
