@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Synchronization
import Testing

/// Issue 67, goal 4 (docs/decisions/0081-who-answered-is-not-an-output.md): an anonymous form's
/// raw exports do not follow arrival — the same answers arriving in another order give the same
/// file (ids masked: an anonymous row's id is a pseudonym) — and carry no time finer than the
/// day, so knowing when someone answered does not pick their row. A named form's do follow
/// arrival, to the millisecond (the comparison can fail).
@Suite("Anonymous exports: no arrival order, the day only")
struct AnonymousExportOrderTests {
    static let paces = ["slow", "ok", "fast", "ok", "slow"]

    /// SQL: the export's pseudonym of the response id `column` (SQL the test owns), as text.
    static func pseudonym(_ column: String) -> SQLQuery {
        SQLQuery(unsafeSQL: "md5((SELECT k.secret FROM export_pseudonym_key k) || \(column)::text)::uuid::text")
    }

    /// The pseudonym an anonymous form's export writes for the response `id`.
    static func pseudonym(of id: String, _ database: Database) async throws -> String {
        let uuid = try #require(UUID(uuidString: id), "\(id)")
        return try await database.query("SELECT \(Self.pseudonym("r.id")) AS p FROM (SELECT \(uuid)::uuid AS id) r").single().decode("p")
    }

    /// The exports of a form that received `paces`' answers in that order.
    static func exports(anonymous: Bool, order: [Int]) async throws -> [String: String] {
        let files = Mutex<[String: String]>([:])
        try await ParticipantAPI.run { api, _ in
            let fixture = try await api.publish(ParticipantAPI.sampleForm(anonymous: anonymous))
            for index in order {
                var body: [String: Any] = ["answers": ParticipantAPI.answers(rating: index + 1, pace: Self.paces[index])]
                if !anonymous { body["participantToken"] = try await api.checkIn(fixture.code, name: "Guest \(index)") }
                let reply = try await api.submit(fixture.code, body)
                try #require(reply.status == .created, "\(reply.text)")
            }
            for layout in ["responses", "answers"] {
                let export = try await api.send(
                    .get, "/v1/meetings/\(fixture.meetingID)/export.csv?layout=\(layout)", token: fixture.hostToken)
                try #require(export.status == .ok, "\(export.text)")
                let masked = export.text.replacingOccurrences(
                    of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "ID", options: .regularExpression)
                files.withLock { $0[layout] = masked }
            }
        }
        return files.withLock { $0 }
    }

    @Test func theSameAnswersInAnotherOrderGiveTheSameFile() async throws {
        let forward = try await Self.exports(anonymous: true, order: [0, 1, 2, 3, 4])
        let backward = try await Self.exports(anonymous: true, order: [4, 3, 2, 1, 0])
        #expect(forward.count == 2)
        for (layout, file) in forward {
            #expect(file == backward[layout], "\(layout):\n\(file)\n---\n\(backward[layout] ?? "")")
            // No time of day anywhere: `YYYY-MM-DD` cells only.
            #expect(file.range(of: "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}", options: .regularExpression) == nil, "\(layout): \(file)")
        }
        #expect(forward["responses"]?.split(separator: "\n").count == 6, "a header and five rows: \(forward["responses"] ?? "")")
    }

    @Test func aNamedFormsExportFollowsArrival() async throws {
        let forward = try await Self.exports(anonymous: false, order: [0, 1, 2, 3, 4])
        let backward = try await Self.exports(anonymous: false, order: [4, 3, 2, 1, 0])
        #expect(forward["responses"] != backward["responses"])
        #expect(forward["responses"]?.range(of: "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}\\.\\d{3}", options: .regularExpression) != nil)
    }
}
