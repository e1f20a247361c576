import Debrief
import DebriefStore
import Foundation
import Metrics

/// Results as hosts (and, when shared, participants) read them: always the one
/// ``ResultsReport`` or ``TrendsReport``, whichever front end renders it.
///
/// Unfiltered reports come from ``SharedResults``: computed once per change and shared by every
/// reader and live viewer of this instance. Filtered reports are counted for each request.
public struct ResultsActions: Sendable {
    let results: ResultsStore
    public let shared: SharedResults
    /// What hosts' unfiltered reads need (``SharedResults/Freshness``).
    let hostReads: SharedResults.Freshness
    /// "Now" for the series clock: which sessions are still planned (docs/decisions/0083).
    let clock: WallClock

    /// `sharedMaxAge`: see ``SharedResults/init(maxAge:capacity:compute:)``; `hostReadStaleness`:
    /// how old a participant's submission may be and still be missing from a host's read
    /// (``SharedResults/Freshness/hostChanges(participantsWithin:)``; zero: none may be).
    public init(
        results: ResultsStore, sharedMaxAge: Duration = .seconds(2), hostReadStaleness: Duration = .zero,
        metrics: any MetricsFactory = MetricsSystem.factory, clock: WallClock = .system
    ) {
        self.clock = clock
        self.results = results
        self.hostReads = hostReadStaleness > .zero ? .hostChanges(participantsWithin: hostReadStaleness) : .everyChange
        self.shared = SharedResults(maxAge: sharedMaxAge, metrics: metrics) { meeting in
            try await results.counts(meeting: meeting, visibleTo: .service, filter: ResultsFilter())
        }
    }

    /// The report of the meeting's latest published form: `notFound` naming the meeting when the
    /// viewer may not see it, naming the form when there is none yet.
    public func report(meeting id: UUID, visibleTo viewer: Viewer, filter: ResultsFilter = ResultsFilter()) async throws -> ResultsReport {
        if filter.isEmpty { return try await self.unfilteredReport(meeting: id, visibleTo: viewer).report }
        guard let counts = try await self.results.counts(meeting: id, visibleTo: viewer, filter: filter) else {
            throw DebriefError.notFound("a published form of this meeting")
        }
        return ResultsReport(counts, filter: filter)
    }

    /// The shared unfiltered report (with its JSON and `ETag`), checked against `viewer`:
    /// `notFound` naming the meeting when the viewer may not see it, naming the form when there is
    /// none yet. Touches the database only when something changed since the last computation.
    public func unfilteredReport(meeting id: UUID, visibleTo viewer: Viewer) async throws -> SharedReport {
        guard let shared = try await self.shared.report(id, freshness: self.hostReads) else {
            // No published form yet (nothing is cached then): the store tells which not-found it is.
            _ = try await self.results.counts(meeting: id, visibleTo: viewer, filter: ResultsFilter())
            throw DebriefError.notFound("a published form of this meeting")
        }
        try await self.authorize(viewer, for: shared)
        return shared
    }

    /// The meeting's host and admins are checked in memory against the meeting read with the
    /// report; anyone else (a co-host) against the database on every read, so a revoked share
    /// refuses the very next request.
    private func authorize(_ viewer: Viewer, for shared: SharedReport) async throws {
        if shared.isVisible(to: viewer) { return }
        guard try await self.results.isVisible(meeting: shared.meeting.id, to: viewer) else { throw DebriefError.notFound("meeting") }
    }

    /// A published form and its unfiltered report.
    public struct PublishedResults: Sendable {
        public var form: StoredForm
        public var report: ResultsReport
        /// The shared report's `ETag` (``SharedReport/etag``): what a caller that keeps something
        /// made of the report checks it against; nil for a report computed for this read alone.
        public var etag: String?
    }

    /// The unfiltered report with its form, or nil when the meeting has no published form yet
    /// (the dashboard shows that state instead of an error; the live stream sends nothing).
    /// `freshness`: hosts' reads by default; `.everyChange` for what must follow every change.
    public func reportIfPublished(
        meeting id: UUID, visibleTo viewer: Viewer, freshness: SharedResults.Freshness? = nil
    ) async throws -> PublishedResults? {
        guard let shared = try await self.shared.report(id, freshness: freshness ?? self.hostReads) else {
            guard let counts = try await self.results.counts(meeting: id, visibleTo: viewer, filter: ResultsFilter()) else { return nil }
            return PublishedResults(form: counts.form, report: ResultsReport(counts, filter: ResultsFilter()), etag: nil)
        }
        try await self.authorize(viewer, for: shared)
        return PublishedResults(form: shared.form, report: shared.report, etag: shared.etag)
    }

