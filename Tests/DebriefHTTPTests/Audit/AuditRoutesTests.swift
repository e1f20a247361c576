@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// `GET /v1/audit` and `GET /v1/audit.csv`: installation admins only — a host (even one whose
/// reads are in it), a participant and no token are refused before the query is read — and the
/// CSV goes through the exports' neutralizer.
@Suite("The read record: its routes")
struct AuditRoutesTests {
    @Test func onlyInstallationAdminsReadTheRecord() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            #expect(try await world.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv", token: fixture.hostToken).status == .ok)
            let participant = try await world.api.checkIn(fixture.code)
            for path in ["/v1/audit", "/v1/audit.csv", "/v1/audit?since=yesterday", "/v1/audit?cursor=x"] {
                for method in [HTTPRequest.Method.get, .head] {
                    let host = try await world.send(method, path, token: fixture.hostToken)
                    #expect(host.status == .forbidden, "a host's \(method) \(path): \(host.status)")
                    #expect(try await world.send(method, path).status == .unauthorized, "\(method) \(path) without a token")
                    #expect(try await world.send(method, path, token: participant).status == .unauthorized, "a participant's token")
                }
            }

            let admin = try await world.admin()
            let page = try await world.send(.get, "/v1/audit?limit=1", token: admin.token)
            #expect(page.status == .ok, "\(page.text)")
            let items = try #require(page.json?["items"] as? [[String: Any]])
            #expect(items.count == 1)
            #expect(items.first?["kind"] as? String == "signin.admin", "newest first: the admin's own sign-in")
            let cursor = try #require(page.string("nextCursor"))
            let next = try await world.send(.get, "/v1/audit?limit=50&cursor=\(cursor)", token: admin.token)
            let older = try #require(next.json?["items"] as? [[String: Any]])
            #expect(older.map { $0["kind"] as? String } == ["export"])
            #expect(older.first?["meetingId"] as? String == fixture.meetingID)
            #expect(older.first?["clientAddress"] as? String == AuditWorld.client)

            let bad = try await world.send(.get, "/v1/audit?cursor=x&series=nope&since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z", token: admin.token)
            #expect(bad.status.code == 422)
            #expect(Set(bad.problemPaths.map { $0.components(separatedBy: ":")[0] }) == ["series", "until"], "\(bad.text)")
            let badCursor = try await world.send(.get, "/v1/audit?cursor=x", token: admin.token)
            #expect(badCursor.problemPaths.first?.hasPrefix("cursor") == true, "\(badCursor.text)")
            let head = try await world.send(.head, "/v1/audit", token: admin.token)
            #expect(head.status == .ok)
            #expect(head.body.isEmpty)
        }
    }

    @Test func theCSVNeutralizesAFormulaInAUserAgent() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            let formula = "=HYPERLINK(\"http://evil.example\",\"x\")"
            var headers = AuditWorld.origin
            headers[.userAgent] = formula
            let export = try await world.api.send(.get, "/v1/meetings/\(fixture.meetingID)/export.csv", token: fixture.hostToken, headers: headers)
            #expect(export.status == .ok)
            let admin = try await world.admin()
            let csv = try await world.send(.get, "/v1/audit.csv?series=\(fixture.seriesID)", token: admin.token)
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            let rows = try await CSVParser.parse(csv.body)
            #expect(rows.first == AuditStore.csvColumns)
            #expect(rows.count == 2, "the header and the one export of the series: \(csv.text)")
            let row = try #require(rows.last)
            let agent = try #require(AuditStore.csvColumns.firstIndex(of: "user_agent"))
            #expect(row[agent] == "'" + formula, "neutralized as every export's cells are")
            #expect(row[try #require(AuditStore.csvColumns.firstIndex(of: "kind"))] == "export")
            #expect(row[try #require(AuditStore.csvColumns.firstIndex(of: "meeting_id"))] == fixture.meetingID)
            #expect(row[try #require(AuditStore.csvColumns.firstIndex(of: "client_address"))] == AuditWorld.client)
        }
    }
}
