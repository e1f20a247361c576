import Foundation

/// Who watches a live results stream, and so which view of the results it carries.
public enum LiveAudience: Sendable, Hashable, CaseIterable {
    /// Hosts (and admins, co-hosts) watching through the API: the full report.
    case hosts
    /// Hosts' dashboards, and API clients that ask for `?view=counts`: ``Debrief/LiveCounts``
    /// (the report's summary and numbers, without texts or timeline).
    case hostCounts
    /// Participants' phones and the presenter view: ``Debrief/RoomView`` (the participant view, compacted).
    case participants
    /// The same phones and presenter view, watching the room's questions: only the
    /// ``Debrief/RoomListVersion`` of the list the room sees, so each refetches its list when it
    /// changed (docs/decisions/0075). Independent of sharing the results: it carries none.
    case roomQuestions
    /// Hosts' presenter views and dashboards, watching the room's reactions (`?view=reactions`):
    /// the meeting's ``Debrief/ReactionCounts``, the JSON of `GET /v1/meetings/{id}/reactions`,
    /// sent only when they changed (docs/decisions/0100). Counts only: nothing names who reacted.
    case hostReactions

    /// The `event:` name its snapshots carry.
    var eventName: String {
        switch self {
        case .hosts, .hostCounts, .participants: "results"
        case .roomQuestions: "questions"
        case .hostReactions: "reactions"
        }
    }

    /// Why a stream of this audience ends when there is nothing to send (its snapshot is nil):
    /// the results are not shared live, the questions are off. Nil for hosts, who wait for a
    /// first snapshot instead.
    var reasonWhenNothing: String? {
        switch self {
        case .hosts, .hostCounts, .hostReactions: nil
        case .participants: "not_shared"
        case .roomQuestions: "off"
        }
    }

    /// Whether a recomputation equal to the last event is left unsent: a version (or reactions'
    /// counts) that did not change tells nobody anything, and every submission to the meeting
    /// recomputes it.
    var sendsChangesOnly: Bool {
        self == .roomQuestions || self == .hostReactions
    }

    /// Whether it carries the room's own state (its questions' list, its reactions), which the
    /// room's changes (``LiveResultsHub/roomChanged(_:)``) recompute and the results' do not need to.
    var followsRoom: Bool {
        self == .roomQuestions || self == .hostReactions
    }

    /// Whether the room's pacing (``RoomPacing``) spaces its events: its viewers are the room's.
    var isRoom: Bool {
        self == .participants || self == .roomQuestions
    }
}

/// One message on a live results stream.
public enum LiveEvent: Sendable {
    /// A fresh results snapshot.
    case results(LiveSnapshot)
    /// Keeps proxies and clients from closing an idle stream.
    case heartbeat
    /// Wakes a watcher whose access must be checked (its account or shares changed, or its periodic
    /// check is due) before it sends anything more; it writes nothing for this event. What is due
    /// is the subscription's flag (``LiveSubscription/takeAccessCheck()``), which a later event
    /// cannot push out of the stream.
    case accessCheck
    /// The hub ended the stream, for the reason given (`not_shared`: the host stopped sharing the
    /// results live; `too_slow`: the viewer did not read its events); nothing follows.
    case end(reason: String)
}

/// A results snapshot as every watcher of a meeting receives it: built once per change, shared by
/// all of them, so a snapshot costs each stream one write and nothing else.
public struct LiveSnapshot: Sendable {
    /// Increasing across snapshots (milliseconds since 1970).
    public let id: Int64
    /// The report's JSON.
    public let json: Data
    /// The Server-Sent Events message carrying it: `id`, `event: results` (`questions` for the
    /// room's questions) and one `data` line (JSON as Debrief encodes it has no raw line break).
    public let message: Data
    /// The message in the form the server writes it, converted once for every stream.
    public let frame: SharedFrame

    public init(id: Int64, json: Data, event: String = "results") {
        self.id = id
        self.json = json
        var message = Data("id: \(id)\nevent: \(event)\ndata: ".utf8)
        message.reserveCapacity(message.count + json.count + 2)
        message.append(json)
        message.append(contentsOf: "\n\n".utf8)
        self.message = message
        self.frame = SharedFrame(message)
    }
}

/// A message's bytes converted once into the buffer type of whoever writes them (the HTTP layer's
/// `ByteBuffer`, unknown here), and that one buffer handed to every stream: thousands of viewers
/// then share one copy of each event instead of holding one each.
//
// `@unchecked Sendable` is safe because `converted` is only touched under `lock`.
public final class SharedFrame: @unchecked Sendable {
    public let bytes: Data
    private let lock = NSLock()
    private var converted: (any Sendable)?
    private var conversions = 0

    init(_ bytes: Data) {
        self.bytes = bytes
    }

    /// The bytes as `convert` makes them, made on the first call only.
    public func converted<T: Sendable>(_ convert: (Data) -> T) -> T {
        self.lock.withLock {
            if let value = self.converted as? T { return value }
            let value = convert(self.bytes)
            self.converted = value
            self.conversions += 1
            return value
        }
    }

    /// How many times the bytes were converted (for tests: once, however many streams wrote them).
    public var conversionCount: Int { self.lock.withLock { self.conversions } }
}
