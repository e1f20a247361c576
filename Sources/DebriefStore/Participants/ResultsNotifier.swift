import Foundation
import Logging
import PQ

/// Announces on `debrief_results` (payload: the meeting id) that a meeting's check-ins or
/// responses changed, for the live results stream.
///
/// Two modes:
/// - ``Mode/inTransaction``: `pg_notify` inside every writing statement, delivered exactly when
///   it commits. Simple, but PostgreSQL serializes the commits of notifying transactions on one
///   database-wide lock held through the WAL flush, so with fsync on every submission waits for
///   the previous one's disk flush: no group commit. Measured (scripts/bench, 2 cores) that caps
///   the submit rate near half of what the same inserts reach without it.
/// - ``Mode/coalesced(_:)`` (the default): after the write commits, the meeting is marked, and at
///   most once per interval one statement notifies every marked meeting. The live stream
///   coalesces per meeting anyway, so listeners see the same thing a few milliseconds later; a
///   crash inside that window drops one nudge, never data (the stream's next event or refresh
///   shows it).
//
// `@unchecked Sendable` is safe because `pending` and `scheduled` are only touched under `lock`.
public final class ResultsNotifier: @unchecked Sendable {
    public enum Mode: Sendable, Equatable {
        case inTransaction
        case coalesced(Duration)

        /// `DEBRIEF_NOTIFY_COALESCE_MS`: milliseconds between coalesced notifications (default 50);
        /// 0 notifies inside each transaction.
        public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Mode {
            guard let text = environment["DEBRIEF_NOTIFY_COALESCE_MS"], let milliseconds = Int(text), milliseconds >= 0 else {
                return .coalesced(.milliseconds(50))
            }
            return milliseconds == 0 ? .inTransaction : .coalesced(.milliseconds(min(milliseconds, 10_000)))
        }
    }

    public let mode: Mode
    private let database: Database
    private let logger: Logger
    private let lock = NSLock()
    private var pending: Set<UUID> = []
    private var scheduled = false

    public init(database: Database, mode: Mode, logger: Logger = Logger(label: "debrief.notify")) {
        self.database = database
        self.mode = mode
        self.logger = logger
    }

    /// The SQL expression a writing statement includes in `inTransaction` mode (NULL otherwise).
    func inStatement(meeting meetingID: SQLQuery) -> SQLQuery {
        guard self.mode == .inTransaction else { return "NULL" }
        return "pg_notify(\(ParticipantEvents.channel), (\(meetingID))::text)"
    }

    /// Called after a write committed; in coalesced mode, schedules a notification.
    func committed(meeting meetingID: UUID) {
        guard case .coalesced(let interval) = self.mode else { return }
        let schedule = self.lock.withLock {
            self.pending.insert(meetingID)
            defer { self.scheduled = true }
            return !self.scheduled
        }
        guard schedule else { return }
        Task {
            try? await Task.sleep(for: interval)
            await self.flush()
        }
    }

    private func flush() async {
        let meetings = self.lock.withLock {
            defer {
                self.pending.removeAll()
                self.scheduled = false
            }
            return self.pending.map { $0.uuidString.lowercased() }
        }
        guard !meetings.isEmpty else { return }
        do {
            try await self.database.execute(
                "SELECT pg_notify(\(ParticipantEvents.channel), m) FROM unnest(\(meetings)::text[]) AS m")
        } catch {
            self.logger.warning("could not notify live results", metadata: ["error": "\(error)"])
        }
    }
}

/// The notification channel participant writes announce themselves on.
public enum ParticipantEvents {
    /// `NOTIFY debrief_results, '<meeting id>'` after check-ins and accepted responses.
    public static let channel = "debrief_results"
}
