import Foundation
import Testing

/// How far a server process has read the export spool it sends: the file offset of its open
/// descriptor on the unlinked `debrief-export-….csv` (`/proc/PID/fdinfo/FD`), and the file's size.
/// What the server has read is a count, the same however busy the machine.
struct SpoolReading {
    struct Reading {
        /// Bytes read from the spool so far.
        var offset: Int
        /// The spool's size: the whole export.
        var size: Int
    }

    let pid: Int32
    let descriptor: String

    /// The server's open spool, if it has one.
    init?(pid: Int32) {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let spool = descriptors.first { descriptor in
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + descriptor)) ?? ""
            return target.contains("/debrief-export-")
        }
        guard let spool else { return nil }
        self.pid = pid
        self.descriptor = spool
    }

    var reading: Reading? {
        guard let info = procText("/proc/\(self.pid)/fdinfo/\(self.descriptor)"),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
            let offset = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
        else { return nil }
        var status = stat()
        guard stat("/proc/\(self.pid)/fd/\(self.descriptor)", &status) == 0 else { return nil }
        return Reading(offset: offset, size: Int(status.st_size))
    }

    /// Waits until the server has stopped reading on: the same offset in ten readings 50 ms apart.
    /// A server that only paused for the scheduler is measured all the same, which can only find
    /// it holding less, so the wait bounds nothing; its deadline only ends a broken run.
    func waitUntilStalled() async throws -> Reading {
        var last = try #require(self.reading, "the spool closed")
        var same = 0
        let deadline = ContinuousClock.now + .seconds(120)
        while same < 10, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            let next = try #require(self.reading, "the spool closed")
            same = next.offset == last.offset ? same + 1 : 0
            last = next
        }
        return last
    }
}

/// The bytes waiting in the kernel on both ends of a loopback connection (`/proc/net/tcp`, and
/// `tcp6` for a server listening on both families): what the client's socket received and its
/// reader has not read, and what the server's socket holds unsent or unacknowledged.
struct SocketQueues {
    var clientReceive: Int
    var serverSend: Int

    init?(client descriptor: Int32, serverPort: Int) {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let clientPort = Int(UInt16(bigEndian: address.sin_port))
        var clientReceive: Int?
        var serverSend: Int?
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let table = procText(file) ?? ""
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 4, let local = Self.port(fields[1]), let remote = Self.port(fields[2]) else { continue }
                let queues = fields[4].split(separator: ":").compactMap { Int($0, radix: 16) }
                guard queues.count == 2 else { continue }
                if local == clientPort, remote == serverPort { clientReceive = queues[1] }
                if local == serverPort, remote == clientPort { serverSend = queues[0] }
            }
        }
        guard let clientReceive, let serverSend else { return nil }
        self.clientReceive = clientReceive
        self.serverSend = serverSend
    }

    /// The port of an `ADDRESS:PORT` field, both in hex.
    private static func port(_ field: Substring) -> Int? {
        field.split(separator: ":").last.flatMap { Int($0, radix: 16) }
    }
}

/// A `/proc` file's text, read to its end: its size reads as 0, and Foundation's
/// `String(contentsOfFile:)` stops after the first page of a longer one.
func procText(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return nil }
    try? handle.close()
    return String(decoding: data, as: UTF8.self)
}
