import Debrief
import Foundation

/// An `Idempotency-Key` and the SHA-256 (hex) of the canonical request body it came with.
///
/// The same key with the same body replays what was accepted; with another body it is refused
/// (IETF draft "The Idempotency-Key HTTP Header Field").
public struct IdempotencyClaim: Sendable, Equatable {
    public static let maxKeyLength = 200

    public var key: String
    public var requestHash: String

    public init(key: String, requestHash: String) {
        self.key = key
        self.requestHash = requestHash
    }

    /// A claim for `input`, hashed in canonical form: the decoded body re-encoded with sorted
    /// keys and no insignificant whitespace, so formatting and key order do not matter.
    public init(key: String, canonicalizing input: SubmissionInput) throws {
        self.init(key: key, requestHash: SecretToken.hash(try JSONCoding.string(input)))
    }

    /// 1–200 printable ASCII characters (space through tilde): what a header can carry safely,
    /// and all a random key needs.
    public static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= Self.maxKeyLength && key.utf8.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
