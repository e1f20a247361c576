import Debrief
import DebriefActions
import DebriefStore
import Foundation

/// Renders a chat digest delivery (``ChatDigestJob``) into the JSON Slack or Teams takes: the
/// meeting's unfiltered report (through ``Disclosure``, as the dashboard shows it) and the
/// series' trends, made into a ``ResultsDigest`` and written in the channel's language, times in
/// the series' zone (the host's for a meeting without one). The delivery service calls it at a
/// digest's first attempt.
public struct ChatDigestRenderer: Sendable {
    let results: ResultsActions
    let meetings: MeetingStore
    let accounts: AccountStore
    /// The base of the dashboard links (`{publicBaseURL}/m/{id}`).
    let publicBaseURL: String

    public init(results: ResultsActions, meetings: MeetingStore, accounts: AccountStore, publicBaseURL: String) {
        self.results = results
        self.meetings = meetings
        self.accounts = accounts
        self.publicBaseURL = publicBaseURL
    }

    public func payload(_ job: ChatDigestJob) async throws -> String {
        let language = job.language
        let base = self.publicBaseURL.hasSuffix("/") ? String(self.publicBaseURL.dropLast()) : self.publicBaseURL
        guard let id = job.meetingID, let meeting = try await self.meetings.find(id, visibleTo: .service) else {
            let text = DigestText(greeting: "Debrief", language: language, dashboardURL: URL(string: base + "/m") ?? URL(fileURLWithPath: "/m"))
            return try Self.json(text, kind: job.kind)
        }
        let dashboard = URL(string: base + "/m/" + meeting.id.lowercasedText) ?? URL(fileURLWithPath: "/m")
        // The team reads the meeting's times as the room does: in the series' zone (decision 86).
        var zone = meeting.seriesTimeZone
        if zone == nil { zone = try await self.accounts.find(id: meeting.hostID)?.timeZone }
        return try await DateText.$hostZoneName.withValue(zone) {
            guard let published = try await self.results.reportIfPublished(meeting: meeting.id, visibleTo: .service, freshness: .everyChange)
            else {
                let text = DigestText(greeting: meeting.title, language: language, dashboardURL: dashboard)
                return try Self.json(text, kind: job.kind)
            }
            let trends = try? await self.results.trends(series: meeting.seriesID, visibleTo: .service)
            let digest = ResultsDigest(
                occasion: job.occasion, meeting: meeting, report: published.report, trends: trends, dashboardURL: dashboard)
            let text = DigestText(digest, language: language, threshold: published.report.disclosure.threshold)
            return try Self.json(text, kind: job.kind)
        }
    }

    static func json(_ text: DigestText, kind: ChatKind) throws -> String {
        switch kind {
        case .slack: return try SlackDigest.json(text)
        case .teams: return try TeamsDigest.json(text)
        }
    }

    /// The payload of a digest already made, for tests and tools.
    public static func payload(_ digest: ResultsDigest, kind: ChatKind, language: Language, threshold: Int?) throws -> String {
        try Self.json(DigestText(digest, language: language, threshold: threshold), kind: kind)
    }
}
