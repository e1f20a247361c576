import Debrief
@testable import DebriefStore
import Foundation
import Testing

@Suite("Secrets: constant-time comparison and token entropy")
struct SecretsTests {
    // MARK: - ConstantTime

    @Test(arguments: [
        ("", "", true),
        ("a", "a", true),
        ("dbp_Xq3v9LmA0bT7cR2wYk5nP8sD1fG4hJ6z", "dbp_Xq3v9LmA0bT7cR2wYk5nP8sD1fG4hJ6z", true),
        ("abc", "abd", false),
        ("xbc", "abc", false),
        ("abc", "abcd", false),
        ("abcd", "abc", false),
        ("", "a", false),
        // Equal up to the length of the shorter one: the length must count.
        ("abc\0", "abc", false),
        // No Unicode normalization: "é" precomposed and decomposed are different bytes.
        ("\u{E9}", "e\u{301}", false),
    ])
    func equalsComparesBytes(_ lhs: String, _ rhs: String, _ expected: Bool) {
        #expect(ConstantTime.equals(lhs, rhs) == expected)
        #expect(ConstantTime.equals(rhs, lhs) == expected)
    }

    @Test func equalsAgreesWithEqualityOnRandomHashes() {
        for _ in 0..<200 {
            let hash = SecretToken.hash(SecretToken.newBearerToken())
            let other = SecretToken.hash(SecretToken.newBearerToken())
            #expect(ConstantTime.equals(hash, hash))
            #expect(ConstantTime.equals(hash, other) == (hash == other))
        }
    }

    /// The property that makes it constant-time: no early exit. A mismatch in the first byte
    /// still reads every byte of both inputs (counted, not timed).
    @Test(arguments: [0, 31, 63])
    func equalsReadsEveryByteWhereverTheInputsDiffer(_ position: Int) {
        var guess = Array(repeating: UInt8(ascii: "a"), count: 64)
        guess[position] = UInt8(ascii: "b")
        let secret = CountingBytes(Array(repeating: UInt8(ascii: "a"), count: 64))
        let attempt = CountingBytes(guess)
        #expect(!ConstantTime.equals(secret, attempt))
        #expect(secret.reads.value == 64)
        #expect(attempt.reads.value == 64)
    }

    // MARK: - Entropy of what people are handed

    @Test func bearerTokensCarry256RandomBits() throws {
        let tokens = (0..<1000).map { _ in SecretToken.newBearerToken() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens.prefix(50) {
            #expect(token.hasPrefix("dbf_"))
            #expect(try Self.randomBytes(of: token).count * 8 == 256)
        }
    }

    @Test func participantTokensCarry192RandomBits() throws {
        let tokens = (0..<1000).map { _ in SecretToken.newParticipantToken() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens.prefix(50) {
            #expect(token.hasPrefix("dbp_"))
            // At least 128 bits, as every secret a participant holds must have.
            #expect(try Self.randomBytes(of: token).count * 8 == 192)
        }
    }

    /// Every secret a link or a feed carries comes from a `SecretToken` factory (decision 62),
    /// with its prefix and at least 128 random bits.
    @Test(arguments: [
        ("dbr_", 256, SecretToken.newOneTimeLinkToken as @Sendable () -> String),
        ("dbc_", 256, SecretToken.newCalendarFeedToken),
        ("dbu_", 144, SecretToken.newMailToken),
    ])
    func linkAndFeedTokensCarryTheirRandomBits(_ prefix: String, _ bits: Int, _ make: @Sendable () -> String) throws {
        let tokens = (0..<500).map { _ in make() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens.prefix(50) {
            #expect(token.hasPrefix(prefix))
            #expect(try Self.randomBytes(of: token).count * 8 == bits)
        }
    }

    @Test func invitationTokensCarry256RandomBitsInTwoHalves() throws {
        let tokens = (0..<500).map { _ in SecretToken.newInvitationToken() }
        #expect(Set(tokens).count == tokens.count)
        for token in tokens.prefix(50) {
            #expect(token.hasPrefix("dbi_") && token.count == 4 + 22 + 22)
            let halves = [String(token.dropFirst(4).prefix(22)), String(token.suffix(22))]
            #expect(try halves.map { try Self.randomBytes(of: "xxx_" + $0).count * 8 } == [128, 128])
        }
    }

    /// Form codes are typed by people, so they are short: 10 base32 characters, 50 bits. They are
    /// not secrets on their own (they are printed as QR codes); guessing one is limited by the
    /// participant routes' rate limit (see ParticipantRateLimitTests and the README).
    @Test func formCodesUseTheWholeAlphabetAtEveryPosition() {
        let codes = (0..<2000).map { _ in SecretToken.newFormCode() }
        #expect(codes.allSatisfy { $0.count == 10 && $0.allSatisfy(FormCode.alphabet.contains) })
        #expect(FormCode.alphabet.count == 32)
        // A character missing at one position in 2,000 codes has a probability of about 1e-26.
        for position in 0..<10 {
            let seen = Set(codes.map { Array($0)[position] })
            #expect(seen.count == 32, "position \(position) used \(seen.count) of 32 characters")
        }
        #expect(Set(codes).count > 1990)
    }

    // MARK: - Helpers

    /// The bytes a `prefix_base64url` token encodes.
    static func randomBytes(of token: String) throws -> Data {
        var base64 = String(token.dropFirst(4)).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return try #require(Data(base64Encoded: base64), "\(token) is not base64url")
    }
}

/// Bytes that count how many of them were read.
struct CountingBytes: Collection {
    final class Counter {
        var value = 0
    }

    let bytes: [UInt8]
    let reads = Counter()

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var startIndex: Int { self.bytes.startIndex }
    var endIndex: Int { self.bytes.endIndex }
    func index(after index: Int) -> Int { index + 1 }
    subscript(position: Int) -> UInt8 {
        self.reads.value += 1
        return self.bytes[position]
    }
}
