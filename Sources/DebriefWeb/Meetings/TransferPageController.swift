import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import HTTPTypes
import Hummingbird

/// `/transfers`: the meeting series other hosts offered the signed-in host, each to accept or
/// decline (docs/decisions/0033-co-hosts.md). Accepting makes them the owner of every session.
struct TransferPageController {
    let sharing: SharingActions

    struct TransfersPage {
        struct Offer {
            var title: String
            var from: String
            var acceptAction: String
            var declineAction: String
            var acceptLabel: String
            var declineLabel: String
            /// The series' credentials made by others, each with its maker: accepting asks to keep or replace them.
            var credentials: [String]
            var radioKeep: String
            var radioReplace: String
        }

        var offers: [Offer]
        var notice: String?
        var error: String?
        var csrf: String
    }

    func addRoutes(to signedIn: RouterGroup<AppRequestContext>) {
        let group = signedIn.group("transfers")
        group.get(use: self.show)
        group.post(":transferId/accept", use: self.accept)
        group.post(":transferId/decline", use: self.decline)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await self.render(request, context)
    }

    @Sendable func accept(_ request: Request, context: AppRequestContext) async throws -> Response {
        let fields = try await context.postedFields(request)
        let t = Localizer(Language(request.headers))
        let offer = try context.requireID("transferId", "transfer")
        let viewer = try context.requireViewer()
        let title = try await self.sharing.transferOffers(to: viewer).first { $0.id == offer }?.title ?? ""
        do {
            let choice = try TransferAcceptInput(credentials: fields["credentials"]).validate().get()
            _ = try await self.sharing.acceptTransfer(offer, by: viewer, credentials: choice)
            return try await self.render(request, context, notice: t(.transferAccepted, ["title": title]))
        } catch let error as DebriefError where error.code == .conflict {
            return try await self.render(request, context, error: t(.transferOverlaps), status: .conflict)
        } catch is ValidationFailure {
            return try await self.render(request, context, error: t(.transferCredentialsRequired), status: .unprocessableContent)
        }
    }

    @Sendable func decline(_ request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await context.postedFields(request)
        try await self.sharing.declineTransfer(try context.requireID("transferId", "transfer"), by: try context.requireViewer())
        return try await self.render(request, context, notice: Localizer(Language(request.headers))(.transferDeclined))
    }

    private func render(
        _ request: Request, _ context: AppRequestContext, notice: String? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let writer = try PageWriter(request)
        let t = writer.localizer
        let offers = try await self.sharing.transferOffers(to: try context.requireViewer()).map { offer in
            let id = offer.id.lowercasedText
            let from = [offer.fromName, offer.fromEmail.map { "<\($0)>" }].compactMap { $0 }.joined(separator: " ")
            let credentials = offer.credentials.map { credential in
                t(.transferCredentialMadeBy, [
                    "kind": t(Self.label(credential.kind)),
                    "maker": credential.madeBy.map { [$0.displayName, "<\($0.email)>"].compactMap { $0 }.joined(separator: " ") }
                        ?? t(.transferCredentialGone),
                    "date": DateText.dateTime(credential.createdAt, writer.language),
                ])
            }
            return TransfersPage.Offer(
                title: offer.title, from: t(.transferFrom, ["from": from, "date": DateText.dateTime(offer.offeredAt, writer.language)]),
                acceptAction: "/transfers/\(id)/accept", declineAction: "/transfers/\(id)/decline",
                acceptLabel: t(.transferAcceptButton) + ": " + offer.title, declineLabel: t(.transferDeclineButton) + ": " + offer.title,
                credentials: credentials, radioKeep: "keep-\(id)", radioReplace: "replace-\(id)")
        }
        let page = TransfersPage(offers: offers, notice: notice, error: error, csrf: context.sessionCSRFToken ?? "")
        return try writer.hostPage("transfers", title: t(.transfersHeading), view: page, context: context, status: status)
    }

    /// A credential's name on the page.
    static func label(_ kind: SeriesCredential.Kind) -> SharingPhrase {
        switch kind {
        case .calendarFeed: return .transferCredentialFeed
        case .liveSheet: return .transferCredentialSheet
        case .chatChannel, .webhook: return .transferCredentialChannel
        }
    }
}
