import Debrief
import Foundation
import PQ

/// One entry of a host's question bank: a question with its translations, under a name.
public struct QuestionBankEntry: Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var banked: BankedQuestion
    public var createdAt: Date
}

/// The question bank (`question_bank`, SQL/0089; docs/decisions/0102-question-bank.md): the one
/// owner of whose entries a host sees, renames and deletes (their own: another host's entry is
/// `notFound`, as a missing one is) and of the cap per account.
public struct QuestionBankStore: Sendable {
    /// Most entries one account keeps: the bank's list stays one page and the table cannot be
    /// grown without bound.
    public static let maxPerAccount = 500

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    /// The viewer's entries, newest first.
    public func list(for viewer: Viewer) async throws -> [QuestionBankEntry] {
        try await self.database.withConnection { connection in
            try await connection.query(
                """
                SELECT \(Self.columns) FROM question_bank b
                WHERE b.owner_id = \(viewer.accountID) ORDER BY b.created_at DESC, b.id LIMIT \(Self.maxPerAccount)
                """
            ).map(Self.entry(row:))
        }
    }

    /// Entry `id` when it is the viewer's, else nil.
    public func find(_ id: UUID, for viewer: Viewer) async throws -> QuestionBankEntry? {
        try await self.database.withConnection { connection in
            try await connection.query(
                "SELECT \(Self.columns) FROM question_bank b WHERE b.id = \(id) AND b.owner_id = \(viewer.accountID)"
            ).first.map(Self.entry(row:))
        }
    }

    /// Keeps `banked` under `name` in the viewer's bank. A problem at `name` when they already
    /// keep ``maxPerAccount``.
    public func save(_ banked: BankedQuestion, name: String, by viewer: Viewer) async throws -> QuestionBankEntry {
        try await self.database.withTransaction { connection in
            // Two saves at once count one after the other, so the cap holds exactly.
            try await StoredAdmission.lock("question-bank:\(viewer.accountID.uuidString)", on: connection)
            let count: Int = try await connection.query(
                "SELECT count(*) AS n FROM question_bank b WHERE b.owner_id = \(viewer.accountID)"
            ).single().decode("n")
            guard count < Self.maxPerAccount else {
                throw ValidationFailure(FieldProblem(
                    "name", "is one question too many: at most \(Self.maxPerAccount) are kept per host; delete one first"))
            }
            let row = try await connection.query(
                """
                INSERT INTO question_bank AS b (owner_id, name, entry) VALUES (\(viewer.accountID), \(name), \(SQLJSON(banked))::jsonb)
                RETURNING \(Self.columns)
                """
            ).single()
            return try Self.entry(row: row)
        }
    }

    /// Renames the viewer's entry `id`; `notFound` when it is not theirs.
    public func rename(_ id: UUID, to name: String, by viewer: Viewer) async throws -> QuestionBankEntry {
        try await self.database.withConnection { connection in
            guard let row = try await connection.query(
                """
                UPDATE question_bank AS b SET name = \(name) WHERE b.id = \(id) AND b.owner_id = \(viewer.accountID)
                RETURNING \(Self.columns)
                """
            ).first else { throw DebriefError.notFound("question bank entry") }
            return try Self.entry(row: row)
        }
    }

    /// Deletes the viewer's entry `id`; `notFound` when it is not theirs.
    public func delete(_ id: UUID, by viewer: Viewer) async throws {
        try await self.database.withConnection { connection in
            let rows = try await connection.query(
                "DELETE FROM question_bank AS b WHERE b.id = \(id) AND b.owner_id = \(viewer.accountID) RETURNING b.id")
            if rows.isEmpty { throw DebriefError.notFound("question bank entry") }
        }
    }

    // MARK: - Rows

    private static let columns: SQLQuery = "b.id, b.name, b.entry, b.created_at"

    private static func entry(row: Row) throws -> QuestionBankEntry {
        QuestionBankEntry(
            id: try row.decode("id"), name: try row.decode("name"),
            banked: try row.decode("entry", as: SQLJSON<BankedQuestion>.self).value, createdAt: try row.decode("created_at"))
    }
}
