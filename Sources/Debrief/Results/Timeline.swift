import Foundation

/// Responses over time as a chart series with every bucket present, zeros included.
public enum Timeline {
    /// At most this many buckets, whatever the span: a chart stays readable (240 points are 1.6 px
    /// apart across a phone's 390 px), and a form published hours or months before its meeting
    /// does not make every results read build, encode and send a huge series.
    /// At 1,440 a form open twelve hours carried 722 one-minute buckets, 84 of its report's 91 KB,
    /// and encoding them was most of each recomputation (docs/decisions/0110).
    public static let maximumBuckets = 240

    /// Bucket widths in minutes, narrowest first, with the unit each is shown in.
    static let widths: [(minutes: Double, unit: String)] = [
        (1, "responses per minute"), (5, "responses per 5 minutes"), (15, "responses per 15 minutes"),
        (60, "responses per hour"), (360, "responses per 6 hours"), (1440, "responses per day"),
        (10_080, "responses per week"),
    ]

    /// The bucket width, in minutes, of a series whose `unit` is `unit` (nil for a unit no
    /// timeline uses), so a chart can name it in another language.
    public static func bucketMinutes(ofUnit unit: String) -> Int? {
        Self.widths.first { $0.unit == unit }.map { Int($0.minutes) }
    }

    /// Buckets from `start` to `end` (both rounded down to the bucket), in the narrowest width
    /// that fits ``maximumBuckets``; `counts` are per minute. Past a week per bucket, only the
    /// newest buckets are shown and the rest is still in `total`.
    public static func series(from start: Date, to end: Date, perMinute counts: [(minute: Date, count: Int)]) -> ChartSeries {
        let startMinute = floor(start.timeIntervalSince1970 / 60)
        let endMinute = max(startMinute, floor(end.timeIntervalSince1970 / 60))
        let width = Self.widths.first { (endMinute - floor(startMinute / $0.minutes) * $0.minutes) / $0.minutes < Double(Self.maximumBuckets) }
            ?? Self.widths[Self.widths.count - 1]
        let last = floor(endMinute / width.minutes) * width.minutes
        let first = max(floor(startMinute / width.minutes) * width.minutes, last - Double(Self.maximumBuckets - 1) * width.minutes)
        let bucketCount = Int((last - first) / width.minutes) + 1
        var buckets = [Int](repeating: 0, count: bucketCount)
        var outside = 0
        for (minute, count) in counts {
            let index = Int(((floor(minute.timeIntervalSince1970 / 60) - first) / width.minutes).rounded(.down))
            if buckets.indices.contains(index) { buckets[index] += count } else { outside += count }
        }
        let style = Date.ISO8601FormatStyle()
        let categories = buckets.enumerated().map { index, count in
            let label = style.format(Date(timeIntervalSince1970: (first + Double(index) * width.minutes) * 60))
            return (category: label, label: label, count: count)
        }
        let total = buckets.reduce(0, +) + outside
        return ChartSeries(unit: width.unit, total: total, totalDescription: "responses in the period", categories: categories)
    }
}
