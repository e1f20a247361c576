import DebriefActions
import Foundation
import JWTKit

/// The provider's signing keys (its JWKS), cached, and fetched again when they grow old or when
/// a token names a key id the cached set lacks — the provider rotated its keys. Such a refetch
/// happens at most once per `refetchInterval`, so tokens with made-up key ids cannot make
/// Debrief hammer the provider; a key id still missing after it is ``CompanySignInRefusal/unknownKey``.
actor ProviderKeys: ProviderKeySource {
    /// The JWKS document's bytes.
    typealias Fetch = @Sendable () async throws(CompanySignInRefusal) -> Data

    private let fetch: Fetch
    private let lifetime: Duration
    private let refetchInterval: Duration
    private let clock = ContinuousClock()
    private var keys: [String: JWK] = [:]
    private var fetchedAt: ContinuousClock.Instant?
    private var lastRefetchForUnknownKey: ContinuousClock.Instant?
    /// How many times the set was fetched (the tests count rotations with it).
    private(set) var fetches = 0

    init(lifetime: Duration, refetchInterval: Duration, fetch: @escaping Fetch) {
        self.fetch = fetch
        self.lifetime = lifetime
        self.refetchInterval = refetchInterval
    }

    func key(for kid: String?) async throws(CompanySignInRefusal) -> JWK {
        if self.fetchedAt.map({ self.clock.now - $0 >= self.lifetime }) ?? true {
            try await self.refresh()
        }
        if let found = self.lookUp(kid) { return found }
        // An unknown key id: perhaps the provider rotated. Fetch once, unless that was just done.
        if self.lastRefetchForUnknownKey.map({ self.clock.now - $0 >= self.refetchInterval }) ?? true {
            self.lastRefetchForUnknownKey = self.clock.now
            try await self.refresh()
            if let found = self.lookUp(kid) { return found }
        }
        throw .unknownKey
    }

    /// The key `kid` names; a token without `kid` only when the set has exactly one key.
    private func lookUp(_ kid: String?) -> JWK? {
        guard let kid else { return self.keys.count == 1 ? self.keys.values.first : nil }
        return self.keys[kid]
    }

    private func refresh() async throws(CompanySignInRefusal) {
        let data = try await self.fetch()
        self.fetches += 1
        guard let keys = Self.signingKeys(in: data) else { throw .providerUnavailable("the key set is not a JWKS document") }
        self.keys = keys
        self.fetchedAt = self.clock.now
    }

    /// The RSA and EC signing keys of a JWKS document, by key id. Keys marked for encryption
    /// (`use: enc`), of other types, or unreadable are skipped: a provider may publish those
    /// beside its signing keys. Nil when the document is not a JWKS at all.
    static func signingKeys(in data: Data) -> [String: JWK]? {
        guard let document = try? JSONDecoder().decode(KeySetDocument.self, from: data) else { return nil }
        var keys: [String: JWK] = [:]
        for entry in document.keys {
            guard entry.use == nil || entry.use == "sig", entry.type == "RSA" || entry.type == "EC", let key = entry.key else { continue }
            keys[key.keyIdentifier?.string ?? ""] = key
        }
        return keys
    }

    /// A JWKS document (RFC 7517 §5): its `keys`, each read leniently so one odd entry does not
    /// make the whole set unreadable.
    struct KeySetDocument: Decodable {
        var keys: [Entry]

        struct Entry: Decodable {
            var use: String?
            var type: String?
            /// Nil when the entry is not a key jwt-kit reads.
            var key: JWK?

            private enum CodingKeys: String, CodingKey { case use, type = "kty" }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                self.use = try? container.decodeIfPresent(String.self, forKey: .use)
                self.type = try? container.decodeIfPresent(String.self, forKey: .type)
                self.key = try? JWK(from: decoder)
            }
        }
    }
}