    /// The unfiltered report participants may see behind a form code, when the version published
    /// under that code shares results; nil otherwise (unknown code, draft, not shared:
    /// indistinguishable on purpose).
    ///
    /// `language` picks, from the form's languages, the one its texts are shown in (prompts,
    /// labels; ``FormDefinition/language(requested:preference:)``); the counts are the same.
    public func sharedReport(
        formCode: String, language: (FormDefinition) -> LanguageTag = { $0.language }
    ) async throws -> (report: ResultsReport, language: LanguageTag)? {
        guard let code = FormCode.normalize(formCode), let counts = try await self.results.sharedCounts(formCode: code) else { return nil }
        let definition = counts.form.definition
        let shown = language(definition)
        // The one participant view: no texts, no quality numbers (docs/decisions/0049).
        return (ResultsReport(counts, filter: ResultsFilter()).participantView.localized(to: shown, form: definition), shown)
    }

    /// The meeting behind `formCode` when its results are shared live; nil otherwise, as for
    /// ``sharedReport(formCode:language:)``.
    public func liveMeeting(formCode: String) async throws -> UUID? {
        guard let code = FormCode.normalize(formCode) else { return nil }
        return try await self.results.liveMeeting(formCode: code)
    }

    /// The room's view (``RoomView``: the participant view, compacted) of the meeting's live
    /// shared results as JSON, or nil once they are not shared live (the live hub then ends the
    /// participants' streams).
    public func participantLiveJSON(meeting id: UUID) async throws -> Data? {
        guard let counts = try await self.results.liveSharedCounts(meeting: id) else { return nil }
        return try JSONCoding.encoder.encode(RoomView(ResultsReport(counts, filter: ResultsFilter())))
    }

    /// Every session of a series and the trend of each question asked in two or more; planned
    /// sessions as the series clock says (``TrendsReport/init(seriesID:counted:clock:at:)``).
    public func trends(series id: UUID, visibleTo viewer: Viewer) async throws -> TrendsReport {
        let sessions = try await self.results.seriesCounts(series: id, visibleTo: viewer)
        let clock = try await self.results.clocks.clock(series: id)
        return TrendsReport(seriesID: id, counted: sessions, clock: clock, at: self.clock.now())
    }

    /// The zone a series' times are read in (decision 86): its charts' time labels by default. No
    /// visibility check of its own: call it after ``trends(series:visibleTo:)`` found the series
    /// for the viewer.
    public func timeZone(series id: UUID) async throws -> String? {
        try await self.results.clocks.timeZone(series: id)
    }

    /// What the privacy rule lets the outputs of single answers (the responses page, the
    /// text-answer pages) show of the meeting: the unfiltered report's ``Disclosure``, counted
    /// after every change this instance committed; nil when the meeting has no published form.
    public func disclosure(meeting id: UUID, visibleTo viewer: Viewer) async throws -> Disclosure? {
        try await self.reportIfPublished(meeting: id, visibleTo: viewer, freshness: .everyChange)?.report.disclosure
    }

    /// One page of a short-answer question's answers, newest first (withheld as the results withhold the question).
    public func textAnswers(
        meeting id: UUID, question key: String, visibleTo viewer: Viewer, after cursor: String?, limit: Int
    ) async throws -> TextAnswerPage {
        let disclosure: Disclosure?
        do {
            disclosure = try await self.disclosure(meeting: id, visibleTo: viewer)
        } catch let error as DebriefError where error.code == .notFound {
            // A meeting the viewer may not see has no such question either, as the store says.
            throw DebriefError.notFound("short-answer question")
        }
        guard let disclosure else { throw DebriefError.notFound("short-answer question") }
        return try await self.results.textAnswers(
            meeting: id, question: key, visibleTo: viewer, after: cursor, limit: limit, disclosure: disclosure)
    }
}
