import Foundation

/// What a batch of the room's votes changed, as every instance hears it on ``channel`` (issue 72,
/// decision 109): each vote stored or taken back, with its meeting, voter and question. Sent by
/// the batch's own statement (``RoomQuestionStore/store(_:on:stamp:)``), so it is delivered in
/// the batch's commit and in commit order with every other batch's; an instance keeps each
/// phone's marks in step with it (`RoomMarks` in the use cases) instead of reading them per list
/// read.
///
/// Payload: `<instance> <batch> <last> <meeting>,<voter>,<question>,<1|0> …` — the instance and
/// its batch number (``RoomVoteStamp``), `1` on a batch's last notice (a batch of more than
/// ``changesPerNotice`` changes is several, sent in order), then the changes (`1` stored, `0`
/// taken back). Only the servers' own database role hears it; no host reads it.
public struct RoomVoteNotice: Sendable, Equatable {
    /// `NOTIFY debrief_room_votes, '<payload>'`: the changes of one batch of the room's votes.
    public static let channel = "debrief_room_votes"
    /// Changes per notice: 60 of at most 120 characters each stay under PostgreSQL's 8,000-byte payload.
    static let changesPerNotice = 60

    public struct Change: Sendable, Equatable {
        public let meeting: UUID
        public let voter: UUID
        public let question: UUID
        /// Stored (`true`) or taken back.
        public let up: Bool

        public init(meeting: UUID, voter: UUID, question: UUID, up: Bool) {
            self.meeting = meeting
            self.voter = voter
            self.question = question
            self.up = up
        }
    }

    public let stamp: RoomVoteStamp
    /// The batch's last notice: every change of the batch has been heard with it.
    public let last: Bool
    public let changes: [Change]

    /// The notice `payload` carries; nil for anything else.
    public init?(payload: String) {
        let fields = payload.split(separator: " ")
        guard fields.count >= 3, let instance = UUID(uuidString: String(fields[0])), let batch = UInt64(fields[1]),
            fields[2] == "0" || fields[2] == "1"
        else { return nil }
        var changes: [Change] = []
        for field in fields.dropFirst(3) {
            let parts = field.split(separator: ",")
            guard parts.count == 4, let meeting = UUID(uuidString: String(parts[0])), let voter = UUID(uuidString: String(parts[1])),
                let question = UUID(uuidString: String(parts[2])), parts[3] == "0" || parts[3] == "1"
            else { return nil }
            changes.append(Change(meeting: meeting, voter: voter, question: question, up: parts[3] == "1"))
        }
        self.stamp = RoomVoteStamp(instance: instance, batch: batch)
        self.last = fields[2] == "1"
        self.changes = changes
    }
}

/// Which batch of which instance stored a vote: an instance numbers its batches from 1, one at a
/// time (``RoomVoteBatcher``), so its notices arrive in the order of its numbers.
public struct RoomVoteStamp: Sendable, Hashable {
    public let instance: UUID
    public let batch: UInt64

    public init(instance: UUID, batch: UInt64) {
        self.instance = instance
        self.batch = batch
    }
}
