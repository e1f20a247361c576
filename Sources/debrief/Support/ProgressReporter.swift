import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress of `debrief export`, `backup` and `restore` on standard error, as `pg_dump
/// --verbose` and curl show theirs: rows, bytes, rate and, when the total is known, time left.
///
/// One line, redrawn in place (`\r`) at most once per ``interval`` of its clock, then a summary
/// line when the work is done. It only ever writes to a terminal (``standardError(label:quiet:)``
/// is nil when standard error is a file or a pipe, or with `--quiet`): logs and pipelines stay as
/// they were, and standard output, which may be the CSV itself, is never touched.
///
/// The clock and the sink are injected so the throttle is tested at chosen instants.
final class ProgressReporter: Sendable {
    /// What the work has done so far. `rows` is nil where nothing counts them (an .xlsx export).
    struct Counts: Equatable, Sendable {
        var rows: Int?
        var bytes: Int
    }

    /// The line's prefix: `debrief export`.
    let label: String
    /// How many rows the whole work moves, when a cheap count knows it; without it no percentage
    /// and no time left are shown (an invented total would be a wrong promise).
    let totalRows: Int?
    /// The least time between two drawn lines.
    let interval: Duration
    /// Time since an arbitrary start, never going back (``ContinuousClock`` outside tests).
    private let clock: @Sendable () -> Duration
    private let write: @Sendable (String) -> Void
    private let state: Mutex<State>

    private struct State {
        var started: Duration
        var lastDrawn: Duration?
        /// The characters of the line on screen, to blank what a shorter line leaves of it.
        var drawnWidth = 0
        var finished = false
        /// The counts of the lines drawn in the last ``ProgressReporter/rateWindow``: the rate is
        /// measured from the oldest, so a slow start (planning, the first range's query) fades
        /// out of the time left instead of weighing on it to the end, as curl's meter does.
        var recent: [(at: Duration, counts: Counts)] = []
    }

    /// How far back the rate of the progress line looks.
    static let rateWindow: Duration = .seconds(5)

    init(
        label: String, totalRows: Int?, interval: Duration = .milliseconds(250),
        clock: @escaping @Sendable () -> Duration, write: @escaping @Sendable (String) -> Void
    ) {
        self.label = label
        self.totalRows = totalRows
        self.interval = interval
        self.clock = clock
        self.write = write
        self.state = Mutex(State(started: clock()))
    }

