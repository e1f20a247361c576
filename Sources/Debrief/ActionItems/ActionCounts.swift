/// How a session's actions stand, counted: what trends draw as the actions' completion rate and
/// what the digest says of the previous session ("2 of 3 done"). Counts only, never a title or
/// an owner: a viewer co-host and a chat channel see how many, not who or what (decision 74).
public struct ActionCounts: Sendable, Equatable, Encodable {
    public var done: Int
    public var open: Int
    public var dropped: Int

    /// A session with no actions.
    public static let none = ActionCounts(done: 0, open: 0, dropped: 0)

    public init(done: Int, open: Int, dropped: Int) {
        self.done = done
        self.open = open
        self.dropped = dropped
    }

    /// Every action recorded at the session, whatever its status.
    public var total: Int { self.done + self.open + self.dropped }

    /// `done ÷ (done + open + dropped)` in percent, rounded as every rate (one decimal); nil when
    /// the session has no actions, which is no rate rather than 0 %. A dropped action counts
    /// against the rate: it was decided and not done.
    public var completionRate: Double? {
        guard self.total > 0 else { return nil }
        return ChartSeries.rounded(Statistics.percentage(part: self.done, of: self.total))
    }

    enum CodingKeys: String, CodingKey {
        case done, open, dropped, total, completionRate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.done, forKey: .done)
        try container.encode(self.open, forKey: .open)
        try container.encode(self.dropped, forKey: .dropped)
        try container.encode(self.total, forKey: .total)
        // Written as null, not left out: "no actions" is an answer a chart draws as a gap.
        try container.encode(self.completionRate, forKey: .completionRate)
    }
}
