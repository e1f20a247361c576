/// Completion times and straight-lining as the store tallies them (SQL/0035): responses by whole
/// seconds from opening to submitting (capped at ``cap``, or unknown) and by whether they
/// straight-lined. Enough to count speeders under any threshold a host may set, exactly, and the
/// median completion time, without reading the responses themselves.
public struct CompletionTally: Sendable, Equatable {
    /// The highest bucket: the highest threshold a host may set, so `seconds < threshold` is exact.
    public static let cap = SpeederThreshold.range.upperBound

    /// How many responses fall in one bucket, and how many of them straight-lined.
    public struct Bucket: Sendable, Equatable {
        public var responses = 0
        public var straightLined = 0
    }

    /// By whole seconds (`nil`: the opened time is unknown).
    public private(set) var buckets: [Int?: Bucket] = [:]

    public init() {}

    /// Adds `count` responses of the tally value `<seconds or ->|<0 or 1>`; false when the value
    /// is not of that shape.
    public mutating func add(value: String, count: Int) -> Bool {
        let parts = value.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "0" || parts[1] == "1" else { return false }
        let seconds: Int?
        if parts[0] == "-" {
            seconds = nil
        } else if let whole = Int(parts[0]), (0...Self.cap).contains(whole) {
            seconds = whole
        } else {
            return false
        }
        self.buckets[seconds, default: Bucket()].responses += count
        if parts[1] == "1" { self.buckets[seconds, default: Bucket()].straightLined += count }
        return true
    }

    /// Adds another tally (another version's).
    public mutating func add(_ other: CompletionTally) {
        for (seconds, bucket) in other.buckets {
            self.buckets[seconds, default: Bucket()].responses += bucket.responses
            self.buckets[seconds, default: Bucket()].straightLined += bucket.straightLined
        }
    }

    /// The counts under a speeder threshold of `threshold` seconds: a timed response faster than
    /// it is a speeder; the median is that of the whole seconds (the middle two averaged, as
    /// SQL's `percentile_cont(0.5)`).
    public func quality(threshold: Int) -> QualityCounts {
        var quality = QualityCounts()
        var timed: [(seconds: Int, responses: Int)] = []
        for (seconds, bucket) in self.buckets {
            quality.straightLined += bucket.straightLined
            guard let seconds else {
                quality.flagged += bucket.straightLined
                continue
            }
            quality.timed += bucket.responses
            timed.append((seconds, bucket.responses))
            if seconds < threshold {
                quality.speeders += bucket.responses
                quality.flagged += bucket.responses
            } else {
                quality.flagged += bucket.straightLined
            }
        }
        quality.medianSeconds = Self.median(timed.sorted { $0.seconds < $1.seconds }, count: quality.timed)
        return quality
    }

    private static func median(_ sorted: [(seconds: Int, responses: Int)], count: Int) -> Double? {
        guard count > 0 else { return nil }
        func value(at index: Int) -> Int {
            var seen = 0
            for entry in sorted {
                seen += entry.responses
                if index < seen { return entry.seconds }
            }
            return sorted.last?.seconds ?? 0
        }
        return Double(value(at: (count - 1) / 2) + value(at: count / 2)) / 2
    }
}
