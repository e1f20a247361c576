import Foundation

/// Responses over time as a chart series with every bucket present, zeros included.
public enum Timeline {
    /// Spans longer than this are counted per hour instead of per minute, to keep charts readable.
    public static let maximumMinuteBuckets = 24 * 60

    /// Buckets from `start` to `end` (both rounded down to the bucket); `counts` are per minute.
    public static func series(from start: Date, to end: Date, perMinute counts: [(minute: Date, count: Int)]) -> ChartSeries {
        let startMinute = floor(start.timeIntervalSince1970 / 60)
        let endMinute = max(startMinute, floor(end.timeIntervalSince1970 / 60))
        let width: Double = endMinute - startMinute + 1 > Double(Self.maximumMinuteBuckets) ? 60 : 1
        let first = floor(startMinute / width) * width
        let bucketCount = Int((endMinute - first) / width) + 1
        var buckets = [Int](repeating: 0, count: bucketCount)
        var outside = 0
        for (minute, count) in counts {
            let index = Int((floor(minute.timeIntervalSince1970 / 60) - first) / width)
            if buckets.indices.contains(index) { buckets[index] += count } else { outside += count }
        }
        let unit = width == 1 ? "responses per minute" : "responses per hour"
        let categories = buckets.enumerated().map { index, count in
            let date = Date(timeIntervalSince1970: (first + Double(index) * width) * 60)
            let label = Date.ISO8601FormatStyle().format(date)
            return (category: label, label: label, count: count)
        }
        let total = buckets.reduce(0, +) + outside
        return ChartSeries(unit: unit, total: total, totalDescription: "responses in the period", categories: categories)
    }
}
