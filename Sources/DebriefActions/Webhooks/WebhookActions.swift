import Debrief
import DebriefStore
import Foundation

/// What a host may do with webhooks: register endpoints (the secret shown once), list them, read
/// a delivery log, redeliver, enable a disabled endpoint, delete. The JSON API and the webhooks
/// page both call these.
public struct WebhookActions: Sendable {
    let endpoints: WebhookEndpointStore
    let sender: any WebhookSender
    let caps: WebhookCaps

    public init(endpoints: WebhookEndpointStore, sender: any WebhookSender, caps: WebhookCaps = WebhookCaps()) {
        self.endpoints = endpoints
        self.sender = sender
        self.caps = caps
    }

    /// Validates and registers; a URL the operator's policy refuses is a problem at `url`, one
    /// endpoint past the account's cap a conflict naming it.
    public func create(_ input: WebhookEndpointInput, by viewer: Viewer) async throws -> CreatedWebhookEndpoint {
        let draft = try input.validated()
        if let refusal = self.sender.refusal(of: draft.url) {
            throw ValidationFailure(problems: [FieldProblem("url", refusal)])
        }
        return try await self.endpoints.create(draft, by: viewer, cap: self.caps.endpointsPerAccount)
    }

    public func list(by viewer: Viewer) async throws -> [WebhookEndpoint] {
        try await self.endpoints.list(by: viewer)
    }

    public func endpoint(_ id: UUID, by viewer: Viewer) async throws -> WebhookEndpoint {
        try await self.endpoints.find(id, by: viewer)
    }

    public func delete(_ id: UUID, by viewer: Viewer) async throws {
        try await self.endpoints.delete(id, by: viewer)
    }

    public func enable(_ id: UUID, by viewer: Viewer) async throws -> WebhookEndpoint {
        try await self.endpoints.enable(id, by: viewer)
    }

    public func deliveries(of id: UUID, by viewer: Viewer, limit: Int = 50) async throws -> [WebhookDelivery] {
        try await self.endpoints.deliveries(of: id, by: viewer, limit: limit)
    }

    public func redeliver(_ delivery: UUID, of id: UUID, by viewer: Viewer) async throws -> WebhookDelivery {
        try await self.endpoints.redeliver(delivery, of: id, by: viewer, cap: self.caps.redeliveriesPerEndpoint)
    }
}
