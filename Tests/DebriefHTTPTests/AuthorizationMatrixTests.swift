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
/// accounts, meeting, published form and roster (in one database the suite shares), so cells
/// that delete or close things cannot disturb each other.
@Suite("Authorization matrix: every documented route × every caller")
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

    static let rows: [String: Row] = [
        "GET /healthz": Row(access: .anyone, success: .ok),
        "GET /readyz": Row(access: .anyone, success: .ok),
        "GET /openapi.yaml": Row(access: .anyone, success: .ok),
        "POST /v1/accounts": Row(
            access: .anyone, success: .created,
            body: { _, _ in ["email": "new-\(UUID().uuidString.prefix(8))@example.com", "password": password, "displayName": "New"] }),
        "POST /v1/tokens": Row(access: .anyone, success: .created, body: { world, _ in ["email": world.ownerEmail, "password": password] }),
        "DELETE /v1/tokens/current": Row(access: .anyAccount, success: .noContent),
        "GET /v1/me": Row(access: .anyAccount, success: .ok),
        "PATCH /v1/me": Row(access: .anyAccount, success: .ok, body: { _, _ in ["displayName": "Renamed"] }),
        "GET /v1/meetings": Row(access: .anyAccount, success: .ok),
        "POST /v1/meetings": Row(access: .anyAccount, success: .created, body: { _, _ in meetingBody(daysFromNow: 400) }),
        // Next is the caller's own (or shared) next meeting: the other host and the admin have none.
        "GET /v1/meetings/next": Row(access: .anyAccount, success: .ok, overrides: [.otherHost: .notFound, .admin: .notFound]),
        "GET /v1/meetings/{id}": Row(access: .series(.read), success: .ok),
        "PATCH /v1/meetings/{id}": Row(access: .series(.edit), success: .ok, body: { _, _ in ["title": "Hijacked"] }),
        "DELETE /v1/meetings/{id}": Row(access: .series(.manage), success: .noContent),
        "POST /v1/meetings/{id}/next": Row(access: .series(.edit), success: .created, body: { _, _ in meetingBody(daysFromNow: 500) }),
        "GET /v1/series/{id}": Row(access: .series(.read), success: .ok),
        // A meeting in the owner's trash: only its host or an admin brings it back.
        "POST /v1/meetings/{id}/restore": Row(
            access: .series(.manage), success: .ok, overrides: [.editor: .notFound, .viewer: .notFound],
            prepare: { api, world in
                let deleted = try await api.send(.delete, "/v1/meetings/\(world.meeting)", token: world.ownerToken)
                #expect(deleted.status == .noContent)
            }),
        "GET /v1/trash": Row(access: .anyAccount, success: .ok),
        "GET /v1/meetings/{id}/form": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/form/definition": Row(access: .series(.read), success: .ok),
        // An open form cannot be rewritten: closed first, the PUT starts a new draft version.
        "PUT /v1/meetings/{id}/form": Row(
            access: .series(.edit), success: .ok, body: { _, _ in sampleForm },
            prepare: { api, world in
                let closed = try await api.send(.post, "/v1/meetings/\(world.meeting)/form/close", token: world.ownerToken)
                #expect(closed.status == .ok)
            }),
        "POST /v1/meetings/{id}/form/publish": Row(access: .series(.edit), success: .ok),
        "POST /v1/meetings/{id}/form/close": Row(access: .series(.edit), success: .ok),
        "POST /v1/meetings/{id}/form/reopen": Row(access: .series(.edit), success: .ok),
        "POST /v1/meetings/{id}/form/to-series": Row(access: .series(.edit), success: .ok),
        // An open form takes a change of wording only: closed first, the template starts a new draft.
        "POST /v1/meetings/{id}/form/from-template": Row(
            access: .series(.edit), success: .ok, body: { _, _ in ["templateId": "retrospective"] },
            prepare: { api, world in
                let closed = try await api.send(.post, "/v1/meetings/\(world.meeting)/form/close", token: world.ownerToken)
                #expect(closed.status == .ok)
            }),
        "GET /v1/templates": Row(access: .anyAccount, success: .ok),
        // Any role that reads the meeting may save its form as their own template; another host
        // cannot see the meeting.
        "POST /v1/templates": Row(
            access: .anyAccount, success: .created, overrides: [.otherHost: .notFound],
            body: { world, _ in ["meetingId": world.meeting, "name": "Mine"] }),
        "GET /v1/templates/{templateId}": Row(access: .ownerOnly, success: .ok),
        "DELETE /v1/templates/{templateId}": Row(access: .ownerOnly, success: .noContent),
        "GET /v1/series/{id}/form": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/results": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/results/live": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/questions/{key}/answers": Row(access: .series(.read), success: .ok),
        "GET /v1/series/{id}/trends": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/export.csv": Row(access: .series(.read), success: .ok),
        "GET /v1/series/{id}/export.csv": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/export.xlsx": Row(access: .series(.read), success: .ok),
        "GET /v1/series/{id}/export.xlsx": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/attendance": Row(access: .series(.read), success: .ok),
        "POST /v1/meetings/{id}/attendance/check-ins/{checkInId}/confirm": Row(access: .series(.edit), success: .noContent),
        "POST /v1/meetings/{id}/attendance/check-ins/{checkInId}/merge": Row(access: .series(.edit), success: .noContent),
        "POST /v1/meetings/{id}/attendance": Row(
            access: .series(.edit), success: .ok, body: { world, _ in ["rosterMemberId": world.rosterMember] }),
        "DELETE /v1/meetings/{id}/attendance/{checkInId}": Row(access: .series(.edit), success: .noContent),
        "DELETE /v1/meetings/{id}/responses/{responseId}": Row(access: .series(.edit), success: .noContent),
        "GET /v1/series/{id}/shares": Row(access: .series(.read), success: .ok),
        "POST /v1/series/{id}/shares": Row(
            access: .series(.manage), success: .accepted,
            // The owner and the admin share with the bystander; co-hosts are refused before the body is read.
            body: { world, _ in ["email": world.bystanderEmail, "role": "viewer"] }),
        "DELETE /v1/series/{id}/shares/{accountId}": Row(
            access: .series(.manage), success: .noContent,
            prepare: { api, world in
                let shared = try await api.send(
                    .post, "/v1/series/\(world.series)/shares", token: world.ownerToken,
                    json: ["email": world.bystanderEmail, "role": "viewer"])
                #expect(shared.status == .accepted, "\(shared.text)")
            }),
        // Every world has an open transfer offer of its series (to the other host, else the bystander).
        "POST /v1/series/{id}/transfer": Row(
            access: .series(.manage), success: .accepted, body: { world, _ in ["email": world.bystanderEmail] }),
        "DELETE /v1/series/{id}/transfer": Row(access: .series(.manage), success: .noContent),
        "GET /v1/transfers": Row(access: .anyAccount, success: .ok),
        // Only the address the offer names may take it: to anyone else it does not exist.
        "POST /v1/transfers/{transferId}/accept": Row(access: .anyAccount, success: .notFound, overrides: [.otherHost: .ok]),
        "POST /v1/transfers/{transferId}/decline": Row(access: .anyAccount, success: .notFound, overrides: [.otherHost: .noContent]),
        "GET /v1/series/{id}/roster": Row(access: .series(.read), success: .ok),
        // Calendars: the feed is public with its token; a wrong one is a 404 for everyone (a real,
        // rotated and revoked one: CalendarFeedTests). Its management is the owner's.
        "GET /v1/calendar/{token}.ics": Row(access: .anyone, success: .notFound),
        "GET /v1/series/{id}/calendar-feed": Row(
            access: .series(.manage), success: .ok,
            prepare: { api, world in
                let issued = try await api.send(.post, "/v1/series/\(world.series)/calendar-feed", token: world.ownerToken)
                #expect(issued.status == .created, "\(issued.text)")
            }),
        "POST /v1/series/{id}/calendar-feed": Row(access: .series(.manage), success: .created),
        "DELETE /v1/series/{id}/calendar-feed": Row(access: .series(.manage), success: .noContent),
        "GET /v1/meetings/{id}/calendar.ics": Row(access: .series(.read), success: .ok),
        "GET /v1/f/{code}/calendar.ics": Row(access: .anyone, success: .ok),
        "POST /v1/series/from-calendar": Row(
            access: .anyAccount, success: .created,
            body: { _, _ in
                var body = meetingBody(daysFromNow: 600)
                body["start"] = body.removeValue(forKey: "startsAt")
                body["end"] = body.removeValue(forKey: "endsAt")
                body["rule"] = "FREQ=WEEKLY;COUNT=2"
                return body
            }),
        "POST /v1/series/{id}/roster": Row(access: .series(.edit), success: .created, body: { _, _ in ["name": "Katherine Johnson"] }),
        "PATCH /v1/series/{id}/roster/{memberId}": Row(access: .series(.edit), success: .ok, body: { _, _ in ["name": "Grace B. Hopper"] }),
        "DELETE /v1/series/{id}/roster/{memberId}": Row(access: .series(.edit), success: .noContent),
        // The roster's e-mail addresses: for those who may edit the series, as its mail page decides;
        // a viewer co-host gets 403 (and keeps the roster without addresses: RosterEmailAPITests).
        "GET /v1/meetings/{id}/roster/emails": Row(access: .series(.edit), success: .ok),
        "PUT /v1/meetings/{id}/roster/{memberId}/email": Row(
            access: .series(.edit), success: .ok, body: { _, _ in ["email": "grace@example.org"] }),
        "DELETE /v1/meetings/{id}/roster/{memberId}/email": Row(access: .series(.edit), success: .noContent),
        // The roster's send step, for those who may edit the series as on its page. This server
        // sends no mail, so a press is refused (409) once the caller may make it: the success
        // path is RosterSendAPITests'.
        "GET /v1/meetings/{id}/roster/send": Row(access: .series(.edit), success: .ok),
        "POST /v1/meetings/{id}/roster/send": Row(access: .series(.edit), success: .conflict),
        "PUT /v1/meetings/{id}/roster/reminder": Row(
            access: .series(.edit), success: .ok, body: { _, _ in ["on": true, "leadHours": 2] }),
        // Reminding those who have not answered (decision 77): refused (409) here as a press of Send is.
        "POST /v1/meetings/{id}/roster/remind": Row(access: .series(.edit), success: .conflict),
        // A series' team chat channel: its URL is a workspace credential, so only those who may
        // edit the series (owner, editing co-hosts, admins) reach it; a viewer co-host gets 403.
        "GET /v1/series/{id}/chat-channel": Row(access: .series(.edit), success: .ok, prepare: putChatChannel),
        "PUT /v1/series/{id}/chat-channel": Row(
            access: .series(.edit), success: .ok, body: { _, _ in ["url": "https://hooks.slack.com/services/T0001/B0001/abcdef"] }),
        "DELETE /v1/series/{id}/chat-channel": Row(access: .series(.edit), success: .noContent, prepare: putChatChannel),
        "POST /v1/series/{id}/chat-channel/test": Row(access: .series(.edit), success: .accepted, prepare: putChatChannel),
        // Webhook endpoints are the account's own: an admin sees only theirs, like another host.
        "GET /v1/webhooks": Row(access: .anyAccount, success: .ok),
        "POST /v1/webhooks": Row(
            access: .anyAccount, success: .created,
            body: { _, _ in ["url": "https://hooks.example.com/debrief", "events": ["response.created"]] }),
        "GET /v1/webhooks/{webhookId}": Row(access: .ownerOnly, success: .ok),
        "DELETE /v1/webhooks/{webhookId}": Row(access: .ownerOnly, success: .noContent),
        "POST /v1/webhooks/{webhookId}/enable": Row(access: .ownerOnly, success: .ok),
        "GET /v1/webhooks/{webhookId}/deliveries": Row(access: .ownerOnly, success: .ok),
        "POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": Row(access: .ownerOnly, success: .accepted),
        "GET /account/webhooks": Row(access: .anyone, success: .seeOther),
        "POST /account/webhooks": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /account/webhooks/{webhookId}": Row(access: .anyone, success: .seeOther),
        "POST /account/webhooks/{webhookId}/enable": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /account/webhooks/{webhookId}/delete": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /account/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": Row(
            access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /v1/f/{code}": Row(access: .anyone, success: .ok),
        "POST /v1/f/{code}/check-in": Row(access: .anyone, success: .created, body: { _, _ in [String: Any]() }),
        "POST /v1/f/{code}/responses": Row(
            access: .anyone, success: .created,
            body: { world, caller in
                var body: [String: Any] = ["answers": [["questionKey": "useful", "rating": 7]]]
                if caller == .participant { body["participantToken"] = world.participantToken }
                return body
            }),
        "GET /v1/f/{code}/results": Row(access: .anyone, success: .ok),
        // The world's form shares its results but not live: 404 for everyone, like an unknown
        // code (the stream itself: ParticipantLiveStreamTests).
        "GET /v1/f/{code}/results/live": Row(access: .anyone, success: .notFound),
        "GET /v1/meetings/{id}/charts/{question}.svg": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/charts/summary/{name}.svg": Row(access: .series(.read), success: .ok),
        // A trend needs the question in two sessions: the next one's form starts as a copy, and
        // an answer makes that planned session one that counts (decision 83: planned sessions
        // with nothing in them are left out of trends).
        "GET /v1/series/{id}/charts/{question}.svg": Row(
            access: .series(.read), success: .ok,
            prepare: { api, world in
                let next = try await api.send(
                    .post, "/v1/meetings/\(world.meeting)/next", token: world.ownerToken, json: meetingBody(daysFromNow: 500))
                let id = try #require(next.string("id"), "\(next.text)")
                let published = try await api.send(.post, "/v1/meetings/\(id)/form/publish", token: world.ownerToken)
                #expect(published.status == .ok, "\(published.text)")
                let code = try #require(published.string("code"), "\(published.text)")
                let answered = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 8]]])
                #expect(answered.status == .created, "\(answered.text)")
            }),
        "GET /v1/series/{id}/charts/summary/{name}.svg": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/qr.svg": Row(access: .series(.read), success: .ok),
        "GET /v1/meetings/{id}/qr.png": Row(access: .series(.read), success: .ok),
        // The pages know only their session cookie (see the page suites): a bearer token, even an
        // admin's, opens no host page (a redirect to sign-in), and a post without the page's CSRF
        // token is refused for everyone.
        "GET /assets/debrief.css": Row(access: .anyone, success: .ok),
        "GET /assets/dashboard.js": Row(access: .anyone, success: .ok),
        "GET /assets/time-zone.js": Row(access: .anyone, success: .ok),
        "GET /assets/builder.js": Row(access: .anyone, success: .ok),
        "GET /assets/follow-up.js": Row(access: .anyone, success: .ok),
        "GET /assets/room.js": Row(access: .anyone, success: .ok),
        "GET /assets/room-questions.js": Row(access: .anyone, success: .ok),
        "GET /f/{code}": Row(access: .anyone, success: .ok),
        "POST /f/{code}": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["answers": []] }),
        "POST /f/{code}/check-in": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in [String: Any]() }),
        "GET /f/{code}/thanks": Row(access: .anyone, success: .ok),
        // Without a receipt cookie there is nothing to change: on to the form.
        "GET /f/{code}/change": Row(access: .anyone, success: .seeOther),
        "GET /signin": Row(access: .anyone, success: .ok),
        "POST /signin": Row(access: .anyone, success: .unsupportedMediaType, body: { world, _ in ["email": world.ownerEmail, "password": password] }),
        "POST /signout": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in [String: Any]() }),
        // Company sign-in: the matrix's installation has none, so both lead anyone to the sign-in
        // page (CompanySignInPageTests and Tests/e2e/test_oidc.py cover them configured).
        "GET /signin/company": Row(access: .anyone, success: .seeOther),
        "GET /signin/company/callback": Row(access: .anyone, success: .seeOther),
        "GET /m": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/panel": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/trends": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/present": Row(access: .anyone, success: .seeOther),
        "GET /signup": Row(access: .anyone, success: .ok),
        "POST /signup": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in [String: Any]() }),
        "GET /account": Row(access: .anyone, success: .seeOther),
        // No e-mail in the matrix: a signed-in caller goes on to /account, a signed-out one signs in.
        "GET /signup/sent": Row(access: .anyone, success: .seeOther),
        "POST /account/profile": Row(access: .anyone, success: .seeOther, body: { _, _ in ["displayName": "Hijacked"] }),
        "POST /account/time-zone": Row(access: .anyone, success: .seeOther, body: { _, _ in ["timeZone": "Asia/Seoul"] }),
        "POST /account/password": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /account/tokens": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /account/tokens/{tokenId}/revoke": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /account/sign-out-everywhere": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /admin": Row(access: .anyone, success: .seeOther),
        "POST /admin/invitations": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /admin/hosts": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/new": Row(access: .anyone, success: .seeOther),
        "POST /m/new": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/edit": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/edit": Row(access: .anyone, success: .seeOther, body: { _, _ in ["title": "Hijacked"] }),
        "GET /m/{id}/next": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/next": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/delete": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/delete": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/trash": Row(access: .anyone, success: .seeOther),
        "POST /m/trash/{id}/restore": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/roster": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/roster": Row(access: .anyone, success: .seeOther, body: { _, _ in ["name": "Mallory"] }),
        "POST /m/{id}/roster/{memberId}/rename": Row(access: .anyone, success: .seeOther, body: { _, _ in ["name": "Mallory"] }),
        "POST /m/{id}/roster/{memberId}/remove": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        // E-mail pages: the host's need a session (a bearer token is sent to sign in); the public
        // ones answer anyone, an unknown link 410, a JSON post to a form 415.
        "GET /m/{id}/roster/mail": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/roster/mail": Row(access: .anyone, success: .seeOther, body: { _, _ in ["email-x": "a@example.org"] }),
        "GET /m/{id}/roster/send": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/roster/send": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/roster/reminder": Row(access: .anyone, success: .seeOther, body: { _, _ in ["remind": "on", "leadHours": "2"] }),
        "POST /m/{id}/roster/remind": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /account/mail": Row(access: .anyone, success: .seeOther),
        "GET /password-reset": Row(access: .anyone, success: .ok),
        "POST /password-reset": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["email": "a@example.org"] }),
        "GET /password-reset/{token}": Row(access: .anyone, success: .gone),
        "POST /password-reset/{token}": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["password": password] }),
        "GET /unsubscribe/{token}": Row(access: .anyone, success: .gone),
        "POST /unsubscribe/{token}": Row(access: .anyone, success: .gone, body: { _, _ in [String: Any]() }),
        "GET /confirm-address/{token}": Row(access: .anyone, success: .gone),
        "POST /confirm-address/{token}": Row(access: .anyone, success: .gone, body: { _, _ in [String: Any]() }),
        "POST /account/address-proof": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/sharing": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/sharing": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/sharing/{accountId}/revoke": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/sharing/transfer": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/sharing/transfer/cancel": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        // The dashboard's team chat forms: with a bearer token, on to the sign-in page (who may edit
        // the channel through them: ChatChannelPageTests).
        "POST /m/{id}/chat": Row(access: .anyone, success: .seeOther, body: { _, _ in ["url": "https://hooks.slack.com/services/T/B/x"] }),
        "POST /m/{id}/chat/test": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/chat/delete": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /transfers": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/calendar": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/calendar/feed": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/calendar/feed/revoke": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/from-calendar": Row(access: .anyone, success: .seeOther),
        "POST /m/from-calendar": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /transfers/{transferId}/accept": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /transfers/{transferId}/decline": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/attendance": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/attendance/{checkInId}/remove": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/form": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/form": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/publish": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/close": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/reopen": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/form/export": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/form/import": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/copy": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/to-series": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/form/template": Row(access: .anyone, success: .seeOther, body: { _, _ in ["template": "retrospective"] }),
        "POST /m/{id}/form/save-template": Row(access: .anyone, success: .seeOther, body: { _, _ in ["templateName": "Mine"] }),
        "GET /m/{id}/form/translations": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/form/translations": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "GET /m/{id}/responses": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/responses/{responseId}/remove": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/responses/{responseId}/remove": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        // Action items (decision 74): the host, an editor and admins; a viewer co-host 403.
        "GET /v1/meetings/{id}/actions": Row(access: .series(.edit), success: .ok),
        "POST /v1/meetings/{id}/actions": Row(access: .series(.edit), success: .created, body: { _, _ in ["title": "Hijacked"] }),
        "GET /v1/meetings/{id}/actions/review": Row(access: .series(.edit), success: .ok),
        "PATCH /v1/meetings/{id}/actions/{actionId}": Row(access: .series(.edit), success: .ok, body: { _, _ in ["status": "dropped"] }),
        "DELETE /v1/meetings/{id}/actions/{actionId}": Row(access: .series(.edit), success: .noContent),
        // The series' open actions (decision 85): the same readers as a session's actions.
        "GET /v1/series/{id}/actions": Row(access: .series(.edit), success: .ok),
        // A series' settings (decision 73): its owner and editing co-hosts; the page signs in first.
        "PATCH /v1/series/{id}": Row(access: .series(.edit), success: .ok, body: { _, _ in ["defaultPlace": "Room 7"] }),
        "GET /series/{id}/settings": Row(access: .anyone, success: .seeOther),
        "POST /series/{id}/settings": Row(access: .anyone, success: .seeOther, body: { _, _ in ["title": "Weekly sync"] }),
        // Questions from the room (decision 75): the room's by the form's code, the host's by the meeting.
        "GET /v1/f/{code}/room-questions": Row(access: .anyone, success: .ok),
        // A post and a vote carry an identity the server issued (issue 67): the world's.
        "POST /v1/f/{code}/room-questions/voter": Row(access: .anyone, success: .created),
        "POST /v1/f/{code}/room-questions": Row(
            access: .anyone, success: .created, body: { _, _ in ["text": "And the budget?"] }, headers: Self.roomVoter),
        "PUT /v1/f/{code}/room-questions/{questionId}/vote": Row(access: .anyone, success: .noContent, headers: Self.roomVoter),
        "DELETE /v1/f/{code}/room-questions/{questionId}/vote": Row(access: .anyone, success: .noContent, headers: Self.roomVoter),
        "GET /v1/meetings/{id}/room-questions": Row(access: .series(.read), success: .ok),
        "PUT /v1/meetings/{id}/room-questions/settings": Row(
            access: .series(.edit), success: .ok, body: { _, _ in ["enabled": true, "moderation": "approveFirst", "names": "anonymous"] }),
        "PATCH /v1/meetings/{id}/room-questions/{questionId}": Row(access: .series(.edit), success: .ok, body: { _, _ in ["pinned": true] }),
        "DELETE /v1/meetings/{id}/room-questions/{questionId}": Row(access: .series(.edit), success: .noContent),
        // The world's room takes questions: the stream opens for anyone (DebriefHTTPTests' RoomQuestionLiveTests).
        "GET /v1/f/{code}/room-questions/live": Row(access: .anyone, success: .ok),
        // The dashboard's action forms: a session first (who may: ActionItemPagesTests).
        "POST /m/{id}/actions": Row(access: .anyone, success: .seeOther, body: { _, _ in ["title": "Hijacked"] }),
        "POST /m/{id}/actions/{actionId}/status": Row(access: .anyone, success: .seeOther, body: { _, _ in ["status": "dropped"] }),
        "POST /m/{id}/actions/{actionId}/delete": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/review/{actionId}": Row(access: .anyone, success: .seeOther, body: { _, _ in ["status": "done"] }),
        // Questions from the room on the pages (decision 75): a participant's form posts take
        // form fields (a JSON body is 415); the host's pages send the signed-out to sign in.
        "GET /f/{code}/room-questions": Row(access: .anyone, success: .ok),
        "POST /f/{code}/room-questions": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["text": "And the budget?"] }),
        "POST /f/{code}/room-questions/{questionId}/vote": Row(
            access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["up": "true"] }),
        "GET /m/{id}/room-questions/top": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/room-questions/settings": Row(access: .anyone, success: .seeOther, body: { _, _ in ["enabled": "on"] }),
        "POST /m/{id}/room-questions/{questionId}": Row(access: .anyone, success: .seeOther, body: { _, _ in ["pinned": "true"] }),
    ]

    /// One cell: a documented operation and a caller.
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
                let reply = try await api.send(method, path, token: token, json: row.body?(world, cell.caller), headers: row.headers?(world) ?? [:])
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

    // MARK: - The world of one cell

    /// What one cell works on: the owner's meeting with a published form and a roster member, and
    /// the caller's credential.
    struct World: Sendable {
        var ownerEmail: String
        var ownerToken: String
        var meeting: String
        var series: String
        var code: String
        var rosterMember: String
        /// The owner marked the roster member present: a check-in the owner may remove.
        var checkIn: String
        /// A possible duplicate check-in of the meeting, for the host to confirm or merge.
        var possibleDuplicate: String = ""
        /// An anonymous response to the owner's form, for the owner to remove.
        var response: String = ""
        /// A question from the room, shown to it.
        var roomQuestion: String = ""
        /// An identity the room issued, for the routes that need one (`Debrief-Voter`).
        var roomVoter: String = ""
        /// The owner's webhook endpoint, and the delivery publishing the form wrote for it.
        var webhook: String = ""
        var webhookDelivery: String = ""
        /// A template the owner saved from the meeting's form (theirs alone).
        var template: String = ""
        var otherHostToken: String?
        var otherHostEmail: String?
        /// The open offer of the series, to the other host (when that is the caller) or the bystander.
        var transfer = ""
        var adminToken: String?
        /// The co-host's token, for the editor and viewer callers.
        var coHostToken: String?
        /// A host with no part in the meeting, for the owner to share with or transfer to.
        var bystanderEmail = ""
        var bystander = ""
        var expiredToken: String?
        var revokedToken: String?
        var participantToken: String?
        /// An action item the owner recorded at the meeting.
        var action = ""

        func token(for caller: Caller) -> String? {
            switch caller {
            case .owner: return self.ownerToken
            case .noToken: return nil
            case .garbageToken: return "dbf_not-a-real-token-0123456789abcdefghijklmnopq"
            case .expiredToken: return self.expiredToken
            case .revokedToken: return self.revokedToken
            case .otherHost: return self.otherHostToken
            case .participant: return self.participantToken
            case .admin: return self.adminToken
            case .editor, .viewer: return self.coHostToken
            }
        }

        func fill(_ path: String) -> String {
            let id = path.hasPrefix("/v1/series/") || path.hasPrefix("/series/") ? self.series : self.meeting
            let chart = path.hasPrefix("/v1/series/") ? "sessions" : "timeline"
            // In order: the first `{token}` wins (the second is for paths without a feed token).
            let values: [(String, String)] = [
                ("{questionId}", self.roomQuestion), ("{id}", id), ("{memberId}", self.rosterMember), ("check-ins/{checkInId}", "check-ins/" + self.possibleDuplicate),
                ("{key}", "notes"), ("{code}", self.code), ("{question}", "useful"), ("{name}", chart),
                ("{tokenId}", "7d1f3a2b-9c4e-4f5a-8b6c-0d1e2f3a4b5c"), ("{checkInId}", self.checkIn),
                ("{responseId}", self.response), ("{webhookId}", self.webhook), ("{templateId}", self.template), ("{actionId}", self.action),
                ("{token}", "dbc_not-a-feed-token"), ("{deliveryId}", self.webhookDelivery), ("{accountId}", self.bystander),
                ("{transferId}", self.transfer), ("{token}", "dbx_not-a-link"),
            ]
            return values.reduce(path) { filled, value in filled.replacingOccurrences(of: value.0, with: value.1) }
        }
    }

    /// The database every cell shares (each cell has its own accounts and meeting in it).
    static let sharedDatabaseURL = Task {
        let database = try await TestDatabase.createMigrated(maxConnections: 1)
        await database.shutdown()
        return database.configuration.url
    }

    /// Cells that run at once: each opens three connections and an application.
    static let limit = ConcurrencyLimit(6)

    /// Builds the world for `caller` and runs `body` with an application on the shared database:
    /// over a real socket (`live`, with its port) or straight into the router.
    static func withWorld(
        for caller: Caller, live: Bool, _ body: @escaping @Sendable (APIClient, World, Int?) async throws -> Void
    ) async throws {
        try await Self.limit.run { try await Self.withWorldNow(for: caller, live: live, body) }
    }

    private static func withWorldNow(
        for caller: Caller, live: Bool, _ body: @escaping @Sendable (APIClient, World, Int?) async throws -> Void
    ) async throws {
        let database = Database(
            configuration: DatabaseConfiguration(
                url: try await Self.sharedDatabaseURL.value, maxConnections: 2, acquireTimeout: .seconds(60)),
            logger: TestDatabase.logger)
        var configuration = AppConfiguration.forTests
        configuration.participantRateLimits = .unlimited
        // Every cell signs accounts up from the same address into one shared database.
        configuration.signUpsPerAddressPerHour = 1_000_000
        configuration.port = 0
        // Every world has a webhook to an unresolvable host, and every cell's application would
        // retry all worlds' due deliveries on its two connections (and its resolver threads):
        // retries an hour out keep cells from crawling as the matrix grows.
        configuration.webhooks.retry = WebhookRetrySchedule(base: .seconds(3600))
        let app = buildApplication(configuration: configuration, database: database, logger: TestDatabase.logger)
        try await app.test(live ? .live : .router) { client in
            let api = APIClient(client: client)
            let world = try await Self.makeWorld(api, database, caller: caller)
            try await body(api, world, client.port)
        }
    }

    static func makeWorld(_ api: APIClient, _ database: Database, caller: Caller) async throws -> World {
        let ownerEmail = "owner-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let (owner, _) = try await api.signUpAndLogIn(email: ownerEmail)
        let meeting = try await api.createMeeting(token: owner, title: "Private board meeting")
        var form = sampleForm
        form["sharesResultsWithParticipants"] = true
        #expect(try await api.send(.put, "/v1/meetings/\(meeting)/form", token: owner, json: form).status == .ok)
        let webhook = try #require(
            try await api.send(
                .post, "/v1/webhooks", token: owner,
                json: ["url": "https://hooks.example.com/debrief", "events": ["form.published"]]
            ).string("id"))
        let code = try #require(try await api.send(.post, "/v1/meetings/\(meeting)/form/publish", token: owner).string("code"))
        let series = try #require(try await api.send(.get, "/v1/meetings/\(meeting)", token: owner).string("seriesId"))
        let member = try await api.send(.post, "/v1/series/\(series)/roster", token: owner, json: ["name": "Grace Hopper"])
        let memberID = try #require(member.string("id"))
        let marked = try await api.send(.post, "/v1/meetings/\(meeting)/attendance", token: owner, json: ["rosterMemberId": memberID])
        let checkIns = try #require(marked.json?["checkIns"] as? [[String: Any]], "\(marked.text)")
        var world = World(
            ownerEmail: ownerEmail, ownerToken: owner, meeting: meeting, series: series, code: code,
            rosterMember: memberID, checkIn: try #require(checkIns.first?["id"] as? String))
        let answered = try await api.send(.post, "/v1/f/\(code)/responses", json: ["answers": [["questionKey": "useful", "rating": 7]]])
        world.response = try #require(answered.string("id"), "\(answered.text)")
        // The room is open to questions, with one posted.
        try await api.send(
            .put, "/v1/meetings/\(meeting)/room-questions/settings", token: owner,
            json: ["enabled": true, "moderation": "postThenHide", "names": "anonymous"])
        world.roomVoter = try #require(try await RoomQuestionsTests.issue(api, code: code))
        let posted = try await api.send(
            .post, "/v1/f/\(code)/room-questions", json: ["text": "Who owns the roadmap?"], headers: [RoomQuestionsTests.voter: world.roomVoter])
        world.roomQuestion = try #require(posted.string("id"), "\(posted.text)")
        // An account made in SQL (it never signs in): quicker than a sign-up in every cell.
        world.bystanderEmail = "bystander-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        world.bystander = try #require(
            try await database.query(
                "INSERT INTO accounts (email, display_name, password_hash, email_verified_at) VALUES (\(world.bystanderEmail), 'Bystander', 'x', now()) RETURNING id::text AS id"
            ).first?.decode("id", as: String.self))
        world.webhook = webhook
        world.template = try #require(
            try await api.send(.post, "/v1/templates", token: owner, json: ["meetingId": meeting, "name": "Board check"]).string("id"))
        world.action = try #require(
            try await api.send(.post, "/v1/meetings/\(meeting)/actions", token: owner, json: ["title": "Follow up"]).string("id"))
        let deliveries = try await api.send(.get, "/v1/webhooks/\(webhook)/deliveries", token: owner)
        world.webhookDelivery = try #require((deliveries.json?["items"] as? [[String: Any]])?.first?["id"] as? String, "\(deliveries.text)")
        // Two check-ins of one unlisted name, the second a possible duplicate (made in SQL: the
        // world's form is anonymous, and the API keeps no names for those).
        let meetingID = try #require(UUID(uuidString: meeting))
        world.possibleDuplicate = try #require(
            try await database.query(
                """
                WITH f AS (SELECT id, meeting_id FROM forms WHERE meeting_id = \(meetingID))
                , first AS (
                    INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key)
                    SELECT id, meeting_id, gen_random_uuid()::text, 'Sam', 'sam' FROM f RETURNING id
                )
                INSERT INTO check_ins (form_id, meeting_id, token_hash, name, name_key, duplicate_of, duplicate_status)
                SELECT f.id, f.meeting_id, gen_random_uuid()::text, 'sam', 'sam', first.id, 'possible' FROM f, first
                RETURNING id::text AS id
                """
            ).first?.decode("id", as: String.self))
        switch caller {
        case .otherHost:
            let email = "other-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            world.otherHostToken = try await api.signUpAndLogIn(email: email).token
            // A transfer reaches only a proven address (decision 54): an admin vouches for this one.
            try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
            world.otherHostEmail = email
        case .admin:
            world.adminToken = try await Self.adminToken(api, database)
        case .expiredToken:
            let (token, id) = try await api.signUpAndLogIn()
            try await database.execute(
                "UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE account_id = \(try #require(UUID(uuidString: id)))")
            world.expiredToken = token
        case .revokedToken:
            let (token, _) = try await api.signUpAndLogIn()
            #expect(try await api.send(.delete, "/v1/tokens/current", token: token).status == .noContent)
            world.revokedToken = token
        case .participant:
            let checkIn = try await api.send(.post, "/v1/f/\(code)/check-in", json: [String: Any]())
            // Bound first: assigned straight to an optional, `#require` would check nothing.
            let token: String = try #require(checkIn.string("participantToken"))
            world.participantToken = token
        case .editor, .viewer:
            let email = "cohost-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let (token, _) = try await api.signUpAndLogIn(email: email)
            // A share reaches only a proven address (decision 54): an admin vouches for this one.
            try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(email)")
            let shared = try await api.send(
                .post, "/v1/series/\(series)/shares", token: owner, json: ["email": email, "role": try #require(caller.sharedRole?.rawValue)])
            #expect(shared.status == .accepted, "\(shared.text)")
            world.coHostToken = token
        case .owner, .noToken, .garbageToken:
            break
        }
        let offered = try await api.send(
            .post, "/v1/series/\(series)/transfer", token: owner, json: ["email": world.otherHostEmail ?? world.bystanderEmail])
        #expect(offered.status == .accepted, "\(offered.text)")
        let seriesID = try #require(UUID(uuidString: series))
        world.transfer = try #require(
            try await database.query("SELECT id::text AS id FROM series_transfer_offers WHERE series_id = \(seriesID)")
                .first?.decode("id", as: String.self))
        return world
    }

    /// An admin made the way `debrief admin create-host --admin` makes one, then signed in.
    static func adminToken(_ api: APIClient, _ database: Database) async throws -> String {
        let email = "admin-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let signUp = try SignUpInput(email: email, password: Self.password, displayName: "Admin").validate().get()
        let hasher = PasswordHasher(cost: 4, threads: 1)
        let account = try await AccountStore(database: database, hasher: hasher).create(signUp, role: .admin)
        await hasher.shutdown()
        #expect(account.role == .admin)
        let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": Self.password])
        return try #require(login.string("token"))
    }

    /// What a refused call must leave as it was: the owner's meeting title, form state and roster.
    static func snapshot(_ api: APIClient, _ world: World) async throws -> [String] {
        let meeting = try await api.send(.get, "/v1/meetings/\(world.meeting)", token: world.ownerToken)
        let form = try await api.send(.get, "/v1/meetings/\(world.meeting)/form", token: world.ownerToken)
        let roster = try await api.send(.get, "/v1/series/\(world.series)/roster", token: world.ownerToken)
        let names = (roster.json?["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        return [meeting.string("title") ?? "no meeting", form.string("state") ?? "no form"] + names
    }

    static func meetingBody(daysFromNow days: Double) -> [String: Any] {
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + days * 86_400).rounded())
        return ["title": "Planned", "startsAt": iso(start), "endsAt": iso(start.addingTimeInterval(3600))]
    }
}
