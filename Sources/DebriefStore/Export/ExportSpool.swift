import Debrief
import Foundation
import NIOPosix

/// Export bytes written to a temporary file and read back once: an HTTP export before its first
/// byte is sent (docs/decisions/0012-export-capacity.md: the database connection goes back to the
/// pool when PostgreSQL has produced the rows, whatever the client's reading speed), and each
/// later range of a parallel export while the first is streamed (``ExportRanges``).
///
/// The file is unlinked as soon as it is open, so it disappears with its descriptor: when the
/// response ends, when the connection is cut, or when the process dies. Blocking file calls run on
/// NIO's thread pool, never on the cooperative pool.
//
// `@unchecked Sendable`: one task uses a spool at a time (written fully, then read once).
public final class ExportSpool: @unchecked Sendable {
    /// The export grew past the spool's bound.
    public struct TooLarge: Error {
        public let limit: Int
    }

    private let handle: FileHandle
    private let threadPool: NIOThreadPool
    /// Bytes written.
    public private(set) var size = 0

    private init(handle: FileHandle, threadPool: NIOThreadPool) {
        self.handle = handle
        self.threadPool = threadPool
    }

    /// Runs `produce` with a sink into a new spool of at most `maxBytes` in `directory`, and
    /// returns the spool ready to be read from its start.
    ///
    /// - Throws: ``TooLarge`` past `maxBytes`, or what `produce` or the file system throws.
    public static func write(
        in directory: String, maxBytes: Int, threadPool: NIOThreadPool = .singleton,
        _ produce: (ExportSink) async throws -> Void
    ) async throws -> ExportSpool {
        let spool = try await threadPool.runIfActive {
            let path = directory + "/debrief-export-" + UUID().lowercasedText + ".csv"
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forUpdatingAtPath: path)
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            // Unlinked at once: the open descriptor keeps the data, nothing is left behind.
            try FileManager.default.removeItem(atPath: path)
            return ExportSpool(handle: handle, threadPool: threadPool)
        }
        try await produce { chunk in
            guard spool.size + chunk.count <= maxBytes else { throw TooLarge(limit: maxBytes) }
            spool.size += chunk.count
            try await threadPool.runIfActive { try spool.handle.write(contentsOf: chunk) }
        }
        try await threadPool.runIfActive { try spool.handle.seek(toOffset: 0) }
        return spool
    }

    /// The next chunk of at most `count` bytes, or nil at the end.
    public func read(upTo count: Int) async throws -> Data? {
        let data = try await self.threadPool.runIfActive { try self.handle.read(upToCount: count) }
        guard let data, !data.isEmpty else { return nil }
        return data
    }

    deinit {
        try? self.handle.close()
    }
}
