import Debrief
import Foundation
import PQ

extension StoredForm {
    /// A form version from a row selected with ``columns``.
    init(row: Row) throws {
        self.init(
            id: try row.decode("id"), meetingID: try row.decode("meeting_id"), version: try row.decode("version"),
            definition: try row.decode("definition", as: SQLJSON<FormDefinition>.self).value, code: try row.decode("code"),
            publishedAt: try row.decode("published_at"), closedAt: try row.decode("closed_at"),
            closesAt: try row.decode("closes_at"), createdAt: try row.decode("created_at"),
            updatedAt: try row.decode("updated_at"), followsSeries: try row.decode("follows_series"))
    }

    static let columns: SQLQuery =
        "f.id, f.meeting_id, f.version, f.definition, f.code, f.published_at, f.closed_at, f.closes_at, f.created_at, f.updated_at, f.follows_series"
}
