import Debrief
import Foundation

/// Signs and checks the "opened" tickets a participant's view hands out (``OpenedTicket``,
/// docs/decisions/0036): `<ms>.<seed hex>.<mac>`, the MAC over the form's code and both plain
/// parts under a server key of its own, so a ticket of another form, a changed time or a made-up
/// seed does not check.
public struct OpenedTickets: Sendable {
    static let purpose = "opened-ticket"
    let signer: SignedText

    public init(keys: ServerKeys) {
        self.signer = SignedText(keys: keys, purpose: Self.purpose)
    }

    /// A fresh ticket for a view of the form behind `code` at `now`, with a random seed.
    public func issue(code: String, at now: Date = Date()) async throws -> (ticket: OpenedTicket, text: String) {
        try await self.sign(OpenedTicket(openedAt: now, seed: UInt64.random(in: .min ... .max)), code: code)
    }

    /// The text of `ticket` for the form behind `code`.
    public func sign(_ ticket: OpenedTicket, code: String) async throws -> (ticket: OpenedTicket, text: String) {
        let mac = try await self.signer.mac(Self.message(code: code, payload: ticket.payload))
        return (ticket, ticket.payload + "." + mac)
    }

    /// The ticket `text` stands for, when this server issued it for the form behind `code`; nil
    /// when it is malformed, forged, or another form's.
    public func verify(_ text: String, code: String) async throws -> OpenedTicket? {
        guard let parts = OpenedTicket.split(text),
            try await self.signer.isValid(mac: parts.mac, for: Self.message(code: code, payload: parts.payload))
        else { return nil }
        return parts.ticket
    }

    private static func message(code: String, payload: String) -> String {
        "opened:\(code):\(payload)"
    }
}
