import Debrief
import DebriefActions
import Foundation
import Hummingbird
import Synchronization

/// A phone's read of the room's list (`GET /v1/f/{code}/room-questions`) as bytes: the app's
/// `JSONEncoder` writes the list once per computation of it (``RoomLists/Shared/computation``),
/// each question with `votedByMe` false; a read copies those bytes and turns that `false` into
/// `true` for the questions its phone voted for. The bytes are the encoder's own for the same
/// view (``RoomQuestionListResponse``); `RoomListBodyTests` compares the two on generated lists.
///
/// Why: a room of 1,000 phones reads the list 500 times a second, and the encoder writing 20
/// questions with sorted keys on each read was most of a read's instructions beyond those of a
/// `GET /healthz` (docs/benchmarks.md, "A list read in instructions").
struct RoomListBody: Sendable {
    /// The computation of the list these bytes were written from.
    let computation: UInt64
    /// `{"enabled":…,"names":…,"questions":[`: the keys are sorted, so the list comes last.
    let head: [UInt8]
    let questions: [Question]

    struct Question: Sendable {
        let id: UUID
        /// The question's object, written with `"votedByMe":false`.
        let json: [UInt8]
        /// Where that `false` starts.
        let mark: Int
    }

    static let unmarked = Array(#""votedByMe":false"#.utf8)
    /// The value a read replaces for a question its phone voted for, and what it writes instead.
    static let no = Array("false".utf8)
    static let yes = Array("true".utf8)

    init(_ shared: RoomLists.Shared) throws {
        let encoder = JSONCoding.encoder
        let empty = Array(try encoder.encode(RoomQuestionListResponse(settings: shared.settings, questions: [])))
        guard empty.suffix(2) == Array("]}".utf8) else { throw Self.unexpected("the list") }
        self.computation = shared.computation
        self.head = Array(empty.dropLast(2))
        self.questions = try shared.questions.map { question in
            var question = question
            question.votedByMe = false
            let json = Array(try encoder.encode(RoomQuestionJSON(question, forHost: false)))
            // The last match is the member: only `votes`, a number, sorts after it, and no text
            // holds an unescaped quote.
            guard let start = Self.lastIndex(of: Self.unmarked, in: json) else { throw Self.unexpected("a question") }
            return Question(id: question.id, json: json, mark: start + Self.unmarked.count - Self.no.count)
        }
    }

    /// The list with the questions in `marked` marked as the phone's.
    func bytes(marked: Set<UUID>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(self.head.count + self.questions.reduce(2) { $0 + $1.json.count + 1 })
        buffer.writeBytes(self.head)
        for (index, question) in self.questions.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
            if marked.contains(question.id) {
                buffer.writeBytes(question.json[..<question.mark])
                buffer.writeBytes(Self.yes)
                buffer.writeBytes(question.json[(question.mark + Self.no.count)...])
            } else {
                buffer.writeBytes(question.json)
            }
        }
        buffer.writeString("]}")
        return buffer
    }

    static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return stride(from: bytes.count - needle.count, through: 0, by: -1).first { start in
            bytes[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    static func unexpected(_ what: String) -> any Error {
        HTTPError(.internalServerError, message: "The encoder wrote \(what) of the room in an unexpected shape.")
    }
}

/// The latest ``RoomListBody`` of each meeting this instance served, so the reads of one
/// computation share one encoding. At most `capacity` meetings are kept (a full cache starts
/// again: only rooms read right now matter, and their next read writes theirs again).
final class RoomListBodies: Sendable {
    private let bodies = Mutex<[UUID: RoomListBody]>([:])
    let capacity: Int

    init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
    }

    /// The computation whose bytes are kept for `meeting` (for tests).
    func computation(of meeting: UUID) -> UInt64? {
        self.bodies.withLock { $0[meeting]?.computation }
    }

    /// `view` as the phone's response body.
    func bytes(_ view: RoomQuestionActions.RoomView) throws -> ByteBuffer {
        if let body = self.bodies.withLock({ $0[view.meeting] }), body.computation == view.shared.computation {
            return body.bytes(marked: view.marked)
        }
        let body = try RoomListBody(view.shared)
        self.bodies.withLock { bodies in
            // A read of an older list, finishing late, keeps the newer one.
            guard (bodies[view.meeting]?.computation ?? 0) < body.computation else { return }
            if bodies[view.meeting] == nil, bodies.count >= self.capacity { bodies.removeAll() }
            bodies[view.meeting] = body
        }
        return body.bytes(marked: view.marked)
    }
}
