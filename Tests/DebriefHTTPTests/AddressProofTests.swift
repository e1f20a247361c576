@testable import DebriefApp
import Debrief
import DebriefTestSupport
import Foundation
import HTTPTypes
import PQ
import Testing

/// Only a proven address counts for what trusts it (issue 47; docs/decisions/0054-verified-addresses.md):
/// a series transfer offered to an address, and a share given to an address, go to the account
/// that proved it holds that address, never to whoever registered it first with open sign-up.
@Suite("Addresses: only a proven address receives what is offered to it")
struct AddressProofTests {
    /// A host signed up with open sign-up that has not proven its address (the squatter).
    static func unprovenHost(_ api: ParticipantAPI) async throws -> SeriesSharingTests.Host {
        let email = try await api.signUp(proven: false)
        let login = try await api.send(.post, "/v1/tokens", json: ["email": email, "password": "correct horse battery"])
        let token = try #require(login.string("token"), "\(login.text)")
        return .init(email: email, token: token, id: try await SeriesSharingTests.me(api, token))
    }

    /// Failed before the fix: the unproven account saw the offer in `GET /v1/transfers` and took
    /// the series with `accept`.
    @Test func aTransferOfferedToAnAddressIsNotHandedToWhoeverRegisteredItFirst() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let squatter = try await Self.unprovenHost(api)
            let offered = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/transfer", token: fixture.hostToken, json: ["email": squatter.email])
            #expect(offered.status == .accepted, "\(offered.text)")
            let offers = try await api.send(.get, "/v1/transfers", token: squatter.token)
            #expect(offers.status == .ok)
            #expect((offers.json?["transfers"] as? [Any])?.isEmpty == true, "an unproven address sees no offer: \(offers.text)")
            let offerID: UUID = try await database.query("SELECT id FROM series_transfer_offers").single().decode("id")
            let accepted = try await api.send(.post, "/v1/transfers/\(offerID.uuidString.lowercased())/accept", token: squatter.token)
            #expect(accepted.status == .notFound, "\(accepted.text)")
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: squatter.token).status == .notFound)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: fixture.hostToken).string("role") == "owner")

            // Once that account proves the address (the link sent to it came back), the offer is its.
            _ = try await database.execute("UPDATE accounts SET email_verified_at = now() WHERE lower(email) = \(squatter.email)")
            let proven = try await api.send(.post, "/v1/transfers/\(offerID.uuidString.lowercased())/accept", token: squatter.token)
            #expect(proven.status == .ok, "\(proven.text)")
        }
    }

    /// Failed before the fix: the share was stored and the unproven account read the meeting.
    @Test func aShareGivenToAnUnprovenAddressStoresNothing() async throws {
        try await ParticipantAPI.run { api, database in
            let fixture = try await api.publish()
            let squatter = try await Self.unprovenHost(api)
            let shared = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": squatter.email, "role": "editor"])
            // Answered as for an address with no account: the sender learns nothing of which addresses have accounts.
            #expect(shared.status == .accepted, "\(shared.text)")
            #expect(try await database.query("SELECT 1 AS found FROM series_shares").isEmpty)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: squatter.token).status == .notFound)

            let colleague = try await SeriesSharingTests.host(api)
            let real = try await api.send(
                .post, "/v1/series/\(fixture.seriesID)/shares", token: fixture.hostToken, json: ["email": colleague.email, "role": "viewer"])
            #expect(real.status == .accepted)
            #expect(try await api.send(.get, "/v1/meetings/\(fixture.meetingID)", token: colleague.token).string("role") == "viewer")
        }
    }
}
