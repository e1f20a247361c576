import Debrief
import Foundation

/// The snapshots the application's hub is built with: one per audience, each computed once per
/// recomputation and shared by every stream of it.
extension LiveResultsHub {
    /// The live results' snapshot: the meeting's unfiltered ``ResultsReport`` as JSON — the very
    /// bytes ``SharedResults`` encoded once for every reader and watcher of this instance.
    /// Watchers were authorized when their stream opened.
    public static func reportSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.shared.report(meeting)?.json() }
    }

    /// The dashboards' snapshot: the ``LiveCounts`` of the same shared report (one computation
    /// serves both hosts' channels), encoded once per recomputation.
    public static func countsSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.shared.report(meeting).map { try JSONCoding.encoder.encode(LiveCounts($0.report)) } }
    }

    /// The participants' snapshot: the ``RoomView`` of the results shared live.
    public static func participantSnapshot(_ results: ResultsActions) -> Snapshot {
        { meeting in try await results.participantLiveJSON(meeting: meeting) }
    }

    /// The room's questions' snapshot: only the version of the list the room sees
    /// (``RoomQuestionActions/liveVersion(meeting:)``, through `visibleToRoom`), a few dozen bytes.
    public static func roomQuestionsSnapshot(_ questions: RoomQuestionActions) -> Snapshot {
        { meeting in try await questions.liveVersion(meeting: meeting).map { try JSONCoding.encoder.encode($0) } }
    }

    /// The reactions' snapshot: the meeting's ``ReactionCounts``, the very JSON of `GET
    /// /v1/meetings/{id}/reactions` (``ReactionActions/liveCounts(meeting:)``), about 300 bytes.
    /// The store nudges the meeting's channel on every reaction; sent only when they changed.
    public static func reactionsSnapshot(_ reactions: ReactionActions) -> Snapshot {
        { meeting in try JSONCoding.encoder.encode(try await reactions.liveCounts(meeting: meeting)) }
    }
}
