@testable import DebriefApp
@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The question bank's store on a real database: saves at once count one after the other, so the
/// cap per account holds exactly; another account's entry is nil to find, notFound to rename or delete.
@Suite("Question bank: store")
struct QuestionBankStoreTests {
    static func viewer(_ api: ParticipantAPI) async throws -> Viewer {
        let token = try await FormTemplateTests.host(api)
        let me = try await api.send(.get, "/v1/me", token: token)
        return Viewer(accountID: try #require(me.string("id").flatMap(UUID.init(uuidString:)), "\(me.text)"), role: .host)
    }

    /// A question with its Korean translation, of a kind from the registry.
    static var banked: BankedQuestion {
        get throws {
            try #require(BankedQuestion(
                question: QuestionKey(rawValue: "k")!, of: try QuestionBankKindsTests.form(of: QuestionBankKindsTests.anyKind)))
        }
    }

    @Test func concurrentSavesKeepTheCapExactly() async throws {
        try await ParticipantAPI.run { api, database in
            let viewer = try await Self.viewer(api)
            let store = QuestionBankStore(database: database)
            let banked = try Self.banked
            let first = try await store.save(banked, name: "first", by: viewer)
            _ = try await database.withConnection { connection in
                try await connection.execute(
                    """
                    INSERT INTO question_bank (owner_id, name, entry)
                    SELECT owner_id, name || '-' || n, entry FROM question_bank, generate_series(3, \(QuestionBankStore.maxPerAccount)) AS n
                    WHERE id = \(first.id)
                    """)
            }
            // One place left, four saves at once: exactly one is kept.
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for i in 0..<4 { group.addTask { (try? await store.save(banked, name: "late \(i)", by: viewer)) != nil } }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1, "\(outcomes)")
            #expect(try await store.list(for: viewer).count == QuestionBankStore.maxPerAccount)
        }
    }

    @Test func anotherAccountsEntryIsNotTheirs() async throws {
        try await ParticipantAPI.run { api, database in
            let owner = try await Self.viewer(api)
            let other = try await Self.viewer(api)
            let store = QuestionBankStore(database: database)
            let banked = try Self.banked
            let entry = try await store.save(banked, name: "mine", by: owner)
            #expect(try await store.find(entry.id, for: other) == nil)
            #expect(try await store.list(for: other).isEmpty)
            await #expect(throws: DebriefError.self) { try await store.rename(entry.id, to: "theirs", by: other) }
            await #expect(throws: DebriefError.self) { try await store.delete(entry.id, by: other) }
            #expect(try await store.find(entry.id, for: owner)?.name == "mine")
            #expect(try await store.find(entry.id, for: owner)?.banked == banked, "the question round-trips through the table")
        }
    }
}
