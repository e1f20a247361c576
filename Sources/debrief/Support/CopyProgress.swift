import DebriefStore
import Foundation
import Synchronization

/// The rows and bytes `pg_dump` or `pg_restore` has moved so far, from the snapshots of
/// ``RunningCopy`` taken while it runs: each table is copied once, by one `COPY` whose counts only
/// grow, so the last count seen of every table, added up, is what is done. A small table copied
/// between two snapshots is never seen: the sum is a lower bound until the summary, which takes
/// the manifest's exact count.
struct CopyTally: Equatable {
    private var lastSeen: [Int64: RunningCopy] = [:]

    mutating func record(_ copies: [RunningCopy]) {
        for copy in copies { self.lastSeen[copy.relation] = copy }
    }

    var rows: Int { self.lastSeen.values.reduce(0) { $0 + $1.rows } }
    var bytes: Int { self.lastSeen.values.reduce(0) { $0 + $1.bytes } }
}

/// Shows the progress of a `pg_dump` or `pg_restore` run: while it runs, every ``interval`` it
/// reads the database's running `COPY`s into a ``CopyTally`` and hands the counts to the reporter.
final class CopyProgress: Sendable {
    let reporter: ProgressReporter
    private let store: BackupStore
    /// The bytes to show: the dump file's size as `pg_dump` writes it; nil to show the COPY data
    /// `pg_restore` has loaded.
    private let fileBytes: @Sendable () -> Int?
    private let interval: Duration
    /// The tally, and whether the server showed its COPYs at all (not before PostgreSQL 14).
    private let tally = Mutex<(CopyTally, visible: Bool)>((CopyTally(), true))

    init(reporter: ProgressReporter, store: BackupStore, interval: Duration = .milliseconds(250), fileBytes: @escaping @Sendable () -> Int?) {
        self.reporter = reporter
        self.store = store
        self.interval = interval
        self.fileBytes = fileBytes
    }

    /// The size of the file at `path`, or nil when it is not there (yet).
    static func size(of path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// Runs `body` (the program) and polls until it returns.
    func whileRunning<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    // Real time, only outside tests: the reporter's own clock decides what is drawn.
                    try? await Task.sleep(for: self.interval)
                    guard !Task.isCancelled else { break }
                    await self.poll()
                }
                return nil
            }
            defer { group.cancelAll() }
            do {
                return try await body()
            } catch {
                self.reporter.interrupt()
                throw error
            }
        }
    }

    private func poll() async {
        let copies = try? await self.store.runningCopies()
        let counts = self.tally.withLock { state in
            if let copies { state.0.record(copies) } else { state.visible = false }
            return ProgressReporter.Counts(rows: state.visible ? state.0.rows : nil, bytes: self.fileBytes() ?? state.0.bytes)
        }
        self.reporter.update(counts)
    }

    /// The summary: `rows` from the manifest, the bytes as the progress line counted them (or
    /// `bytes` when given: the finished dump's size).
    func finish(rows: Int, bytes: Int? = nil) {
        let copied = self.tally.withLock { $0.0.bytes }
        self.reporter.finish(ProgressReporter.Counts(rows: rows, bytes: bytes ?? self.fileBytes() ?? copied))
    }
}

extension DatabaseInventory {
    /// Every table's rows together: what a dump or a restore moves.
    var totalRows: Int { self.tables.values.reduce(0, +) }
}
