import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime

/// Runs sign-up → meeting → form → publish → submit → results → form round trip → next session
/// against a running `debrief serve` (the URL is the one argument), every call through the client
/// swift-openapi-generator made from that server's document. Exits non-zero at the first step
/// that does not go as the document says.
@main
struct CheckClient {
    static func main() async {
        do {
            guard CommandLine.arguments.count == 2, let server = URL(string: CommandLine.arguments[1]) else {
                throw Failure("usage: CheckClient http://127.0.0.1:PORT")
            }
            try await Flow(server: server).run()
            print("check-client: the whole flow passed through the generated Swift client")
        } catch {
            FileHandle.standardError.write(Data("check-client: \(error)\n".utf8))
            exit(1)
        }
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Adds the host's bearer token to every request of the signed-in client.
struct BearerToken: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(self.token)"
        return try await next(request, body, baseURL)
    }
}

struct Flow {
    let server: URL

    // The sample form of the e2e suite (Tests/e2e/conftest.py), as a client would keep it in a file,
    // and a follow-up question: its `showWhen` once generated as empty cases that dropped every
    // member, so the round trip sent it back as `{}`.
    static let sampleForm = """
        {"title": "How was the sync?", "anonymous": true, "questions": [
          {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 0, "max": 10, "required": true},
          {"key": "topic", "prompt": "Best topic?", "kind": "choice",
           "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}], "allowsOther": true},
          {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500},
          {"key": "better", "prompt": "What would have made it useful?", "kind": "shortAnswer",
           "showWhen": {"question": "useful", "ratingBetween": [0, 6]}}]}
        """
    static let keys = ["useful", "topic", "notes", "better"]

    /// The API's timestamps carry milliseconds (`2026-12-01T09:00:00.000Z`); the runtime's
    /// default transcoder reads whole seconds only and refuses every response with a date.
    static let configuration = Configuration(dateTranscoder: .iso8601WithFractionalSeconds)

    func run() async throws {
        let public_ = Client(serverURL: self.server, configuration: Self.configuration, transport: AsyncHTTPClientTransport())
        let email = "swift-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let password = "correct horse battery"

        let account = try await public_.signUp(body: .json(.init(email: email, password: password, displayName: "Swift"))).created.body.json
        try expect(account.email == email, "sign-up returned \(account.email)")
        let issued = try await public_.logIn(body: .json(.init(email: email, password: password))).created.body.json
        let host = Client(
            serverURL: self.server, configuration: Self.configuration, transport: AsyncHTTPClientTransport(),
            middlewares: [BearerToken(token: issued.token)])

        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 15 * 60)
        let meeting = try await host.createMeeting(body: .json(decode(Components.Schemas.MeetingInput.self, [
            "title": "Swift sync", "startsAt": iso(start), "endsAt": iso(start + 3600), "expectedHeadCount": 10,
        ]))).created.body.json

        // Question keys and option ids are nullable members (`…OrNull`): they once were
        // `anyOf: [$ref, null]`, which the generator skipped, and this decode refused `key`.
        let form = try JSONDecoder().decode(Components.Schemas.FormInput.self, from: Data(Self.sampleForm.utf8))
        try expect(form.questions.map(\.key) == Self.keys, "the form's keys decoded as \(form.questions.map(\.key))")
        let draft = try members(try await host.saveFormDraft(path: .init(id: meeting.id), body: .json(form)).ok.body.json)
        try expect(questionKeys(draft) == Self.keys, "the saved draft has the keys \(questionKeys(draft))")
        // FormResponse is an allOf (the form and its state), generated as value1/value2: its
        // members are read the way a client would read any JSON object.
        let published = try members(try await host.publishForm(path: .init(id: meeting.id)).ok.body.json)
        guard let code = published["code"] as? String else { throw Failure("a published form has no code") }

