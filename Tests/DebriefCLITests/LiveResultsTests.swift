import DebriefTestSupport
import Foundation
import PQ
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every wait here is for something that must come (a server ready, a snapshot, a close): its
/// timeout of two minutes only ends a broken run, so a busy machine cannot fail it.
@Suite("Live results across two instances")
struct LiveResultsTests {
    /// Sends JSON to a running server and returns the status and decoded object.
    func call(_ method: String, _ url: String, token: String? = nil, json: [String: Any]? = nil) async throws -> (Int, [String: Any]) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json)
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }

    @Test func submissionOnOneInstanceReachesViewerOnTheOther() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            await database.shutdown()
            let url = database.configuration.url
            let (portA, portB) = (DebriefProcess.freePort(), DebriefProcess.freePort())
            let a = try DebriefProcess.start(["serve", "--database-url", url, "--port", String(portA), "--bcrypt-cost", "4"])
            let b = try DebriefProcess.start(["serve", "--database-url", url, "--port", String(portB), "--bcrypt-cost", "4", "--no-migrate"])
            let baseA = "http://127.0.0.1:\(portA)", baseB = "http://127.0.0.1:\(portB)"
            #expect(await DebriefProcess.waitFor("\(baseA)/readyz", status: 200, timeout: .seconds(120)), "\(a.output)")
            #expect(await DebriefProcess.waitFor("\(baseB)/readyz", status: 200, timeout: .seconds(120)), "\(b.output)")

            _ = try await self.call("POST", "\(baseA)/v1/accounts", json: ["email": "live@example.com", "password": "correct horse battery", "displayName": "Live"])
            let token = try #require(try await self.call("POST", "\(baseA)/v1/tokens", json: ["email": "live@example.com", "password": "correct horse battery"]).1["token"] as? String)
            let start = Date().addingTimeInterval(-600)
            let meeting = try #require(try await self.call(
                "POST", "\(baseA)/v1/meetings", token: token,
                json: ["title": "Live", "startsAt": iso8601(start), "endsAt": iso8601(start.addingTimeInterval(300))]).1["id"] as? String)
            let form: [String: Any] = ["title": "Live", "anonymous": true, "privacyThreshold": 1, "questions": [["key": "score", "prompt": "Score?", "kind": "rating", "min": 1, "max": 5]]]
            #expect(try await self.call("PUT", "\(baseA)/v1/meetings/\(meeting)/form", token: token, json: form).0 == 200)
            let code = try #require(try await self.call("POST", "\(baseA)/v1/meetings/\(meeting)/form/publish", token: token).1["code"] as? String)

            // Watch on A.
            let stream = try RawSocket(port: portA)
            try stream.send("GET /v1/meetings/\(meeting)/results/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n")
            #expect(stream.read(until: { $0.contains("\"responses\":0") }, timeout: .seconds(120)), "\(stream.text)")
            #expect(stream.text.contains("text/event-stream"))
            // The dashboard's compact view (`?view=counts`) of the same stream; any other view is a
            // 422 naming the parameter, before a stream opens.
            let counts = try RawSocket(port: portA)
            try counts.send("GET /v1/meetings/\(meeting)/results/live?view=counts HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n")
            #expect(counts.read(until: { $0.contains("\"responses\":0") }, timeout: .seconds(120)), "\(counts.text)")
            let refused = try await self.call("GET", "\(baseA)/v1/meetings/\(meeting)/results/live?view=everything", token: token)
            let fields = (refused.1["errors"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(refused.0 == 422 && fields == ["view"], "\(refused)")

            // Submit on B; a snapshot counting it must reach the viewer on A. How fast is a figure of
            // the benchmark (scripts/bench-results: freshness), not a timed assertion here: a busy
            // machine running the whole suite at once would make that flaky.
            let reply = try await self.call("POST", "\(baseB)/v1/f/\(code)/responses", json: ["answers": [["questionKey": "score", "rating": 4]]])
            #expect(reply.0 == 201, "\(reply.1)")
            #expect(stream.read(until: { $0.contains("\"responses\":1") }, timeout: .seconds(120)), "\(stream.text)")
            #expect(counts.read(until: { $0.contains("\"responses\":1") }, timeout: .seconds(120)), "\(counts.text)")
            #expect(stream.text.contains("\"timeline\"") && !counts.text.contains("\"timeline\""), "the counts leave the timeline out")
            #expect(counts.text.contains("\"counts\":[0,0,0,1,0]"), "\(counts.text)")

            // A graceful stop ends the stream cleanly and the process exits 0.
            a.signal(SIGTERM)
            #expect(stream.waitForClose(timeout: .seconds(120)) && counts.waitForClose(timeout: .seconds(120)))
            #expect(await a.wait().status == 0)
            b.signal(SIGTERM)
            #expect(await b.wait().status == 0)
        }
    }

    /// Seen: a co-host whose share was revoked kept receiving for 4.5 s, and the stream ended
    /// with `meeting_deleted`. Here the periodic check is an hour away: the share's end, heard as
    /// a notification, is what ends the stream, with `access_revoked`. Also: one account's live
    /// streams are capped (429 with `Retry-After`).
    @Test func aRevokedCoHostsStreamEndsWithAccessRevokedAndStreamsAreCapped() async throws {
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let port = DebriefProcess.freePort()
            let server = try DebriefProcess.start(
                ["serve", "--database-url", database.configuration.url, "--port", String(port), "--bcrypt-cost", "4", "--signup", "open"],
                environment: ["DEBRIEF_LIVE_CHECK_SECONDS": "3600", "DEBRIEF_LIVE_STREAMS_PER_ACCOUNT": "2"])
            defer { server.signal(SIGTERM) }
            let base = "http://127.0.0.1:\(port)"
            #expect(await DebriefProcess.waitFor("\(base)/readyz", status: 200, timeout: .seconds(120)), "\(server.output)")

            func account(_ name: String) async throws -> (token: String, id: String) {
                let email = "\(name)@example.com"
                let created = try await self.call("POST", "\(base)/v1/accounts", json: ["email": email, "password": "correct horse battery", "displayName": name])
                let token = try await self.call("POST", "\(base)/v1/tokens", json: ["email": email, "password": "correct horse battery"])
                return (try #require(token.1["token"] as? String), try #require(created.1["id"] as? String))
            }
            let owner = try await account("owner")
            let viewer = try await account("viewer")
            // Only a proven address receives a share (docs/decisions/0054-verified-addresses.md); an
            // open sign-up proves nothing, so the test vouches for it as an admin would.
            _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE email = 'viewer@example.com'")
            await database.shutdown()
            let start = Date().addingTimeInterval(-600)
            let meeting = try await self.call(
                "POST", "\(base)/v1/meetings", token: owner.token,
                json: ["title": "Shared", "startsAt": iso8601(start), "endsAt": iso8601(start.addingTimeInterval(3600))]).1
            let (meetingID, seriesID) = (try #require(meeting["id"] as? String), try #require(meeting["seriesId"] as? String))
            let shared = try await self.call(
                "POST", "\(base)/v1/series/\(seriesID)/shares", token: owner.token, json: ["email": "viewer@example.com", "role": "viewer"])
            #expect(shared.0 == 202, "\(shared.1)")

            func open() throws -> RawSocket {
                let stream = try RawSocket(port: port)
                try stream.send(
                    "GET /v1/meetings/\(meetingID)/results/live HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(viewer.token)\r\n\r\n")
                return stream
            }
            let watching = try open()
            #expect(watching.read(until: { $0.contains("no_published_form") }, timeout: .seconds(120)), "\(watching.text)")
            let second = try open()
            #expect(second.read(until: { $0.contains("no_published_form") }, timeout: .seconds(120)), "\(second.text)")
            let third = try open()
            #expect(third.read(until: { $0.contains("\r\n\r\n{") && $0.contains("}") }, timeout: .seconds(120)), "\(third.text)")
            #expect(third.text.hasPrefix("HTTP/1.1 429"), "\(third.text)")
            #expect(third.text.lowercased().contains("retry-after:"), "\(third.text)")

            let revoked = try await self.call("DELETE", "\(base)/v1/series/\(seriesID)/shares/\(viewer.id)", token: owner.token)
            #expect(revoked.0 == 204, "\(revoked.1)")
            #expect(
                watching.read(until: { $0.contains("event: end") && $0.contains("access_revoked") }, timeout: .seconds(120)),
                "\(watching.text)")
            #expect(!watching.text.contains("meeting_deleted"))
        }
    }
}

func iso8601(_ date: Date) -> String {
    Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
}
