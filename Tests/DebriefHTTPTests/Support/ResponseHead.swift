import Foundation
import HTTPTypes
import NIOCore
import NIOPosix

/// The status line and headers of one response, read over a real socket without waiting for
/// the body: for endless responses such as the live results stream, whose body a test client
/// that collects bodies would wait for forever.
enum ResponseHead {
    struct Head {
        var status: HTTPResponse.Status
        /// Header lines as sent (`name: value`), lower-cased names.
        var headers: [String: String]
    }

    struct Malformed: Error, CustomStringConvertible {
        var received: String
        var description: String { "not an HTTP response head: \(self.received.prefix(200))" }
    }

    /// Sends `GET path` to 127.0.0.1:`port` and returns the response head; closes the connection.
    static func get(_ path: String, port: Int, headers: [(String, String)] = []) async throws -> Head {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var received = ""
            for try await chunk in inbound {
                received += String(buffer: chunk)
                if let end = received.range(of: "\r\n\r\n") {
                    return try Self.parse(String(received[..<end.lowerBound]))
                }
            }
            throw Malformed(received: received)
        }
    }

    private static func parse(_ text: String) throws -> Head {
        var lines = text.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let code = Int(statusLine[1]) else {
            throw Malformed(received: text)
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Head(status: HTTPResponse.Status(code: code), headers: headers)
    }
}
