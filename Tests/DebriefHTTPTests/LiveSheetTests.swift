@testable import DebriefApp
@testable import DebriefExport
@testable import DebriefStore
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// A series' live sheet (docs/decisions/0101-live-sheet.md): a secret CSV address serving the
/// series' summary export read as its maker — under k, formulas neutralized, cacheable by a
/// poller (ETag → 304), recorded in the read record — made, rotated and revoked like the
/// calendar feed, and answering only while its maker may still edit the series.
@Suite("Live sheets: the series' summary at a secret CSV address")
struct LiveSheetTests {
    static func path(of url: String) -> String {
        String(url[url.range(of: "/v1/sheets/")!.lowerBound...])
    }

    /// The sample form with k = 2 and a prompt a spreadsheet would run as a formula.
    static func form() -> [String: Any] {
        var form = ParticipantAPI.sampleForm()
        form["privacyThreshold"] = 2
        var questions = form["questions"] as! [[String: Any]]
        questions[0]["prompt"] = "=HYPERLINK(\"https://evil.example\",\"useful?\")"
        form["questions"] = questions
        return form
    }

    static func sheetReads(_ database: Database, _ seriesID: String) async throws -> Int {
        let id = try #require(UUID(uuidString: seriesID))
        return try await participantCount(
            database, "SELECT count(*)::int AS n FROM audit_record WHERE kind = 'export' AND series_id = \(id) AND detail = 'csv summary sheet'")
    }

    /// The rows of the `useful` question's scale values.
    static func usefulRows(_ reply: ParticipantReply) async throws -> (header: [String], rows: [[String: String]]) {
        let (header, rows) = try await CSVParser.records(reply.body)
        return (header, rows.filter { $0["question_key"] == "useful" })
    }

