import Debrief
import Foundation
import PQ

/// What a response keeps about how it was given, beside its answers (docs/decisions/0036): when
/// the form was opened (from the verified ticket), whether a grid was straight-lined, and the
/// option order of each shuffled choice question as the server recomputed it.
public struct ResponseSignals: Sendable, Equatable {
    /// From the verified ticket; nil without one (a linked check-in's time is used then).
    public var openedAt: Date?
    public var straightLined: Bool
    /// Question key → option ids as presented (``OptionOrder/recorded(for:seed:)``).
    public var optionOrders: [String: [String]]

    public init(openedAt: Date? = nil, straightLined: Bool = false, optionOrders: [String: [String]] = [:]) {
        self.openedAt = openedAt
        self.straightLined = straightLined
        self.optionOrders = optionOrders
    }

    /// The signals of `answers` to `form`, answered from the view of `ticket` (if any).
    public init(answers: [Answer], form: FormDefinition, ticket: OpenedTicket?) {
        self.init(
            openedAt: ticket?.openedAt, straightLined: StraightLining.isStraightLined(answers, in: form),
            optionOrders: OptionOrder.recorded(for: form, seed: ticket?.seed))
    }

    /// `option_orders` as JSON text (keys sorted, so equal orders are equal text); nil when empty.
    var optionOrdersJSON: String? {
        guard !self.optionOrders.isEmpty else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self.optionOrders)).flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The `opened_at` of a response submitted at `submitted` and linked to check-in `checkIn`
    /// (a column of the statement, or NULL): the ticket's time, else the check-in's, never later
    /// than the submission (a ticket of an instance whose clock runs a little ahead); NULL with
    /// neither (`least` alone would skip the NULL and date the opening at the submission).
    static func openedAt(_ opened: SQLQuery, checkIn: SQLQuery, submitted: SQLQuery) -> SQLQuery {
        """
        CASE WHEN \(opened) IS NOT NULL THEN least(\(opened), \(submitted))
            ELSE (SELECT least(ci.checked_in_at, \(submitted)) FROM check_ins ci WHERE ci.id = \(checkIn)) END
        """
    }
}
