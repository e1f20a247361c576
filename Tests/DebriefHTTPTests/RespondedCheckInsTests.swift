import DebriefTestSupport
import Foundation
import PQ
import Testing

/// "Checked in and responded" is read from the check-ins alone: each carries the form version of
/// its response (`response_form_id`, kept by triggers on `responses`, SQL/0051). Every path that
/// writes responses must keep it true, and the unfiltered report (which reads it) must agree with
/// the filtered one (which still counts the responses themselves).
@Suite("Results: the responded count kept on check-ins agrees with the responses")
struct RespondedCheckInsTests {
    @Test func everyPathThatWritesResponsesKeepsTheCountTrue() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish(ParticipantAPI.sampleForm(anonymous: false, allowsEditing: true))
            var tokens: [String: String] = [:]
            for name in ["Ana", "Ben", "Cy", "Dee"] { tokens[name] = try await api.checkIn(form.code, name: name) }
            var responses: [String: String] = [:]
            for name in ["Ana", "Ben", "Cy"] {
                let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers(), "participantToken": tokens[name] ?? ""])
                #expect(reply.status == .created, "\(reply.text)")
                let id: String = try #require(reply.string("id"))  // bound first: into a subscript it would check nothing
                responses[name] = id
            }
            try await Self.expect(responded: 3, checkedIn: 4, api, form, database)

            // The host removes Ben's response.
            let removal = try await api.send(.delete, "/v1/meetings/\(form.meetingID)/responses/\(responses["Ben"] ?? "")", token: form.hostToken)
            #expect(removal.status == .noContent, "\(removal.text)")
            try await Self.expect(responded: 2, checkedIn: 4, api, form, database)

            // The host deletes Cy's check-in: the response stays, linked to nobody.
            let cy = try await Self.checkInID(named: "Cy", api, form)
            #expect(try await api.send(.delete, "/v1/meetings/\(form.meetingID)/attendance/\(cy)", token: form.hostToken).status == .noContent)
            try await Self.expect(responded: 1, checkedIn: 3, api, form, database)

            // A second version: Ana changes her answers there (her response moves to it), Dee answers it.
            try #require(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
            var second = ParticipantAPI.sampleForm(anonymous: false, allowsEditing: true)
            second["title"] = "How was it, now?"
            var questions = try #require(second["questions"] as? [[String: Any]])
            questions[0]["max"] = 7  // a change of meaning: a new version
            second["questions"] = questions
            try #require(try await api.send(.put, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken, json: second).status == .ok)
            try #require(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/publish", token: form.hostToken).status == .ok)
            for name in ["Ana", "Dee"] {
                let reply = try await api.submit(form.code, ["answers": ParticipantAPI.answers(), "participantToken": tokens[name] ?? ""])
                #expect([.created, .ok].contains(reply.status), "\(reply.text)")
            }
            let moved = try await database.query(
                "SELECT count(DISTINCT f.version) AS versions, max(f.version) AS version FROM check_ins c JOIN forms f ON f.id = c.response_form_id")
                .single()
            #expect(try moved.decode("versions", as: Int.self) == 1, "Ana's response moved to version 2")
            #expect(try moved.decode("version", as: Int.self) == 2)
            try await Self.expect(responded: 2, checkedIn: 3, api, form, database)

            let trends = try await api.send(.get, "/v1/series/\(form.seriesID)/trends", token: form.hostToken)
            let session = try #require((trends.json?["sessions"] as? [[String: Any]])?.first)
            #expect(session["checkedInResponded"] as? Int == 2)
        }
    }

    /// The stored column equals a recount from `responses`, and both report paths say `responded`.
    static func expect(
        responded: Int, checkedIn: Int, _ api: ParticipantAPI, _ form: PublishedFixture, _ database: Database,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let drift = try await database.query(
            """
            SELECT count(*) AS n FROM check_ins c
            WHERE c.response_form_id IS DISTINCT FROM (SELECT r.form_id FROM responses r WHERE r.check_in_id = c.id)
            """
        ).single().decode("n", as: Int.self)
        #expect(drift == 0, "check-ins whose response_form_id disagrees with responses", sourceLocation: sourceLocation)
        for query in ["", "?checkedInOnly=true"] {
            let reply = try await api.send(.get, "/v1/meetings/\(form.meetingID)/results\(query)", token: form.hostToken)
            let summary = try #require(reply.json?["summary"] as? [String: Any], "\(reply.text)", sourceLocation: sourceLocation)
            #expect(summary["checkedInResponded"] as? Int == responded, "results\(query)", sourceLocation: sourceLocation)
            #expect(summary["checkedIn"] as? Int == checkedIn, "results\(query)", sourceLocation: sourceLocation)
        }
    }

    static func checkInID(named name: String, _ api: ParticipantAPI, _ form: PublishedFixture) async throws -> String {
        let attendance = try await api.send(.get, "/v1/meetings/\(form.meetingID)/attendance", token: form.hostToken)
        let checkIns = try #require(attendance.json?["checkIns"] as? [[String: Any]], "\(attendance.text)")
        return try #require(checkIns.first { $0["name"] as? String == name }?["id"] as? String)
    }
}
