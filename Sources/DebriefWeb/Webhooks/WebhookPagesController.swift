import Debrief
import DebriefActions
import DebriefHTTP
import DebriefStore
import Foundation
import HTTPTypes
import Hummingbird

/// `/account/webhooks`: the host's webhook endpoints (add one — its secret shown once in that
/// answer —, enable, delete) and each endpoint's delivery log with "send again". Every post needs
/// the session's CSRF token, as on the account page.
struct WebhookPagesController {
    let meetings: MeetingActions
    let webhooks: WebhookActions

    struct ListPage {
        struct Row {
            var url: String
            var events: String
            var scope: String
            var state: String
            var disabled: Bool
            var pending: String?
            var logLink: String
            var enableAction: String
            var deleteAction: String
            var deleteLabel: String
            var csrf: String
        }

        struct EventChoice {
            var value: String
            var id: String
            var checked: Bool
        }

        struct ScopeChoice {
            var value: String
            var label: String
            var selected: Bool
        }

        var csrf: String
        var notice: String?
        var newSecret: String?
        var rows: [Row] = []
        var events: [EventChoice] = []
        var scopes: [ScopeChoice] = []
        var url = ""
        var urlError: String?
        var eventsError: String?
    }

    struct LogPage {
        struct Entry {
            var event: String
            var createdAt: String
            var status: String
            var attempts: Int
            var result: String
            var time: String
            var redeliverAction: String
            var redeliverLabel: String
            var csrf: String
        }

        var csrf: String
        var notice: String?
        var caption: String
        var entries: [Entry]
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("account/webhooks")
        group.get(use: self.list)
        group.post(use: self.create)
        group.get(":webhookId", use: self.log)
        group.post(":webhookId/enable", use: self.enable)
        group.post(":webhookId/delete", use: self.delete)
        group.post(":webhookId/deliveries/:deliveryId/redeliver", use: self.redeliver)
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.renderList(request, context, ListPage(csrf: context.sessionCSRFToken ?? ""))
    }

    @Sendable func create(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        var page = ListPage(csrf: context.sessionCSRFToken ?? "")
        let scope = fields["scope"].flatMap { $0 == "all" ? nil : $0 }
        let input = WebhookEndpointInput(url: fields["url"], events: fields.values("events"), seriesID: scope)
        do {
            let created = try await self.webhooks.create(input, by: try context.requireViewer())
            page.newSecret = created.secret
            var response = try await self.renderList(request, context, page)
            // The secret is in this answer only: never kept by a cache.
            response.headers[.cacheControl] = "no-store"
            return response
        } catch let failure as ValidationFailure {
            let errors = FieldErrors(failure, t)
            page.url = fields["url"] ?? ""
            page.urlError = errors["url"]
            page.eventsError = errors["events"] ?? failure.problems.first { $0.path.hasPrefix("events[") }.map { _ in errors["events"] ?? "" }
            return try await self.renderList(
                request, context, page, checked: Set(fields.values("events")), status: .unprocessableContent)
        }
    }

    @Sendable func enable(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        _ = try await self.webhooks.enable(try context.requireID("webhookId", "webhook endpoint"), by: try context.requireViewer())
        var page = ListPage(csrf: context.sessionCSRFToken ?? "")
        page.notice = Localizer(Language(request.headers))(.webhookEnabled)
        return try await self.renderList(request, context, page)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        try await self.webhooks.delete(try context.requireID("webhookId", "webhook endpoint"), by: try context.requireViewer())
        var page = ListPage(csrf: context.sessionCSRFToken ?? "")
        page.notice = Localizer(Language(request.headers))(.webhookDeleted)
        return try await self.renderList(request, context, page)
    }

    @Sendable func log(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.renderLog(request, context, notice: nil)
    }

    @Sendable func redeliver(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        let id = try context.requireID("webhookId", "webhook endpoint")
        let delivery = try context.requireID("deliveryId", "webhook delivery")
        _ = try await self.webhooks.redeliver(delivery, of: id, by: try context.requireViewer())
        return try await self.renderLog(request, context, notice: Localizer(Language(request.headers))(.redeliveryQueued))
    }

