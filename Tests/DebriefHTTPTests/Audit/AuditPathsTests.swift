@testable import DebriefHTTP
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Testing

/// Every recorded path appends exactly one row of the read record, with who (the account and its
/// address), when (the injected clock), what (the kind and its object) and from where (the client
/// a trusted proxy names, the user agent): docs/decisions/0091-the-read-record.md.
@Suite("The read record: each recorded path appends one row")
struct AuditPathsTests {
    @Test func readsOfAnswersAndExportsAreRecordedOnce() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            #expect(try await world.api.submit(fixture.code, ["answers": ParticipantAPI.answers()]).status == .created)
            let host = try await world.accountID(fixture.hostToken)
            let meeting = try #require(UUID(uuidString: fixture.meetingID))
            let series = try #require(UUID(uuidString: fixture.seriesID))

            let answers = try await world.appended("a question's answers") {
                let reply = try await world.send(.get, "/v1/meetings/\(meeting)/questions/notes/answers", token: fixture.hostToken)
                #expect(reply.status == .ok, "\(reply.text)")
            }
            #expect(answers?.kind == "answers.read")
            #expect(answers?.detail == "notes")
            #expect(answers?.meetingId == meeting)
            #expect(answers?.seriesId == series, "the series is found from the session")
            #expect(answers?.accountId == host)
            #expect(answers?.accountEmail?.hasPrefix("host-") == true)
            #expect(answers?.at == world.now, "recorded at the injected clock's now")
            #expect(answers?.clientAddress == AuditWorld.client, "the client the trusted proxy names, not the proxy")
            #expect(answers?.userAgent == AuditWorld.agent)

            for (path, detail) in [
                ("/v1/meetings/\(meeting)/export.csv?layout=answers", "csv answers"),
                ("/v1/meetings/\(meeting)/export.csv?layout=summary&neutralize=false", "csv summary neutralize=false"),
                ("/v1/meetings/\(meeting)/export.xlsx", "xlsx workbook"),
            ] {
                let row = try await world.appended(path) {
                    let reply = try await world.send(.get, path, token: fixture.hostToken)
                    #expect(reply.status == .ok)
                }
                #expect(row?.kind == "export")
                #expect(row?.detail == detail)
                #expect(row?.meetingId == meeting)
                #expect(row?.seriesId == series)
            }
            let seriesExport = try await world.appended("a series' export") {
                let reply = try await world.send(.get, "/v1/series/\(series)/export.csv?layout=trends", token: fixture.hostToken)
                #expect(reply.status == .ok)
            }
            #expect(seriesExport?.detail == "csv trends")
            #expect(seriesExport?.seriesId == series)
            #expect(seriesExport?.meetingId == nil)

            // A read refused is not a read: another host's export is a 404 and leaves no row.
            let stranger = try await world.api.publish()
            try await world.appendsNothing("a refused export") {
                let reply = try await world.send(.get, "/v1/meetings/\(meeting)/export.csv", token: stranger.hostToken)
                #expect(reply.status == .notFound)
            }
        }
    }

    @Test func theResponsesListPageIsRecorded() async throws {
        try await AuditWorld.run { world in
            let email = try await world.api.signUp()
            let session = try #require(try await world.api.signIn(email: email).1)
            let token = try #require(
                try await world.api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"]).string("token"))
            let start = Date().addingTimeInterval(-600)
            let made = try await world.api.send(
                .post, "/v1/meetings", token: token,
                json: ["title": "Retro", "startsAt": ParticipantAPI.iso(start), "endsAt": ParticipantAPI.iso(start.addingTimeInterval(3600))])
            let meeting = try #require(made.string("id"), "\(made.text)")
            let form: [String: Any] = ["title": "Retro", "questions": [["key": "notes", "prompt": "Anything?", "kind": "shortAnswer"]]]
            #expect(try await world.api.send(.put, "/v1/meetings/\(meeting)/form", token: token, json: form).status == .ok)
            #expect(try await world.api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: token).status == .ok)

            let row = try await world.appended("the responses page") {
                let page = try await world.send(.get, "/m/\(meeting)/responses", cookie: session.cookie)
                #expect(page.status == .ok, "\(page.status)")
            }
            #expect(row?.kind == "responses.list")
            #expect(row?.meetingId == UUID(uuidString: meeting))
            #expect(row?.accountEmail == email)
            #expect(row?.clientAddress == AuditWorld.client)
        }
    }

    @Test func sharesTransfersAndAdminSignInsAreRecorded() async throws {
        try await AuditWorld.run { world in
            let fixture = try await world.api.publish()
            let series = try #require(UUID(uuidString: fixture.seriesID))
            let coHost = try await world.api.signUp(proven: true)
            let coHostToken = try #require(
                try await world.api.send(.post, "/v1/tokens", json: ["email": coHost, "password": "correct horse battery"]).string("token"))
            let coHostID = try await world.accountID(coHostToken)

            let granted = try await world.appended("a share") {
                let reply = try await world.send(
                    .post, "/v1/series/\(series)/shares", token: fixture.hostToken, json: ["email": coHost, "role": "viewer"])
                #expect(reply.status == .accepted, "\(reply.text)")
            }
            #expect(granted?.kind == "share.granted")
            #expect(granted?.seriesId == series)
            #expect(granted?.detail == "viewer \(coHost)")
            let revoked = try await world.appended("a revoke") {
                let reply = try await world.send(.delete, "/v1/series/\(series)/shares/\(coHostID)", token: fixture.hostToken)
                #expect(reply.status == .noContent)
            }
            #expect(revoked?.kind == "share.revoked")
            #expect(revoked?.detail == coHostID.uuidString.lowercased())
            let offered = try await world.appended("a transfer offer") {
                let reply = try await world.send(.post, "/v1/series/\(series)/transfer", token: fixture.hostToken, json: ["email": coHost])
                #expect(reply.status == .accepted, "\(reply.text)")
            }
            #expect(offered?.kind == "transfer.offered")
            #expect(offered?.seriesId == series)

            // A host's sign-in is not recorded; an installation admin's is.
            try await world.appendsNothing("a host's sign-in") {
                let reply = try await world.send(.post, "/v1/tokens", json: ["email": coHost, "password": "correct horse battery"])
                #expect(reply.status == .created)
            }
            let before = try await world.rows().count
            let admin = try await world.admin()
            let rows = try await world.rows()
            #expect(rows.count == before + 1)
            #expect(rows.last?.kind == "signin.admin")
            #expect(rows.last?.accountId == admin.id)
            #expect(rows.last?.detail == "password")
            #expect(rows.last?.clientAddress == AuditWorld.client)
        }
    }
}
