import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// Co-hosts of a series (docs/decisions/0033-co-hosts.md): `GET`/`POST /v1/series/{id}/shares`,
/// `DELETE /v1/series/{id}/shares/{accountId}`, `POST`/`DELETE /v1/series/{id}/transfer` (offer,
/// cancel), and the receiver's `GET /v1/transfers`, `POST /v1/transfers/{id}/accept|decline`.
/// Anyone with a role reads the shares; only the owner (or an admin) changes them. No role at
/// all is a 404. Shares and offers answer 202 alike whether the address has an account or not.
struct SharingController {
    let sharing: SharingActions

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/shares") { _, context -> SeriesSharingResponse in
            let id = try context.requireID("id", "series")
            return SeriesSharingResponse(try await self.sharing.sharing(series: id, visibleTo: try context.requireViewer()))
        }
        group.post("series/:id/shares") { request, context -> EditedResponse<OfferedResponse> in
            let id = try context.requireID("id", "series")
            let shared = try await self.sharing.share(series: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: SeriesShareInput.self, context: context)
            }
            let detail = "if \(shared.email.normalized) is the address of a Debrief account, the series is shared with it as \(shared.role.rawValue)"
            return EditedResponse(status: .accepted, response: OfferedResponse(email: shared.email.normalized, detail: detail))
        }
        group.delete("series/:id/shares/:accountId") { _, context -> Response in
            let id = try context.requireID("id", "series")
            let account = try context.requireID("accountId", "share")
            try await self.sharing.revoke(series: id, account: account, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("series/:id/transfer") { request, context -> EditedResponse<OfferedResponse> in
            let id = try context.requireID("id", "series")
            let email = try await self.sharing.offerTransfer(series: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: SeriesTransferInput.self, context: context)
            }
            let detail = "if \(email.normalized) is the address of a Debrief account, it can accept the transfer"
            return EditedResponse(status: .accepted, response: OfferedResponse(email: email.normalized, detail: detail))
        }
        group.delete("series/:id/transfer") { _, context -> Response in
            try await self.sharing.cancelTransfer(series: try context.requireID("id", "series"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.get("transfers") { _, context -> TransferOffersResponse in
            TransferOffersResponse(
                transfers: try await self.sharing.transferOffers(to: try context.requireViewer()).map(TransferOfferResponse.init))
        }
        group.post("transfers/:transferId/accept") { request, context -> SeriesSharingResponse in
            let offer = try context.requireID("transferId", "transfer")
            // The body is optional: only a series with credentials made by others needs a choice.
            var request = request
            let body = try await request.body.collect(upTo: context.maxUploadSize)
            request.body = RequestBody(buffer: body)
            let input = body.readableBytes == 0 ? TransferAcceptInput() : try await request.decodeJSON(as: TransferAcceptInput.self, context: context)
            let choice = try input.validate().get()
            return SeriesSharingResponse(try await self.sharing.acceptTransfer(offer, by: try context.requireViewer(), credentials: choice))
        }
        group.post("transfers/:transferId/decline") { _, context -> Response in
            try await self.sharing.declineTransfer(try context.requireID("transferId", "transfer"), by: try context.requireViewer())
            return Response(status: .noContent)
        }
    }
}
