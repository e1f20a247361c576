import Foundation

/// The hosts' compact live event (`GET /v1/meetings/{id}/results/live?view=counts`, what the
/// dashboard listens to): the report's summary, and per question of the current version the
/// numbers of the room's view (``RoomView``): labels, counts, shares, mean.
///
/// Why a shape of its own: a host's live event went to each of the meeting's dashboards ten
/// times a second, and the whole report weighed 37 KB on a form open four hours, 31 KB of it the
/// timeline (then up to 1,440 buckets, about 180 KB; 240 since decision 110), and grew with the newest texts. Two hundred
/// dashboards watching a busy meeting then wrote 67 MB a second. This event weighs about 2 KB
/// whatever the form's age or its answers' texts (issue 37, docs/decisions/0049). What it leaves
/// out (texts, the timeline, the earlier versions' questions, the quality numbers) stays in
/// `GET /v1/meetings/{id}/results`, read once per change by whoever shows it; the dashboard
/// fetches its server-rendered panel on each event anyway.
///
/// The questions are ``RoomView``'s, built from the participant view of the report, so a withheld
/// part or a text cannot get in by this path; the summary is the report's own, which every viewer
/// of the hosts' stream may read.
public struct LiveCounts: Sendable, Equatable, Encodable {
    public var formVersion: Int
    public var formState: FormState
    public var generatedAt: Date
    public var summary: ResultsReport.Summary
    /// The current version's questions, in form order.
    public var questions: [RoomView.Question]

    public init(_ report: ResultsReport) {
        self.formVersion = report.formVersion
        self.formState = report.formState
        self.generatedAt = report.generatedAt
        self.summary = report.summary
        self.questions = RoomView(report).questions
    }
}
