import Foundation

/// When responses arrived, as a histogram of whole epoch minutes.
///
/// Kept per minute (not per response) so it is a tally that can be added up incrementally and
/// read at the same cost for a thousand responses or a million: the timeline is the histogram
/// itself, and the median delay is read off it (see ``medianMinutes(after:)``).
public struct ResponseTimes: Sendable, Equatable {
    /// Epoch minute (rounded down) → responses submitted in it. No zero entries.
    public private(set) var counts: [Int64: Int]

    public init(perMinute counts: [Int64: Int] = [:]) {
        self.counts = counts.filter { $0.value != 0 }
    }

    /// The histogram of some submission times.
    public init(times: some Sequence<Date>) {
        var counts: [Int64: Int] = [:]
        for time in times {
            counts[Int64((time.timeIntervalSince1970 / 60).rounded(.down)), default: 0] += 1
        }
        self.init(perMinute: counts)
    }

    public var total: Int { self.counts.values.reduce(0, +) }

    /// Responses before the meeting, during it and after it. Times are kept per minute, so a
    /// response counts in the part its minute begins in: one sent in the very minute a meeting
    /// starts or ends may count in the part next to it.
    public func split(start: Date, end: Date) -> (before: Int, during: Int, after: Int) {
        let startMinute = Self.minute(start), endMinute = Self.minute(end)
        var parts = (before: 0, during: 0, after: 0)
        for (minute, count) in self.counts {
            if minute < startMinute {
                parts.before += count
            } else if minute < endMinute {
                parts.during += count
            } else {
                parts.after += count
            }
        }
        return parts
    }

    /// Only the responses of the minutes from the one holding `date` on.
    public func from(_ date: Date) -> ResponseTimes {
        let first = Self.minute(date)
        return ResponseTimes(perMinute: self.counts.filter { $0.key >= first })
    }

    static func minute(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 / 60).rounded(.down))
    }

    /// Responses per minute (minute start → count), in time order, minutes without responses
    /// left out.
    public var perMinute: [(minute: Date, count: Int)] {
        self.counts.sorted { $0.key < $1.key }.map { (minute: Date(timeIntervalSince1970: Double($0.key * 60)), count: $0.value) }
    }

    /// The median time from `end` to a response, in minutes, as the median of grouped data: the
    /// minute holding the middle response, plus the fraction of that minute's responses needed
    /// to reach the middle (responses taken as spread evenly within their minute). It lies in the
    /// minutes of the middle responses, as the exact median does (so within a minute of it when
    /// responses arrive every minute, as they do after a meeting); nil without responses.
    public func medianMinutes(after end: Date) -> Double? {
        let total = self.total
        guard total > 0 else { return nil }
        let middle = Double(total) / 2
        var before = 0
        for (minute, count) in self.counts.sorted(by: { $0.key < $1.key }) {
            if Double(before + count) >= middle {
                let start = (Double(minute * 60) - end.timeIntervalSince1970) / 60
                return start + (middle - Double(before)) / Double(count)
            }
            before += count
        }
        return nil
    }
}
