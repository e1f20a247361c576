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

/// The matrix's rows: each documented route, who may call it and what success is (see
/// ``AuthorizationMatrixTests``).
extension AuthorizationMatrixTests {
    static let rows: [String: Row] = Self.teamRows.merging(Self.recordAndPictureRows) { team, _ in team }
        .merging(Self.teamLookRows) { team, _ in team }.merging(Self.auditPageRows) { team, _ in team }
        .merging(Self.questionBankRows) { team, _ in team }.merging([
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
        // Live sheets (decision 101), as the feed: public with its token (a real, rotated, revoked
        // one and a maker who lost the series: LiveSheetTests); managed by the owner.
        "GET /v1/sheets/{token}.csv": Row(access: .anyone, success: .notFound),
        "GET /v1/series/{id}/sheet": Row(
            access: .series(.manage), success: .ok,
            prepare: { api, world in
                let issued = try await api.send(.post, "/v1/series/\(world.series)/sheet", token: world.ownerToken)
                #expect(issued.status == .created, "\(issued.text)")
            }),
        "POST /v1/series/{id}/sheet": Row(access: .series(.manage), success: .created),
        "DELETE /v1/series/{id}/sheet": Row(access: .series(.manage), success: .noContent),
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
        "POST /v1/series/{id}/roster/list": Row(
            access: .series(.edit), success: .created, body: { _, _ in ["text": "Mary Jackson <mary@example.org>\nDorothy Vaughan"] }),
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
        "GET /assets/ranking.js": Row(access: .anyone, success: .ok),
        "GET /assets/room.js": Row(access: .anyone, success: .ok),
        "GET /assets/room-questions.js": Row(access: .anyone, success: .ok),
        "GET /assets/reactions.js": Row(access: .anyone, success: .ok),
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
        "GET /m/{id}/report": Row(access: .anyone, success: .seeOther),
        "GET /m/{id}/trends/report": Row(access: .anyone, success: .seeOther),
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
        "POST /m/{id}/roster/list": Row(access: .anyone, success: .seeOther, body: { _, _ in ["list": "Mallory"] }),
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
        "POST /m/{id}/sharing/team": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
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
        "GET /m/{id}/sheet": Row(access: .anyone, success: .seeOther),
        "POST /m/{id}/sheet": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
        "POST /m/{id}/sheet/revoke": Row(access: .anyone, success: .seeOther, body: { _, _ in [String: Any]() }),
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
        // Reactions (decision 100): the room's identity sends one; a host who may read the meeting reads the counts.
        "POST /v1/f/{code}/reactions": Row(access: .anyone, success: .ok, body: { _, _ in ["reaction": "clap"] }, headers: Self.roomVoter),
        "GET /v1/meetings/{id}/reactions": Row(access: .series(.read), success: .ok),
        // The page's buttons post a form with the room's cookie and proof (ReactionsPageTests); the matrix's JSON is refused first.
        "POST /f/{code}/reactions": Row(access: .anyone, success: .unsupportedMediaType, body: { _, _ in ["reaction": "clap"] }),
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
    ]) { team, _ in team }

}
