import Foundation

/// What a participant's view of a form hands out, so the submission can say when the form was
/// opened without the server writing a row per page view (docs/decisions/0036).
///
/// The text form is `<opened ms>.<seed hex>.<mac>`: the server time of the view in milliseconds
/// since 1970, a random per-view seed (it orders shuffled options, ``OptionOrder``), and an HMAC
/// over both and the form's code, which only the server can make (the store signs and checks it).
/// The domain only reads and writes the two plain parts; a ticket whose MAC does not check is
/// refused before it becomes an `OpenedTicket`.
public struct OpenedTicket: Sendable, Equatable {
    /// The server time of the view in milliseconds since 1970: the integer is what is signed, so
    /// a ticket reads back exactly (a `Date` would round through binary fractions).
    public let openedAtMilliseconds: Int64
    /// The per-view seed of the option order.
    public let seed: UInt64

    /// Creates a ticket, dropping what is below a millisecond (the text form keeps no more).
    public init(openedAt: Date, seed: UInt64) {
        self.init(milliseconds: Self.milliseconds(openedAt), seed: seed)
    }

    init(milliseconds: Int64, seed: UInt64) {
        self.openedAtMilliseconds = milliseconds
        self.seed = seed
    }

    /// The server time of the view.
    public var openedAt: Date {
        Date(timeIntervalSince1970: Double(self.openedAtMilliseconds) / 1000)
    }

    /// The longest ticket text accepted: a hostile body cannot make the server hash a megabyte.
    public static let maxLength = 128
    /// How far in the future a ticket may say it was opened (clocks of two instances differ a little).
    public static let clockSkew: TimeInterval = 60

    /// `<ms>.<seed hex>`, what the MAC covers (with the form's code) and the ticket starts with.
    public var payload: String {
        "\(self.openedAtMilliseconds).\(String(self.seed, radix: 16))"
    }

    /// The payload and the MAC of a ticket text, or nil when the text is not shaped like one.
    public static func split(_ text: String) -> (ticket: OpenedTicket, payload: String, mac: String)? {
        guard text.utf8.count <= Self.maxLength else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count <= 15, parts[1].count <= 16, !parts[2].isEmpty,
            parts[0].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isASCII),
            let ms = Int64(parts[0]), ms >= 0, let seed = UInt64(parts[1], radix: 16)
        else { return nil }
        let ticket = OpenedTicket(milliseconds: ms, seed: seed)
        // Only the canonical spelling counts, so one ticket has one text.
        guard ticket.payload == "\(parts[0]).\(parts[1])" else { return nil }
        return (ticket, ticket.payload, String(parts[2]))
    }

    /// Whether a ticket opened at this time may be used at `now`: not from the future beyond
    /// the clock skew between instances.
    public func isPlausible(at now: Date) -> Bool {
        self.openedAt.timeIntervalSince(now) <= Self.clockSkew
    }

    /// Whole milliseconds of `date`. A millisecond read back through a `Date` can land a hair
    /// below its integer (binary fractions); a microsecond's allowance brings it back, far above
    /// the rounding error of a `Date` in this century and far below anything that matters here.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000 + 0.001).rounded(.down))
    }
}
