import Foundation
import NIOCore

/// Which addresses a webhook may reach (SSRF): public unicast only, unless the operator allowed
/// the host (`--webhook-allow-insecure-hosts`). Loopback, private (RFC 1918, unique local),
/// link-local (cloud metadata at 169.254.169.254 among them), carrier-grade NAT, multicast,
/// reserved and unspecified addresses are refused, in IPv4, IPv6 and IPv4-mapped IPv6.
enum WebhookAddressPolicy {
    /// Whether `address` (4 or 16 bytes) is one a webhook may be sent to.
    static func isPublic(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return Self.isPublicV4(bytes)
        case 16: return Self.isPublicV6(bytes)
        default: return false
        }
    }

    private static func isPublicV4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1]) {
        case (0, _), (10, _), (127, _): return false  // this network, private, loopback
        case (100, 64...127): return false  // carrier-grade NAT
        case (169, 254): return false  // link-local (cloud metadata)
        case (172, 16...31), (192, 168): return false  // private
        case (192, 0) where b[2] == 0 || b[2] == 2: return false  // IETF protocol assignments, documentation
        case (198, 18...19): return false  // benchmarking
        case (198, 51) where b[2] == 100, (203, 0) where b[2] == 113: return false  // documentation
        case (224...255, _): return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    private static func isPublicV6(_ b: [UInt8]) -> Bool {
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xff && b[11] == 0xff {
            return Self.isPublicV4(Array(b[12..<16]))  // IPv4-mapped
        }
        if b[0..<12].allSatisfy({ $0 == 0 }) { return false }  // unspecified, loopback, IPv4-compatible
        if b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b {
            return Self.isPublicV4(Array(b[12..<16]))  // NAT64
        }
        if b[0] & 0xfe == 0xfc { return false }  // unique local fc00::/7
        if b[0] == 0xfe && b[1] & 0xc0 == 0x80 { return false }  // link-local fe80::/10
        if b[0] == 0xfe && b[1] & 0xc0 == 0xc0 { return false }  // site-local (deprecated)
        if b[0] == 0xff { return false }  // multicast
        if b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8 { return false }  // documentation
        return true
    }

    /// The bytes of a literal IPv4 or IPv6 address (`[::1]` brackets allowed), or nil for a name.
    static func literalBytes(_ host: String) -> [UInt8]? {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard let address = try? SocketAddress(ipAddress: bare, port: 0) else { return nil }
        return Self.bytes(address)
    }

    static func bytes(_ address: SocketAddress) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            return withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        default:
            return nil
        }
    }
}