    @Test func theSheetIsTheSummaryUnderKCachedRecordedRotatedAndRevoked() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form())
            let token = fixture.hostToken
            let status = "/v1/series/\(fixture.seriesID)/sheet"
            #expect(try await api.send(.get, status, token: token).status == .notFound, "no sheet yet")
            let issued = try await api.send(.post, status, token: token)
            #expect(issued.status == .created, "\(issued.text)")
            let url = try #require(issued.string("url"))
            #expect(url.hasSuffix(".csv") && url.contains("/v1/sheets/dbs_"))
            #expect(issued.string("formula") == "=IMPORTDATA(\"\(url)\")")
            let made = try await api.send(.get, status, token: token)
            #expect(made.status == .ok && made.string("createdAt") != nil && made.string("layout") == "summary", "\(made.text)")
            let sheet = Self.path(of: url)

            // One response under k = 2: every question withheld, nothing of the answer in the file.
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 5, notes: "wombatish")]).status == .created)
            let first = try await api.send(.get, sheet)
            #expect(first.status == .ok, "\(first.text)")
            #expect(first.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(first.headers[.cacheControl] == "private, max-age=60")
            let (header, withheld) = try await Self.usefulRows(first)
            #expect(header == SummaryLayout.header)
            #expect(!withheld.isEmpty && withheld.allSatisfy { $0["withheld"] == "true" && $0["mean"] == "" && $0["count"] == "" }, "\(first.text)")
            #expect(!first.text.contains("wombatish"))
            // The prompt is neutralized by the export's writer: a spreadsheet shows it as text.
            #expect(withheld.allSatisfy { $0["question_prompt"]?.hasPrefix("'=HYPERLINK(") == true }, "\(withheld)")
            #expect(try await Self.sheetReads(database, fixture.seriesID) == 1, "the read is in the read record")

            // An unchanged sheet is a 304 to a poller that names its tag (and recorded); a HEAD reads nothing.
            let etag = try #require(first.headers[.eTag])
            let again = try await api.send(.get, sheet, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.body.isEmpty && again.headers[.eTag] == etag)
            let head = try await api.send(.head, sheet)
            #expect(head.status == .ok && head.body.isEmpty && head.headers[.eTag] == etag)
            #expect(try await Self.sheetReads(database, fixture.seriesID) == 2)

            // A second response meets k: the numbers appear, and the tag changes.
            #expect(try await api.submit(fixture.code, ["answers": ParticipantAPI.answers(rating: 3)]).status == .created)
            let second = try await api.send(.get, sheet, headers: [.ifNoneMatch: etag])
            #expect(second.status == .ok && second.headers[.eTag] != etag)
            let (_, shown) = try await Self.usefulRows(second)
            #expect(shown.allSatisfy { $0["withheld"] == "false" && $0["mean"] == "4" }, "\(second.text)")
            #expect(shown.first { $0["category"] == "5" }?["count"] == "1")
            #expect(shown.first { $0["category"] == "3" }?["count"] == "1")

            // Rotated: the old address is a 404 at once; revoked: the new one too, and the same
            // problem as a token that never was.
            let rotated = Self.path(of: try #require(try await api.send(.post, status, token: token).string("url")))
            #expect(try await api.send(.get, sheet).status == .notFound)
            #expect(try await api.send(.get, rotated).status == .ok)
            #expect(try await api.send(.delete, status, token: token).status == .noContent)
            #expect(try await api.send(.delete, status, token: token).status == .noContent, "revoking nothing is no error")
            let revoked = try await api.send(.get, rotated)
            let unknown = try await api.send(.get, "/v1/sheets/dbs_\(String(repeating: "A", count: 43)).csv")
            let malformed = try await api.send(.get, "/v1/sheets/not-a-token.csv")
            for reply in [revoked, unknown, malformed] {
                #expect(reply.status == .notFound)
                #expect(reply.headers[.contentType] == "application/problem+json")
                #expect(
                    reply.string("detail") == revoked.string("detail") && reply.problemCode == revoked.problemCode
                        && reply.json?.keys.sorted() == revoked.json?.keys.sorted(),
                    "no difference an outsider could read: \(reply.text)")
            }
            #expect(try await api.send(.get, status, token: token).status == .notFound, "a revoked sheet is gone from its own route")
            #expect(try await Self.sheetReads(database, fixture.seriesID) == 4, "a 404 records nothing")
        }
    }

    /// Decision 55 for the sheet: the owner makes it and transfers the series keeping it (a
    /// former owner is an editor: it still answers); the new owner removes their share: 404,
    /// like a token that never was. A transfer that replaces the credentials ends it at once.
    @Test func aMakerWhoLosesEditRightsStopsTheirSheet() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form())
            let sheet = Self.path(of: try #require(try await api.send(.post, "/v1/series/\(fixture.seriesID)/sheet", token: fixture.hostToken).string("url")))
            #expect(try await api.send(.get, sheet).status == .ok)
            let receiver = try await CredentialsFollowTheirMakerTests.host(api, database, "receiver")
            let offered = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": receiver.email])
            try #require(offered.status == .accepted)
            let offers = try await api.send(.get, "/v1/transfers", token: receiver.token)
            let offer = try #require((offers.json?["transfers"] as? [[String: Any]])?.first, "\(offers.text)")
            #expect((offer["credentials"] as? [[String: Any]])?.map { $0["kind"] as? String } == ["liveSheet"], "\(offers.text)")
            let accepted = try await api.send(
                .post, "/v1/transfers/\(try #require(offer["id"] as? String))/accept", token: receiver.token, json: ["credentials": "keep"])
            try #require(accepted.status == .ok, "\(accepted.text)")
            #expect(try await api.send(.get, sheet).status == .ok, "kept: the former owner still edits the series")
            let former = try #require(
                (accepted.json?["shares"] as? [[String: Any]])?.first { $0["role"] as? String == "editor" }?["accountId"] as? String)
            #expect(try await api.send(.delete, "/v1/series/\(fixture.seriesID)/shares/\(former)", token: receiver.token).status == .noContent)
            let stopped = try await api.send(.get, sheet)
            #expect(stopped.status == .notFound && !stopped.text.contains("question_key"))
            let unknown = try await api.send(.get, "/v1/sheets/dbs_unknown.csv")
            #expect(stopped.string("detail") == unknown.string("detail") && stopped.problemCode == unknown.problemCode)
        }
    }

    @Test func aTransferThatReplacesCredentialsEndsTheSheet() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish(Self.form())
            let sheet = Self.path(of: try #require(try await api.send(.post, "/v1/series/\(fixture.seriesID)/sheet", token: fixture.hostToken).string("url")))
            let receiver = try await CredentialsFollowTheirMakerTests.host(api, database, "receiver")
            let accepted = try await CredentialsFollowTheirMakerTests.transfer(api, database, fixture, to: receiver, choice: "replace")
            try #require(accepted.status == .ok, "\(accepted.text)")
            #expect(try await api.send(.get, sheet).status == .notFound)
            #expect(try await participantCount(database, "SELECT count(*)::int AS n FROM series_live_sheets") == 0)
        }
    }

    /// The store: the token is kept only as its hash; a token opens its series as its maker.
    @Test func theStoreKeepsOnlyTheHashAndOpensAsTheMaker() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let seriesID = try #require(UUID(uuidString: fixture.seriesID))
            let me = try #require(try await api.send(.get, "/v1/me", token: fixture.hostToken).string("id"))
            let owner = Viewer(accountID: try #require(UUID(uuidString: me)), role: .host)
            let store = LiveSheetStore(database: database)
            let token = try await store.issue(series: seriesID, by: owner)
            #expect(token.hasPrefix("dbs_") && token.count == 47)
            let kept: String = try #require(try await database.query("SELECT token_hash FROM series_live_sheets").first?.decode("token_hash"))
            #expect(kept == SecretToken.hash(token) && kept != token)
            let opened = try #require(try await store.open(token: token))
            #expect(opened.series == seriesID && opened.maker == owner && opened.owner == owner.accountID)
            #expect(try await store.open(token: token + "x") == nil)
            let stranger = Viewer(accountID: UUID(), role: .host)
            await #expect(throws: DebriefError.self) { try await store.issue(series: seriesID, by: stranger) }
            await #expect(throws: DebriefError.self) { try await store.revoke(series: seriesID, by: stranger) }
            #expect(try await store.open(token: token) != nil, "a stranger's attempt changed nothing")
            try await store.revoke(series: seriesID, by: owner)
            #expect(try await store.open(token: token) == nil)
        }
    }
}
