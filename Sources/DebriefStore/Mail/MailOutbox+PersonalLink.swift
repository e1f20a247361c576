import Debrief
import Foundation
import PQ

extension MailOutbox {
    /// Writes a roster message that carries a member's personal link, and keeps the link's hash
    /// in the same transaction — only when the message is written (a duplicate or a message held
    /// back by the caps leaves no link behind; the next pass mints another).
    public func enqueue(_ mail: OutgoingMail, caps: MailCaps, carrying link: PersonalLink) async throws -> Enqueued {
        try await self.database.withTransaction { connection in
            let result = try await Self.enqueue(mail, caps: caps, on: connection)
            if case .written = result { try await link.record(on: connection) }
            return result
        }
    }
}
