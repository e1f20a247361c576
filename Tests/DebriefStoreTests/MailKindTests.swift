import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The kinds of mail the code writes are exactly the kinds the outbox's CHECK constraint allows.
/// The end-to-end test that reads every kind strictly (Tests/e2e/test_mail_every_kind.py) takes
/// its list from that constraint: so a new `MailKind` fails here until a migration names it, and
/// there until the e2e test sends it.
@Suite struct MailKindTests {
    @Test func theOutboxConstraintAllowsExactlyTheMailKinds() async throws {
        let definition: String = try await TestDatabase.withMigrated { database in
            try await database.query(
                "SELECT pg_get_constraintdef(oid) AS d FROM pg_constraint WHERE conname = 'email_outbox_kind_check'"
            ).single().decode("d")
        }
        let allowed = Set(definition.matches(of: try Regex(#"'([a-z_]+)'::text"#)).compactMap { $0.output[1].substring.map(String.init) })
        #expect(allowed == Set(MailKind.allCases.map(\.rawValue)), "\(definition)")
    }
}