        let participantForm = try await public_.getParticipantForm(path: .init(code: code)).ok.body.json
        try expect(participantForm.language == "en", "the participant form's language is \(participantForm.language)")
        let shownKeys = try questionKeys(members(participantForm))
        try expect(shownKeys == Self.keys, "the participant form has the keys \(shownKeys)")
        let submission = try decode(Components.Schemas.SubmissionInput.self, [
            "answers": [
                ["questionKey": "useful", "rating": 9],
                ["questionKey": "topic", "optionIds": ["roadmap"]],
                ["questionKey": "notes", "text": "Good pace"],
            ]
        ])
        _ = try await public_.submitResponse(
            path: .init(code: code), headers: .init(idempotencyKey: UUID().uuidString), body: .json(submission)
        ).created.body.json

        let report = try await host.getResults(path: .init(id: meeting.id)).ok.body.json
        let responses = (try members(report)["summary"] as? [String: Any])?["responses"] as? Int
        try expect(responses == 1, "results count \(String(describing: responses)) responses, expected 1")

        // The round trip: the form as GET returns it goes back as PUT with one word changed.
        let fetched = try await host.getForm(path: .init(id: meeting.id)).ok.body.json
        var edited = try members(fetched)
        edited["title"] = "How was the weekly sync?"
        let saved = try await host.saveFormDraft(
            path: .init(id: meeting.id), body: .json(decode(Components.Schemas.FormInput.self, edited))
        ).ok.body.json
        let savedMembers = try members(saved)
        try expect(
            savedMembers["title"] as? String == "How was the weekly sync?" && savedMembers["code"] as? String == code
                && savedMembers["version"] as? Int == published["version"] as? Int,
            "the round trip saved \(String(describing: savedMembers["title"])), \(String(describing: savedMembers["code"])), "
                + "version \(String(describing: savedMembers["version"]))")
        // Only the title changed: every question, its keys and the follow-up's rule came back as sent.
        let before = try canonicalJSON(edited["questions"] ?? []), after = try canonicalJSON(savedMembers["questions"] ?? [])
        try expect(before == after, "the round trip changed the questions: \(before) became \(after)")
        let followUp = ((savedMembers["questions"] as? [[String: Any]])?.last?["showWhen"] as? [String: Any]) ?? [:]
        try expect(
            followUp["question"] as? String == "useful" && followUp["ratingBetween"] as? [Int] == [0, 6],
            "the follow-up's rule came back as \(followUp)")

        let nextStart = start + 7 * 24 * 3600
        let following = try await host.createNextSession(
            path: .init(id: meeting.id),
            body: .json(decode(Components.Schemas.NextSessionInput.self, ["startsAt": iso(nextStart), "endsAt": iso(nextStart + 3600)]))
        ).created.body.json
        try expect(following.sessionNumber == 2 && following.seriesId == meeting.seriesId, "the next session is number \(following.sessionNumber)")
    }
}

func expect(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Failure(message()) }
}

func iso(_ date: Date) -> String {
    date.ISO8601Format()
}

/// The `key` of each question in a form's or participant form's members.
func questionKeys(_ members: [String: Any]) -> [String] {
    ((members["questions"] as? [[String: Any]]) ?? []).compactMap { $0["key"] as? String }
}

/// JSON text with sorted keys, to compare two parsed values.
func canonicalJSON(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
}

/// A generated value from JSON members, as a client reading them from a file or another response
/// would make it (dates as the API spells them).
func decode<T: Decodable>(_ type: T.Type, _ members: [String: Any]) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
        let text = try decoder.singleValueContainer().decode(String.self)
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try Date.ISO8601FormatStyle().parse(text)
    }
    return try decoder.decode(type, from: JSONSerialization.data(withJSONObject: members))
}

/// A generated value's JSON members (dates spelled as the API spells them).
func members<T: Encodable>(_ value: T) throws -> [String: Any] {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(date.ISO8601Format(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
    guard let object = try JSONSerialization.jsonObject(with: encoder.encode(value)) as? [String: Any] else {
        throw Failure("\(T.self) is not a JSON object")
    }
    return object
}