    // MARK: - Helpers

    private func renderList(
        _ request: Request, _ context: AppRequestContext, _ page: ListPage, checked: Set<String> = [],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        var page = page
        // The series a host can choose, named by their latest session's title.
        let series = try await self.meetings.seriesPage(for: viewer, search: nil, page: 1, perPage: 100).entries
        let titles = Dictionary(series.map { ($0.seriesID, $0.sessions.first?.title ?? "") }, uniquingKeysWith: { first, _ in first })
        page.rows = try await self.webhooks.list(by: viewer).map { endpoint in
            let id = endpoint.id.lowercasedText
            let state: String
            if let disabledAt = endpoint.disabledAt {
                state = t(.webhookDisabled, ["reason": endpoint.disabledReason ?? DateText.dateTime(disabledAt, writer.language)])
            } else if let failing = endpoint.failingSince {
                state = t(.webhookFailing, ["time": DateText.dateTime(failing, writer.language)])
            } else {
                state = t(.webhookActive)
            }
            return ListPage.Row(
                url: endpoint.url.absoluteString, events: endpoint.events.map(\.rawValue).joined(separator: ", "),
                scope: endpoint.seriesID.map { titles[$0] ?? $0.lowercasedText } ?? t(.webhookScopeAll),
                state: state, disabled: endpoint.disabledAt != nil,
                pending: endpoint.pendingCount > 0 ? t(.webhookPending, ["n": String(endpoint.pendingCount)]) : nil,
                logLink: "/account/webhooks/\(id)", enableAction: "/account/webhooks/\(id)/enable",
                deleteAction: "/account/webhooks/\(id)/delete",
                deleteLabel: t(.webhookDeleteButton) + ": " + endpoint.url.absoluteString, csrf: page.csrf)
        }
        let defaultEvents: Set<String> = checked.isEmpty ? Set(WebhookEvent.allCases.map(\.rawValue)) : checked
        page.events = WebhookEvent.allCases.map { event in
            ListPage.EventChoice(
                value: event.rawValue, id: "event-" + event.rawValue.replacingOccurrences(of: ".", with: "-"),
                checked: defaultEvents.contains(event.rawValue))
        }
        page.scopes = [ListPage.ScopeChoice(value: "all", label: t(.webhookScopeAll), selected: true)]
            + series.map { ListPage.ScopeChoice(value: $0.seriesID.lowercasedText, label: titles[$0.seriesID] ?? "", selected: false) }
        return try writer.hostPage("webhooks", title: t(.webhooksHeading), view: page, context: context, status: status)
    }

    private func renderLog(_ request: Request, _ context: AppRequestContext, notice: String?) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let viewer = try context.requireViewer()
        let id = try context.requireID("webhookId", "webhook endpoint")
        let endpoint = try await self.webhooks.endpoint(id, by: viewer)
        let csrf = context.sessionCSRFToken ?? ""
        let entries = try await self.webhooks.deliveries(of: id, by: viewer, limit: 100).map { delivery in
            LogPage.Entry(
                event: delivery.event.rawValue, createdAt: DateText.dateTime(delivery.createdAt, writer.language),
                status: delivery.status == .delivered ? t(.deliveryDelivered) : t(.deliveryPending),
                attempts: delivery.attempts,
                result: delivery.lastError ?? delivery.lastStatusCode.map { "HTTP \($0)" } ?? "",
                time: delivery.lastResponseMilliseconds.map { "\($0) ms" } ?? "",
                redeliverAction: "/account/webhooks/\(id.lowercasedText)/deliveries/\(delivery.id.lowercasedText)/redeliver",
                redeliverLabel: t(.redeliverButton) + ": " + delivery.event.rawValue + " " + DateText.dateTime(delivery.createdAt, writer.language),
                csrf: csrf)
        }
        let page = LogPage(
            csrf: csrf, notice: notice, caption: t(.webhookLogCaption, ["url": endpoint.url.absoluteString]), entries: entries)
        return try writer.hostPage("webhook-log", title: t(.webhookLogHeading), view: page, context: context)
    }
}