    /// A reporter on standard error when it is a terminal and `--quiet` was not given; else nil,
    /// and the command prints no progress at all.
    static func standardError(label: String, totalRows: Int? = nil, quiet: Bool) -> ProgressReporter? {
        guard !quiet, isatty(STDERR_FILENO) == 1 else { return nil }
        let start = ContinuousClock.now
        return ProgressReporter(
            label: label, totalRows: totalRows, clock: { ContinuousClock.now - start },
            write: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Whether standard error would show progress (for work that must first count its total).
    static func wouldShow(quiet: Bool) -> Bool {
        !quiet && isatty(STDERR_FILENO) == 1
    }

    /// Redraws the line with `counts` if ``interval`` has passed since the last one (or since the
    /// start, so work shorter than that shows only its summary).
    func update(_ counts: Counts) {
        let now = self.clock()
        let text: String? = self.state.withLock { state in
            guard !state.finished, now - (state.lastDrawn ?? state.started) >= self.interval else { return nil }
            state.lastDrawn = now
            let since = state.recent.first ?? (state.started, Counts(rows: counts.rows.map { _ in 0 }, bytes: 0))
            let rate = Counts(
                rows: counts.rows.map { $0 - (since.counts.rows ?? 0) }, bytes: counts.bytes - since.counts.bytes)
            let line = Self.progressLine(self.label, counts, totalRows: self.totalRows, rate: rate, over: now - since.at)
            state.recent.append((now, counts))
            state.recent.removeAll { now - $0.at > Self.rateWindow }
            return Self.redraw(line, over: &state.drawnWidth)
        }
        if let text { self.write(text) }
    }

    /// Draws the summary over the progress line and ends it; later calls print nothing.
    func finish(_ counts: Counts) {
        let now = self.clock()
        let text: String? = self.state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            let line = Self.summaryLine(self.label, counts, elapsed: now - state.started)
            return Self.redraw(line, over: &state.drawnWidth) + "\n"
        }
        if let text { self.write(text) }
    }

    /// Ends a drawn progress line after a failure, so the error starts a line of its own; later
    /// calls print nothing.
    func interrupt() {
        let drawn: Bool = self.state.withLock { state in
            defer { state.finished = true }
            return !state.finished && state.lastDrawn != nil
        }
        if drawn { self.write("\n") }
    }

    /// `\r`, the line, and blanks over what is left of a longer line drawn before.
    private static func redraw(_ line: String, over width: inout Int) -> String {
        let padding = String(repeating: " ", count: max(0, width - line.count))
        width = line.count
        return "\r" + line + padding
    }

    /// `debrief export: 412,000 of 1,000,000 rows (41%), 210.3 MB, 40,000 rows/s, 20.4 MB/s, 15 s left`;
    /// without a total, no percentage and no time left; without rows (a workbook), bytes only.
    /// The rates are `rate`'s counts over `duration`.
    static func progressLine(_ label: String, _ counts: Counts, totalRows: Int?, rate: Counts, over duration: Duration) -> String {
        var parts: [String] = []
        if let rows = counts.rows {
            if let totalRows, totalRows > 0 {
                let percent = min(100, rows * 100 / totalRows)
                parts.append("\(Self.grouped(rows)) of \(Self.grouped(totalRows)) rows (\(percent)%)")
            } else {
                parts.append(Self.rows(rows))
            }
        }
        parts.append(Self.bytes(counts.bytes))
        let seconds = Self.seconds(duration)
        if seconds > 0 {
            let rowRate = rate.rows.map { Double($0) / seconds }
            if let rowRate { parts.append("\(Self.grouped(Int(rowRate.rounded()))) rows/s") }
            parts.append(Self.bytes(Int((Double(rate.bytes) / seconds).rounded())) + "/s")
            if let rows = counts.rows, let totalRows, let rowRate, rows < totalRows, rowRate > 0 {
                parts.append(Self.duration(Double(totalRows - rows) / rowRate) + " left")
            }
        }
        return "\(label): " + parts.joined(separator: ", ")
    }

    /// `debrief export: 1,000,000 rows, 507.6 MB in 24.6 s (40,650 rows/s, 20.6 MB/s)`.
    static func summaryLine(_ label: String, _ counts: Counts, elapsed: Duration) -> String {
        var done: [String] = []
        if let rows = counts.rows { done.append(Self.rows(rows)) }
        done.append(Self.bytes(counts.bytes))
        let seconds = Self.seconds(elapsed)
        var line = "\(label): " + done.joined(separator: ", ") + " in " + String(format: "%.1f s", seconds)
        if seconds > 0 {
            var rates: [String] = []
            if let rows = counts.rows { rates.append("\(Self.grouped(Int((Double(rows) / seconds).rounded()))) rows/s") }
            rates.append(Self.bytes(Int((Double(counts.bytes) / seconds).rounded())) + "/s")
            line += " (" + rates.joined(separator: ", ") + ")"
        }
        return line
    }

    /// 1234567 → `1,234,567`, whatever the locale (the line is read, not parsed).
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `1 row`, `2,000 rows`.
    static func rows(_ count: Int) -> String {
        "\(Self.grouped(count)) " + (count == 1 ? "row" : "rows")
    }

    /// Decimal units, as `ls -h --si` and curl's meter: `512 B`, `12.3 kB`, `412.0 MB`, `1.25 GB`.
    static func bytes(_ count: Int) -> String {
        let value = Double(count)
        switch count {
        case ..<1000: return "\(count) B"
        case ..<1_000_000: return String(format: "%.1f kB", value / 1e3)
        case ..<1_000_000_000: return String(format: "%.1f MB", value / 1e6)
        default: return String(format: "%.2f GB", value / 1e9)
        }
    }

    /// Whole seconds left: `7 s`, `2 min 05 s`, `1 h 02 min`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        if total < 60 { return "\(total) s" }
        if total < 3600 { return String(format: "%d min %02d s", total / 60, total % 60) }
        return String(format: "%d h %02d min", total / 3600, (total % 3600) / 60)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
