import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Addresses (and CIDR ranges) of the proxies whose `X-Forwarded-For` header Debrief believes:
/// the load balancer in front of its instances. Anyone else could write any address there.
public struct TrustedProxies: Sendable, Equatable {
    /// A network: its address bytes (4 or 16) and prefix length.
    struct Network: Sendable, Equatable {
        let bytes: [UInt8]
        let prefix: Int

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == self.bytes.count else { return false }
            var remaining = self.prefix
            for (mine, theirs) in zip(self.bytes, address) where remaining > 0 {
                let bits = min(8, remaining)
                let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if mine & mask != theirs & mask { return false }
                remaining -= bits
            }
            return true
        }
    }

    let networks: [Network]

    public static let none = TrustedProxies(networks: [])

    init(networks: [Network]) {
        self.networks = networks
    }

    /// Parses a comma-separated list such as `127.0.0.1, 10.0.0.0/8, ::1`.
    public init(parsing list: String) throws(TrustedProxiesError) {
        var networks: [Network] = []
        for entry in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
            guard let bytes = Self.bytes(of: parts[0]) else { throw TrustedProxiesError(entry: entry) }
            let prefix: Int
            if parts.count == 2 {
                guard let bits = Int(parts[1]), (0...bytes.count * 8).contains(bits) else { throw TrustedProxiesError(entry: entry) }
                prefix = bits
            } else {
                prefix = bytes.count * 8
            }
            networks.append(Network(bytes: bytes, prefix: prefix))
        }
        self.networks = networks
    }

    public var isEmpty: Bool { self.networks.isEmpty }

    public func contains(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return self.networks.contains { $0.contains(bytes) }
    }

    /// The client a request came from: walking `X-Forwarded-For` from the right (the entry the
    /// nearest proxy added) past trusted proxies, the first address that is not one. `peer` when
    /// the peer itself is not trusted, or the header names nothing usable.
    public func client(peer: String, forwardedFor header: String?) -> String {
        guard self.contains(peer), let header else { return peer }
        let hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            guard Self.bytes(of: hop) != nil else { return peer }
            if !self.contains(hop) { return hop }
        }
        return hops.first ?? peer
    }

    /// The address's bytes (4 for IPv4, 16 for IPv6), or nil when it is not an IP address.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

/// A trusted-proxies entry that is neither an IP address nor a CIDR range.
public struct TrustedProxiesError: Error, CustomStringConvertible {
    public let entry: String
    public var description: String { "'\(self.entry)' is not an IP address or CIDR range (e.g. 10.0.0.0/8)" }
}
