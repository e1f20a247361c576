import Foundation

/// How many HTTP exports may run at once (docs/decisions/0012-export-capacity.md); enforced by
/// ``Admission``.
public struct ExportLimits: Sendable, Equatable {
    /// Exports producing their CSV for one account — the one asking, and the owner of the
    /// meeting or series (its co-hosts' exports count against it too) — and spooled exports one
    /// account is downloading; more get 429.
    public var perAccount: Int
    /// Exports producing their CSV on this instance; more get 429. Keep it well below the pool
    /// size: each holds a pooled connection while its COPY runs.
    public var total: Int
    /// The largest CSV an HTTP export spools; larger ones are refused (the CLI has no such bound).
    public var spoolMaxBytes: Int
    /// Where spool files are created (and at once unlinked).
    public var spoolDirectory: String

    /// The bytes a download reads from its spool at a time.
    public static let downloadChunkBytes = 64 * 1024
    /// The most a download holds in the server's memory beyond what the kernel's socket buffers
    /// took, however large the file and however long its client pauses: the chunk waiting for the
    /// channel to turn writable again, and what the channel queues before it turns unwritable
    /// (NIO's high-water mark, 64 KiB) with the write that crossed it. The next chunk is read only
    /// once the last was taken. ExportSlowClientTests checks it by counts against a paused client.
    public static let downloadReadAheadBytes = 4 * downloadChunkBytes

    public init(
        perAccount: Int = 2, total: Int = 4, spoolMaxBytes: Int = 1 << 30,
        spoolDirectory: String = FileManager.default.temporaryDirectory.path
    ) {
        self.perAccount = max(1, perAccount)
        self.total = max(1, total)
        self.spoolMaxBytes = max(1, spoolMaxBytes)
        self.spoolDirectory = spoolDirectory
    }
}
