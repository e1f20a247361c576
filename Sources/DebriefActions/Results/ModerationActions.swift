import Debrief
import DebriefStore
import Foundation

/// The host's moderation of single responses: list them (what the privacy rule withholds from
/// the results left out: the results' own ``Disclosure``), remove one. Another host's meeting is
/// `notFound`, as everywhere.
public struct ModerationActions: Sendable {
    let responses: ResponseModerationStore
    let results: ResultsActions
    /// Every list and single response read is recorded (decision 91).
    let audit: AuditRecord

    public init(responses: ResponseModerationStore, results: ResultsActions, audit: AuditRecord) {
        self.responses = responses
        self.results = results
        self.audit = audit
    }

    /// A page of the responses to the meeting's latest published form, newest first; nil when
    /// it has none yet.
    public func responses(
        meeting id: UUID, visibleTo viewer: Viewer, after cursor: String? = nil, limit: Int = 20
    ) async throws -> ResponseModerationStore.Page? {
        guard let disclosure = try await self.results.disclosure(meeting: id, visibleTo: viewer) else { return nil }
        let page = try await self.responses.page(meeting: id, visibleTo: viewer, after: cursor, limit: limit, disclosure: disclosure)
        try await self.audit.record(AuditEvent(.responsesList, meeting: id), by: viewer)
        return page
    }

    /// One response as the list shows it; `notFound` when the meeting's latest form has no such response.
    public func response(_ responseID: UUID, meeting id: UUID, visibleTo viewer: Viewer) async throws -> ResponseModerationStore.Page {
        guard let disclosure = try await self.results.disclosure(meeting: id, visibleTo: viewer),
            let page = try await self.responses.page(
                meeting: id, visibleTo: viewer, after: nil, limit: 1, only: responseID, disclosure: disclosure),
            !page.items.isEmpty
        else { throw DebriefError.notFound("response") }
        try await self.audit.record(AuditEvent(.responseRead, meeting: id, detail: responseID.lowercasedText), by: viewer)
        return page
    }

    /// Removes one response (again: nothing changes); every count drops by exactly what it added.
    public func remove(response responseID: UUID, meeting id: UUID, by viewer: Viewer) async throws {
        try await self.responses.remove(response: responseID, meeting: id, by: viewer)
    }
}
