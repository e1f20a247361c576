import Debrief
import Foundation
import NIOPosix

/// A temporary file whose blocking calls run on NIO's thread pool (the one way blocking work runs,
/// docs/decisions/0067), never on Swift's cooperative pool (an HTTP export shares that pool with
/// every request). Created with mode 0600 and
/// unlinked at once: the descriptor keeps the data, and nothing is left behind whatever happens.
//
// `@unchecked Sendable`: one task uses a file at a time (written fully, then read).
final class BlockingFile: @unchecked Sendable {
    /// The bytes written to every file of one export; past `limit`, writes throw ``XLSXWorkbook/TooLarge``.
    final class Budget: @unchecked Sendable {
        let limit: Int?
        private let lock = NSLock()
        private var used = 0

        init(limit: Int?) { self.limit = limit }

        func spend(_ count: Int) throws {
            try self.lock.withLock {
                if let limit = self.limit, self.used + count > limit { throw XLSXWorkbook.TooLarge(limit: limit) }
                self.used += count
            }
        }
    }

    let handle: FileHandle
    private let budget: Budget
    private(set) var size: Int64 = 0

    private init(handle: FileHandle, budget: Budget) {
        self.handle = handle
        self.budget = budget
    }

    /// A new, already unlinked file in `directory`.
    static func create(in directory: String, budget: Budget) async throws -> BlockingFile {
        try await Self.offload {
            let path = directory + "/debrief-xlsx-" + UUID().lowercasedText + ".tmp"
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                let handle = FileHandle(forUpdatingAtPath: path)
            else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
            try FileManager.default.removeItem(atPath: path)
            return BlockingFile(handle: handle, budget: budget)
        }
    }

    func write(_ text: String) async throws {
        let data = Data(text.utf8)
        try self.budget.spend(data.count)
        self.size += Int64(data.count)
        try await Self.offload { try self.handle.write(contentsOf: data) }
    }

    /// `count` bytes from `offset` (synchronous: for ZIPFoundation's provider, which already
    /// runs off the cooperative pool).
    func read(at offset: Int64, count: Int) throws -> Data {
        try self.handle.seek(toOffset: UInt64(offset))
        return try self.handle.read(upToCount: count) ?? Data()
    }

    deinit {
        try? self.handle.close()
    }

    /// Runs blocking `body` on NIO's thread pool and waits for it without blocking a thread.
    static func offload<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(body)
    }
}
