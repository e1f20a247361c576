import Foundation

/// The first slot of a given length that overlaps none of a host's meetings: what "New meeting"
/// pre-fills, so the form never suggests a time the no-overlap rule then refuses.
public enum FreeSlot {
    /// The first start at or after `earliest` on a full hour of `zone` (a zone half an hour off
    /// UTC gets its own full hours) whose `duration` overlaps none of `busy`. A busy time pushes
    /// the candidate to the first full hour at or after its end; meetings touching end to start
    /// do not overlap (the database's ranges are half-open).
    public static func first(after earliest: Date, lasting duration: TimeInterval, busy: [DateInterval], in zone: TimeZone) -> Date {
        var start = Self.fullHour(atOrAfter: earliest, in: zone)
        // Sorted by start, each busy time is looked at once: the candidate only moves later.
        for interval in busy.sorted(by: { $0.start < $1.start }) {
            if interval.start < start.addingTimeInterval(duration) && start < interval.end {
                start = Self.fullHour(atOrAfter: interval.end, in: zone)
            }
        }
        return start
    }

    /// `date` itself when it is on a full hour of `zone`, else the next full hour.
    public static func fullHour(atOrAfter date: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date)
        guard let hour = calendar.date(from: parts) else { return date }
        return hour < date ? hour.addingTimeInterval(3600) : hour
    }
}
