import Debrief
import Foundation
import Hummingbird

/// One host with access to a series: `{"accountId","email","displayName","role","since"}`.
struct SeriesShareResponse: ResponseEncodable {
    var accountID: UUID
    var email: String
    var displayName: String
    var role: SeriesRole
    var since: Date

    enum CodingKeys: String, CodingKey {
        case accountID = "accountId", email, displayName, role, since
    }

    init(_ share: SeriesShare) {
        self.accountID = share.accountID
        self.email = share.email
        self.displayName = share.displayName
        self.role = share.role
        self.since = share.createdAt
    }
}

/// Who has access to a series: `{"seriesId","owner","shares","yourRole"}`.
struct SeriesSharingResponse: ResponseEncodable {
    var seriesID: UUID
    var owner: SeriesShareResponse
    var shares: [SeriesShareResponse]
    var yourRole: SeriesRole

    enum CodingKeys: String, CodingKey {
        case seriesID = "seriesId", owner, shares, yourRole
    }

    init(_ sharing: SeriesSharing) {
        self.seriesID = sharing.seriesID
        self.owner = SeriesShareResponse(sharing.owner)
        self.shares = sharing.shares.map(SeriesShareResponse.init)
        self.yourRole = sharing.viewerRole
    }
}
