import Debrief
import Foundation
import PQ

/// What a response keeps about how it was given, beside its answers (docs/decisions/0036): when
/// the form was opened (from the verified ticket), whether a grid was straight-lined, and the
/// option order of each shuffled choice question as the server recomputed it.
public struct ResponseSignals: Sendable, Equatable {
    /// From the verified ticket; nil without one (the completion time is then unknown).
    public var openedAt: Date?
    /// The verified ticket's payload (``OpenedTicket/payload``), which binds it to the one
    /// response it times; nil without a ticket.
    public var openedTicket: String?
    public var straightLined: Bool
    /// Question key → option ids as presented (``OptionOrder/recorded(for:seed:)``).
    public var optionOrders: [String: [String]]

    public init(openedAt: Date? = nil, openedTicket: String? = nil, straightLined: Bool = false, optionOrders: [String: [String]] = [:]) {
        self.openedAt = openedAt
        self.openedTicket = openedTicket
        self.straightLined = straightLined
        self.optionOrders = optionOrders
    }

    /// The signals of `answers` to `form`, answered from the view of `ticket` (if any).
    public init(answers: [Answer], form: FormDefinition, ticket: OpenedTicket?) {
        self.init(
            openedAt: ticket?.openedAt, openedTicket: ticket?.payload, straightLined: StraightLining.isStraightLined(answers, in: form),
            optionOrders: OptionOrder.recorded(for: form, seed: ticket?.seed))
    }

    /// `option_orders` as JSON text (keys sorted, so equal orders are equal text); nil when empty.
    var optionOrdersJSON: String? {
        guard !self.optionOrders.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self.optionOrders)).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// True when the ticket `ticket` (its payload, or NULL) times the response being inserted: it
    /// was sent and no stored response used it yet. A ticket times one response; a second
    /// response sending it (a replayed ticket) has an unknown completion time, like one without
    /// a ticket. Two inserts racing with one ticket meet at `responses_one_per_opened_ticket`.
    static func ticketUsable(_ ticket: SQLQuery) -> SQLQuery {
        "(\(ticket) IS NOT NULL AND NOT EXISTS (SELECT 1 FROM responses u WHERE u.opened_ticket = \(ticket)))"
    }

    /// The `opened_at` and `opened_ticket` of a response submitted at `submitted` (columns of the
    /// statement): the ticket's time, never later than the submission (a ticket of an instance
    /// whose clock runs a little ahead), when `usable` (``ticketUsable(_:)``); else both NULL —
    /// the time is unknown, not the submission's (`least` alone would skip a NULL).
    static func opened(_ opened: SQLQuery, ticket: SQLQuery, usable: SQLQuery, submitted: SQLQuery) -> SQLQuery {
        "CASE WHEN \(usable) THEN least(\(opened), \(submitted)) END, CASE WHEN \(usable) THEN \(ticket) END"
    }
}
