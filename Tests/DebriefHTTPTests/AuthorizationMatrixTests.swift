@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing

/// Every route of openapi.yaml × every kind of caller → the one status that caller must get.
///
/// The routes come from the document, so a new route without a row here fails
/// ``everyDocumentedRouteHasARow()`` and its cells. Each cell is its own test case with its own
/// accounts, meeting, published form and roster (in one database and one application the suite
/// shares), so cells that delete or close things cannot disturb each other.
@Suite("Authorization matrix: every documented route × every caller", MatrixApplication())
struct AuthorizationMatrixTests {
    /// Who calls, and with what.
    enum Caller: String, CaseIterable, Sendable {
        /// The host who owns the meeting (the baseline: everything works).
        case owner
        case noToken
        case garbageToken
        case expiredToken
        case revokedToken
        /// A signed-in host who owns nothing here.
        case otherHost
        /// The participant token from a check-in on the owner's form, sent as a bearer token (and,
        /// when submitting, as `participantToken`).
        case participant
        /// An account created with the admin role, as `debrief admin create-host --admin` does.
        case admin
        /// A host the owner shared the series with as editor, then as viewer (co-hosts).
        case editor
        case viewer

        var isSignedIn: Bool { [.owner, .otherHost, .admin, .editor, .viewer].contains(self) }

        /// The co-host's role, for the two shared callers.
        var sharedRole: SeriesRole? {
            switch self {
            case .editor: .editor
            case .viewer: .viewer
            default: nil
            }
        }
    }

    /// Who may call a route.
    enum Access: Sendable {
        /// Public: every caller gets the route's success status (credentials are ignored).
        case anyone
        /// Any signed-in account, acting on its own account.
        case anyAccount
        /// The meeting or series in the path, for whoever's role may do `action`: the owner and
        /// admins always; co-hosts by ``SeriesRole/may(_:)`` (403 otherwise); another host 404.
        case series(SeriesAction)
        /// Something of the owner's own account (a webhook endpoint): everyone else gets 404.
        case ownerOnly
    }

    /// How one documented route is exercised.
    struct Row: Sendable {
        var access: Access
        var success: HTTPResponse.Status
        /// Statuses that differ from what `access` implies, per caller.
        var overrides: [Caller: HTTPResponse.Status] = [:]
        var body: (@Sendable (World, Caller) -> Any)? = nil
        /// Run as the owner before the call, to put the world in the state the route needs.
        var prepare: (@Sendable (APIClient, World) async throws -> Void)? = nil
        /// Headers a caller of this route must send whoever it is (the room's issued identity).
        var headers: (@Sendable (World) -> HTTPFields)? = nil
        /// A body that is not JSON (an image), with its media type.
        var bytes: (data: Data, contentType: String)? = nil

        func expected(for caller: Caller) -> HTTPResponse.Status {
            if let status = self.overrides[caller] { return status }
            switch self.access {
            case .anyone: return self.success
            case .anyAccount: return caller.isSignedIn ? self.success : .unauthorized
            case .series(let action):
                switch caller {
                case .owner, .admin: return self.success
                case .editor, .viewer: return caller.sharedRole?.may(action) == true ? self.success : .forbidden
                case .otherHost: return .notFound
                default: return .unauthorized
                }
            case .ownerOnly:
                switch caller {
                case .owner: return self.success
                case .otherHost, .admin, .editor, .viewer: return .notFound
                default: return .unauthorized
                }
            }
        }
    }

    static let password = "correct horse battery"

    /// The world's identity in its room, as `Debrief-Voter`.
    @Sendable static func roomVoter(_ world: World) -> HTTPFields {
        [RoomQuestionsTests.voter: world.roomVoter]
    }

    /// Gives the world's series a Slack channel, as its owner.
    @Sendable static func putChatChannel(_ api: APIClient, _ world: World) async throws {
        let put = try await api.send(
            .put, "/v1/series/\(world.series)/chat-channel", token: world.ownerToken,
            json: ["url": "https://hooks.slack.com/services/T0001/B0001/abcdef"])
        #expect(put.status == .ok, "\(put.text)")
    }

    struct Cell: CustomTestStringConvertible, Sendable {
        var method: String
        var path: String
        var caller: Caller
        var key: String { "\(self.method) \(self.path)" }
        var testDescription: String { "\(self.key) as \(self.caller.rawValue)" }
    }

    /// The operations of openapi.yaml, as `METHOD /path`.
    static var documented: [(method: String, path: String)] {
        guard let document = try? OpenAPIDocumentTests.loadDocument() else { return [] }
        return OpenAPIDocumentTests.operations(in: document).map { operation in
            let parts = operation.label.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
    }

    static var cells: [Cell] {
        Self.documented.flatMap { operation in Caller.allCases.map { Cell(method: operation.method, path: operation.path, caller: $0) } }
    }

    // MARK: - Tests

    @Test func everyDocumentedRouteHasARow() {
        let documented = Set(Self.documented.map { "\($0.method) \($0.path)" })
        #expect(documented.count > 30, "read \(documented.count) operations from openapi.yaml")
        #expect(documented.subtracting(Self.rows.keys).sorted() == [], "documented routes without a matrix row")
        #expect(Set(Self.rows.keys).subtracting(documented).sorted() == [], "matrix rows for routes openapi.yaml does not have")
        // The count the README quotes.
        #expect(Self.cells.count == documented.count * Caller.allCases.count)
    }

    @Test(arguments: Self.cells)
    func cell(_ cell: Cell) async throws {
        let row = try #require(Self.rows[cell.key], "no matrix row for \(cell.key)")
        let expected = row.expected(for: cell.caller)
        let streams = cell.path.hasSuffix("/results/live") || cell.path.hasSuffix("/room-questions/live")
        let refused = [.unauthorized, .notFound, .forbidden].contains(expected)
        try await Self.withWorld(for: cell.caller, live: streams) { api, world, port in
            try await row.prepare?(api, world)
            let before = try await Self.snapshot(api, world)
            let path = world.fill(cell.path)
            let token = world.token(for: cell.caller)
            if streams, let port {
                // The stream never ends: read its head only.
                let head = try await ResponseHead.get(path, port: port, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])
                #expect(head.status == expected, "\(cell.testDescription)")
            } else {
                let method = try #require(HTTPRequest.Method(cell.method))
                let reply = try await api.send(
                    method, path, token: token, json: row.body?(world, cell.caller), bytes: row.bytes, headers: row.headers?(world) ?? [:])
                #expect(reply.status == expected, "\(cell.testDescription): \(reply.text.prefix(300))")
                if refused { #expect(reply.headers[.contentType] == "application/problem+json") }
            }
            if refused {
                #expect(try await Self.snapshot(api, world) == before, "a refused call changed the owner's data")
            }
        }
    }

    /// Another host is told exactly what a random id would tell them: nothing.
    @Test func anotherHostCannotTellForeignMeetingsFromMissingOnes() async throws {
        try await Self.withWorld(for: .otherHost, live: false) { api, world, _ in
            let foreign = try await api.send(.get, "/v1/meetings/\(world.meeting)", token: world.otherHostToken)
            let missing = try await api.send(.get, "/v1/meetings/\(UUID().uuidString)", token: world.otherHostToken)
            #expect(foreign.status == .notFound)
            #expect(foreign.problem?.detail == missing.problem?.detail)
            let list = try await api.send(.get, "/v1/meetings", token: world.otherHostToken)
            #expect((list.json?["items"] as? [Any])?.isEmpty == true)
        }
    }
}
