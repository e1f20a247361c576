import Debrief
import DebriefActions
import Foundation
import Hummingbird

/// Co-hosts of a series (docs/decisions/0033-co-hosts.md): `GET`/`POST /v1/series/{id}/shares`,
/// `DELETE /v1/series/{id}/shares/{accountId}`, `POST /v1/series/{id}/transfer`. Anyone with a
/// role reads the shares; only the owner (or an admin) changes them. No role at all is a 404.
struct SharingController {
    let sharing: SharingActions

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get("series/:id/shares") { _, context -> SeriesSharingResponse in
            let id = try context.requireID("id", "series")
            return SeriesSharingResponse(try await self.sharing.sharing(series: id, visibleTo: try context.requireViewer()))
        }
        group.post("series/:id/shares") { request, context -> EditedResponse<SeriesShareResponse> in
            let id = try context.requireID("id", "series")
            let (share, created) = try await self.sharing.share(series: id, by: try context.requireViewer()) {
                try await request.decodeJSON(as: SeriesShareInput.self, context: context)
            }
            return EditedResponse(status: created ? .created : .ok, response: SeriesShareResponse(share))
        }
        group.delete("series/:id/shares/:accountId") { _, context -> Response in
            let id = try context.requireID("id", "series")
            let account = try context.requireID("accountId", "share")
            try await self.sharing.revoke(series: id, account: account, by: try context.requireViewer())
            return Response(status: .noContent)
        }
        group.post("series/:id/transfer") { request, context -> SeriesSharingResponse in
            let id = try context.requireID("id", "series")
            return SeriesSharingResponse(
                try await self.sharing.transfer(series: id, by: try context.requireViewer()) {
                    try await request.decodeJSON(as: SeriesTransferInput.self, context: context)
                })
        }
    }
}
