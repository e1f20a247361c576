#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's address on its local network, for the hint a loopback public URL gets ("phones
/// cannot open this QR code; use --public-url http://<this>:8080").
enum LANAddress {
    /// The first IPv4 address of an interface that is up and not loopback, if there is one.
    static func first() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            if getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                // The text up to its terminating NUL (`String(cString:)` on an array is deprecated).
                return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return nil
    }

    /// Whether `url`'s host is a loopback address (`localhost`, `127.x.x.x`, `::1`).
    static func isLoopback(url: String) -> Bool {
        guard let start = url.range(of: "://")?.upperBound else { return false }
        var host = url[start...].prefix { $0 != "/" }
        if host.hasPrefix("[") { return host.hasPrefix("[::1]") }
        if let colon = host.lastIndex(of: ":") { host = host[..<colon] }
        return host == "localhost" || host.hasPrefix("127.")
    }
}
