import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// The answer to a share or a transfer offer: the same whether the address has an account or
/// not, `{"email","detail"}` (202).
struct OfferedResponse: ResponseEncodable {
    var email: String
    var detail: String
}

/// A transfer offered to the caller: `{"id","seriesId","title","from","offeredAt"}`.
struct TransferOfferResponse: ResponseEncodable {
    struct From: Encodable {
        var email: String?
        var displayName: String?
    }

    var id: UUID
    var seriesID: UUID
    var title: String
    var from: From
    var offeredAt: Date
    /// The team offered to, when the caller answers as its admin (decision 90); absent otherwise.
    var team: OfferedTeam?
    /// The series' feed and chat channel made by others: accepting keeps or replaces them.
    var credentials: [Credential]

    /// A credential of the series and who made it (nil `madeBy`: that account is gone).
    struct Credential: Encodable {
        var kind: String
        var madeBy: From?
        var createdAt: Date
    }

    /// The team an offer is made to: `{"id","name"}`.
    struct OfferedTeam: Encodable {
        var id: UUID
        var name: String
    }

    enum CodingKeys: String, CodingKey {
        case id, seriesID = "seriesId", title, from, offeredAt, team, credentials
    }

    init(_ offer: SeriesTransferStore.Offer) {
        self.id = offer.id
        self.seriesID = offer.seriesID
        self.title = offer.title
        self.from = From(email: offer.fromEmail, displayName: offer.fromName)
        self.offeredAt = offer.offeredAt
        self.team = offer.toTeamID.map { OfferedTeam(id: $0, name: offer.toTeamName ?? "") }
        self.credentials = offer.credentials.map { credential in
            Credential(
                kind: credential.kind.rawValue, madeBy: credential.madeBy.map { From(email: $0.email, displayName: $0.displayName) },
                createdAt: credential.createdAt)
        }
    }
}

/// `{"transfers": [...]}`: the offers made to the caller, newest first.
struct TransferOffersResponse: ResponseEncodable {
    var transfers: [TransferOfferResponse]
}
