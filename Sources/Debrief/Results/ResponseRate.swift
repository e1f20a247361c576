/// A response rate whose numerator is a subset of its denominator, or no rate and the reason.
///
/// Anonymous participants may answer without checking in, so "responses ÷ check-ins" can pass
/// 100 % (it did: 350 %). The rate of those checked in is therefore "checked-in people who
/// answered ÷ people checked in", and the rate of those expected is "responses ÷ expected head
/// count" only while it can be a share of them (more responses than expected people cannot be).
public struct ResponseRate: Sendable, Equatable {
    /// What the denominator counts.
    public enum Base: String, Sendable, Encodable {
        /// People who checked in (a repeated check-in counts once).
        case checkedIn
        /// The host's expected head count.
        case expectedHeadCount
    }

    /// Percent, rounded as every rate (one decimal); nil when there is no honest rate.
    public var percent: Double?
    /// Why `percent` is nil.
    public var reason: String?

    /// The rate of the people checked in: `responded` of `checkedIn`, withheld with the reason
    /// when members answered through personal links on an anonymous form (issue 68): those
    /// answers are tied to nobody, so "0 % of the 2 checked in answered" would be false, and
    /// counting them by the host's marks would tell whether a marked member answered
    /// (decision 77). The one rule the results and trends reports (and what renders them) use.
    public static func ofCheckedIn(_ responded: Int, in checkedIn: Int, unlinkedMemberAnswers: Int, anonymous: Bool) -> ResponseRate {
        if anonymous && unlinkedMemberAnswers > 0 && checkedIn > 0 {
            return ResponseRate(
                percent: nil,
                reason: "on an anonymous form, answers sent through personal links are tied to no check-in, "
                    + "so how many of those checked in answered is not known")
        }
        return Self.of(responded, in: checkedIn, base: .checkedIn)
    }

    /// `part` of `whole` people, where `part` must be a subset of `whole`.
    public static func of(_ part: Int, in whole: Int?, base: Base) -> ResponseRate {
        guard let whole else { return ResponseRate(percent: nil, reason: "no expected head count was given") }
        guard whole > 0 else {
            return ResponseRate(
                percent: nil, reason: base == .checkedIn ? "nobody has checked in" : "the expected head count is 0")
        }
        guard part <= whole else {
            return ResponseRate(
                percent: nil,
                reason: "more responses (\(part)) than people expected (\(whole)): anonymous answers cannot be matched to the people expected")
        }
        return ResponseRate(percent: ChartSeries.rounded(Statistics.percentage(part: part, of: whole)), reason: nil)
    }
}
