@testable import DebriefHTTP
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// The rows of the read record (decisions 91 and 97), a team's summary export (issue 70) and a series'
/// picture (decision 92).
extension AuthorizationMatrixTests {
    /// A PNG the upload route accepts.
    static let picture = (data: ImageFixtures.png(width: 40, height: 20), contentType: "image/png")

    static let recordAndPictureRows: [String: Row] = [
        // The record is the installation admins': a host (owner, co-host or not) gets 403.
        "GET /v1/audit": Row(access: .anyAccount, success: .ok, overrides: Self.hostsRefused),
        "GET /v1/audit.csv": Row(access: .anyAccount, success: .ok, overrides: Self.hostsRefused),
        // A team's rows are its admins' (the owner) and installation admins': its editors and
        // viewers get 403, an outsider 404 (decision 97).
        "GET /v1/teams/{teamId}/audit": Row(access: .series(.manage), success: .ok),
        "GET /v1/teams/{teamId}/audit.csv": Row(access: .series(.manage), success: .ok),
        // The owner is the team's admin, the co-hosts its members: any member reads its summary.
        "GET /v1/teams/{teamId}/export.csv": Row(access: .series(.read), success: .ok),
        "GET /v1/series/{id}/picture": Row(access: .series(.read), success: .ok, prepare: Self.putPicture),
        "PUT /v1/series/{id}/picture": Row(access: .series(.edit), success: .ok, bytes: Self.picture),
        "DELETE /v1/series/{id}/picture": Row(access: .series(.edit), success: .noContent, prepare: Self.putPicture),
        // An id that names no picture tells every caller the same; who sees an existing picture
        // (public once a form is published, else the series' hosts) is SeriesPictureFlowTests'.
        "GET /series-pictures/{pictureId}": Row(access: .anyone, success: .notFound),
    ]

    static let hostsRefused: [Caller: HTTPResponse.Status] = [
        .owner: .forbidden, .otherHost: .forbidden, .editor: .forbidden, .viewer: .forbidden,
    ]

    @Sendable static func putPicture(_ api: APIClient, _ world: World) async throws {
        let put = try await api.send(.put, "/v1/series/\(world.series)/picture", token: world.ownerToken, bytes: Self.picture)
        #expect(put.status == .ok, "\(put.text)")
    }
}
