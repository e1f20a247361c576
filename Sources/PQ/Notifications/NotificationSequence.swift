import Logging
import NIOPosix

/// What a ``NotificationSequence`` yields.
public enum DatabaseEvent: Sendable, Equatable {
    /// A `NOTIFY` on one of the channels.
    case notification(DatabaseNotification)
    /// Listening began, first or again after the connection was lost: notifications sent before
    /// now were not heard, so consumers should refresh whatever they derive from them.
    case listening
}

/// `LISTEN` on a dedicated connection, as an `AsyncSequence`.
///
/// Iteration is pull-based: each `next()` waits on the thread pool in short slices, so a
/// cancelled task stops within a quarter second and no background task is left behind. Each time
/// listening begins, `.listening` is yielded; a lost connection is reopened with backoff until the
/// task is cancelled; the sequence never ends on its own.
public struct NotificationSequence: AsyncSequence, Sendable {
    public typealias Element = DatabaseEvent

    let configuration: DatabaseConfiguration
    let channels: [String]
    let threadPool: NIOThreadPool
    let logger: Logger

    init(configuration: DatabaseConfiguration, channels: [String], threadPool: NIOThreadPool, logger: Logger) throws {
        // Channel names are identifiers, which cannot be bound parameters: allow only plain ones.
        for channel in channels where !Self.isPlainIdentifier(channel) {
            throw PQError(.invalidParameter, "channel name \(channel) must match [a-z_][a-z0-9_]*")
        }
        self.configuration = configuration
        self.channels = channels
        self.threadPool = threadPool
        self.logger = logger
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let sequence: NotificationSequence
        private var connection: Connection?
        private var pending: [DatabaseEvent] = []
        private var backoff: Duration = .milliseconds(100)

        init(sequence: NotificationSequence) {
            self.sequence = sequence
        }

        public mutating func next() async throws -> DatabaseEvent? {
            while !Task.isCancelled {
                if !self.pending.isEmpty { return self.pending.removeFirst() }
                guard let connection = self.connection else {
                    if try await self.connect() { return .listening }
                    continue
                }
                do {
                    let received = try await connection.waitForNotifications(timeoutMilliseconds: 250)
                    self.pending = received.map { .notification($0) }
                } catch {
                    self.sequence.logger.warning("lost the LISTEN connection", metadata: ["error": "\(error)"])
                    self.connection = nil
                }
            }
            return nil
        }

        /// Opens the connection and listens; false when it could not (yet).
        private mutating func connect() async throws -> Bool {
            do {
                let connection = try await Connection.open(
                    self.sequence.configuration, threadPool: self.sequence.threadPool)
                for channel in self.sequence.channels {
                    // Safe: `channel` was checked to be a plain identifier.
                    try await connection.execute(SQLQuery(unsafeSQL: "LISTEN \(channel)"))
                }
                self.connection = connection
                self.backoff = .milliseconds(100)
                return true
            } catch {
                self.sequence.logger.warning("cannot LISTEN yet; retrying", metadata: ["error": "\(error)"])
                do {
                    try await Task.sleep(for: self.backoff)
                } catch {
                    return false
                }
                self.backoff = Swift.min(self.backoff * 2, .seconds(5))
                return false
            }
        }
    }

    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63,
            first == "_" || ("a"..."z").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
}
