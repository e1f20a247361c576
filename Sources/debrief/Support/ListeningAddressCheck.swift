import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `serve` tries its listening addresses before it touches the database: a port another program
/// (a first `debrief serve`, say) listens on is refused with exit 4 while nothing has been started
/// or stopped yet ([decision 82](../../../docs/decisions/0082-one-owner-per-data-folder.md)).
///
/// A trial bind, then closed: Hummingbird binds its own socket later and takes no bound one. The
/// trial mirrors its bind (the host's first resolved address, `SO_REUSEADDR`, `listen`), so what
/// fails here would fail there; a program that takes the port between the two still makes
/// Hummingbird's bind fail, and the private cluster is then left as every command leaves it.
enum ListeningAddressCheck {
    /// Throws ``CommandFailure/addressUnavailable(_:)`` naming `setting`'s flag and variable
    /// when `host:port` cannot be listened on now. Port 0 (any free port) always can.
    static func check(host: String, port: Int, setting: Setting) throws {
        guard port != 0 else { return }
        var hints = addrinfo()
        #if os(Linux)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        // An unknown host is Hummingbird's to report, with its own message.
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(descriptor, 1) == 0 else {
            let code = errno
            let reason = code == EADDRINUSE
                ? "is already in use (another `debrief serve` or another program listens there)"
                : "cannot be listened on: \(String(cString: strerror(code)))"
            throw CommandFailure.addressUnavailable(
                "\(setting.names): \(host):\(port) \(reason); choose another port or stop that program. Nothing was started.")
        }
    }
}
