import Debrief
import Foundation
import PQ

/// Saved form templates (`form_templates`, SQL/0067) beside the built-in library: the one owner of
/// which templates a host may see (the built-in ones, the installation's, their own) and may
/// delete (their own; an admin also the installation's). Another host's template is `notFound`,
/// as a missing one is.
public struct FormTemplateStore: Sendable {
    /// Most templates one host keeps, and most the installation keeps: the list a host picks from
    /// stays one page, and the table cannot be grown without bound.
    public static let maxPerOwner = 100

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// Every template `viewer` may start from: the built-in library first, then the
    /// installation's and their own, newest first.
    public func list(for viewer: Viewer) async throws -> [FormTemplate] {
        let saved = try await self.database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(Self.columns) FROM form_templates t
                WHERE \(Self.visible(to: viewer)) ORDER BY t.created_at DESC, t.id LIMIT \(2 * Self.maxPerOwner)
                """
            ).map(Self.template(row:))
        }
        return BuiltInTemplates.all + saved
    }

    /// The template `id` when `viewer` may see it, else nil.
    public func find(_ id: FormTemplateID, for viewer: Viewer) async throws -> FormTemplate? {
        switch id {
        case .builtIn(let slug):
            return BuiltInTemplates.template(slug: slug)
        case .saved(let uuid):
            return try await self.database.withConnection { connection in
                try await connection.query(
                    "SELECT \(Self.columns) FROM form_templates t WHERE t.id = \(uuid) AND \(Self.visible(to: viewer))"
                ).first.map(Self.template(row:))
            }
        }
    }

    /// Saves `form` (without its close time) as a template of `scope`: the viewer's own, or the
    /// installation's (admins only: `forbidden` otherwise). A problem at `name` when the owner
    /// already keeps ``maxPerOwner``.
    public func save(_ form: FormDefinition, name: String, scope: FormTemplateScope, by viewer: Viewer) async throws -> FormTemplate {
        let owner: UUID?
        switch scope {
        case .account: owner = viewer.accountID
        case .installation:
            guard viewer.isAdmin else { throw DebriefError(.forbidden, "only an admin saves templates for the whole installation") }
            owner = nil
        case .builtIn: throw DebriefError(.forbidden, "built-in templates come with Debrief")
        }
        var timeless = form
        timeless.closesAt = nil
        return try await self.database.withTransaction { connection in
            // Two saves at once count one after the other, so the cap holds exactly.
            try await StoredAdmission.lock("form-templates:\(owner?.uuidString ?? "installation")", on: connection)
            let count: Int = try await connection.query(
                "SELECT count(*) AS n FROM form_templates t WHERE t.owner_id IS NOT DISTINCT FROM \(owner)"
            ).single().decode("n")
            guard count < Self.maxPerOwner else {
                throw ValidationFailure(FieldProblem(
                    "name", "is one template too many: at most \(Self.maxPerOwner) are kept \(owner == nil ? "for the installation" : "per host"); delete one first"))
            }
            let row = try await connection.query(
                """
                INSERT INTO form_templates AS t (owner_id, name, form) VALUES (\(owner), \(name), \(SQLJSON(timeless))::jsonb)
                RETURNING \(Self.columns)
                """
            ).single()
            return try Self.template(row: row)
        }
    }

    /// Deletes template `id`: the viewer's own, or (an admin) the installation's. `notFound` when
    /// they may not see it; `forbidden` for a built-in one or another's they may only read.
    public func delete(_ id: FormTemplateID, by viewer: Viewer) async throws {
        guard case .saved(let uuid) = id else { throw DebriefError(.forbidden, "built-in templates cannot be deleted") }
        try await self.database.withTransaction { connection in
            guard let row = try await connection.query(
                "SELECT t.owner_id FROM form_templates t WHERE t.id = \(uuid) AND \(Self.visible(to: viewer)) FOR UPDATE"
            ).first else { throw DebriefError.notFound("template") }
            let owner: UUID? = try row.decode("owner_id")
            guard owner == viewer.accountID || (owner == nil && viewer.isAdmin) else {
                throw DebriefError(.forbidden, "only an admin deletes the installation's templates")
            }
            try await connection.execute("DELETE FROM form_templates WHERE id = \(uuid)")
        }
    }

    // MARK: - Rows

    /// The one rule of who sees a saved template: the installation's, and one's own.
    private static func visible(to viewer: Viewer) -> SQLQuery {
        "(t.owner_id IS NULL OR t.owner_id = \(viewer.accountID))"
    }

    private static let columns: SQLQuery = "t.id, t.owner_id, t.name, t.form, t.created_at"

    private static func template(row: Row) throws -> FormTemplate {
        let owner: UUID? = try row.decode("owner_id")
        return FormTemplate(
            id: .saved(try row.decode("id")), name: try row.decode("name"), scope: owner == nil ? .installation : .account,
            form: try row.decode("form", as: SQLJSON<FormDefinition>.self).value, createdAt: try row.decode("created_at"))
    }
}
