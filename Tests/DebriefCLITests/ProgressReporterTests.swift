import DebriefStore
import Synchronization
import Testing

@testable import debrief

/// The progress line of `debrief export`, `backup` and `restore`, on a clock the test moves and a
/// sink that keeps what would reach the terminal: which updates draw a line is decided by the
/// instants given, never by how fast the machine runs.
@Suite struct ProgressReporterTests {
    final class ManualClock: Sendable {
        private let now = Mutex(Duration.zero)
        func set(_ instant: Duration) { self.now.withLock { $0 = instant } }
        func read() -> Duration { self.now.withLock { $0 } }
    }

    final class Sink: Sendable {
        private let written = Mutex<[String]>([])
        func append(_ text: String) { self.written.withLock { $0.append(text) } }
        var texts: [String] { self.written.withLock { $0 } }
    }

    static func reporter(totalRows: Int?) -> (ProgressReporter, ManualClock, Sink) {
        let clock = ManualClock()
        let sink = Sink()
        let reporter = ProgressReporter(
            label: "debrief export", totalRows: totalRows, clock: { clock.read() }, write: { sink.append($0) })
        return (reporter, clock, sink)
    }

    @Test func drawsAtMostOneLinePerIntervalThenASummary() {
        let (reporter, clock, sink) = Self.reporter(totalRows: 1000)
        clock.set(.milliseconds(100))
        reporter.update(.init(rows: 10, bytes: 1000))
        #expect(sink.texts.isEmpty, "nothing before the first 250 ms")

        clock.set(.milliseconds(250))
        reporter.update(.init(rows: 100, bytes: 50_000))
        // 400 rows/s, 900 rows to go: 2.25 s, shown as 3 s.
        let first = "debrief export: 100 of 1,000 rows (10%), 50.0 kB, 400 rows/s, 200.0 kB/s, 3 s left"
        #expect(sink.texts == ["\r" + first])

        clock.set(.milliseconds(400))
        for rows in 101...200 { reporter.update(.init(rows: rows, bytes: rows * 500)) }
        #expect(sink.texts.count == 1, "a hundred updates 150 ms after a line draw nothing")

        clock.set(.milliseconds(500))
        reporter.update(.init(rows: 500, bytes: 250_000))
        // The rate since the last line: 400 rows and 200 kB in 250 ms.
        let second = "debrief export: 500 of 1,000 rows (50%), 250.0 kB, 1,600 rows/s, 800.0 kB/s, 1 s left"
        #expect(sink.texts.last == "\r" + second)

        clock.set(.seconds(1))
        reporter.finish(.init(rows: 1000, bytes: 500_000))
        // The summary is 13 characters shorter than the line it replaces: blanks cover the rest.
        let summary = "debrief export: 1,000 rows, 500.0 kB in 1.0 s (1,000 rows/s, 500.0 kB/s)"
        #expect(sink.texts.last == "\r" + summary + String(repeating: " ", count: 13) + "\n")
        #expect(sink.texts.count == 3)

        clock.set(.seconds(2))
        reporter.update(.init(rows: 1000, bytes: 500_000))
        reporter.finish(.init(rows: 1000, bytes: 500_000))
        reporter.interrupt()
        #expect(sink.texts.count == 3, "nothing after the summary")
    }

    @Test func theRateLooksBackFiveSecondsSoASlowStartFadesOut() {
        let (reporter, clock, sink) = Self.reporter(totalRows: 100_000)
        // Ten seconds of planning, then 1,000 rows every 250 ms.
        for step in 0...24 {
            clock.set(.seconds(10) + .milliseconds(250 * step))
            reporter.update(.init(rows: 1000 * step, bytes: 0))
        }
        // 24,000 rows at 16 s: 4,000 rows/s over the last 5 s (not 1,500 since the start).
        #expect(sink.texts.last == "\rdebrief export: 24,000 of 100,000 rows (24%), 0 B, 4,000 rows/s, 0 B/s, 19 s left")
    }

    @Test func withoutATotalThereIsNoPercentageAndNoTimeLeft() {
        let (reporter, clock, sink) = Self.reporter(totalRows: nil)
        clock.set(.seconds(2))
        reporter.update(.init(rows: 2_500_000, bytes: 1_234_567_890))
        #expect(sink.texts == ["\rdebrief export: 2,500,000 rows, 1.23 GB, 1,250,000 rows/s, 617.3 MB/s"])
    }

    @Test func aWorkbookShowsItsBytesOnly() {
        let (reporter, clock, sink) = Self.reporter(totalRows: 1000)
        clock.set(.milliseconds(500))
        reporter.update(.init(rows: nil, bytes: 999))
        clock.set(.milliseconds(1500))
        reporter.finish(.init(rows: nil, bytes: 3_000))
        #expect(sink.texts == ["\rdebrief export: 999 B, 2.0 kB/s", "\rdebrief export: 3.0 kB in 1.5 s (2.0 kB/s)\n"])
    }

    @Test func rowsPastAnEstimatedTotalStopAtOneHundredPercent() {
        let (reporter, clock, sink) = Self.reporter(totalRows: 10)
        clock.set(.seconds(1))
        reporter.update(.init(rows: 12, bytes: 100))
        #expect(sink.texts == ["\rdebrief export: 12 of 10 rows (100%), 100 B, 12 rows/s, 100 B/s"])
    }

    @Test func workShorterThanTheIntervalShowsOnlyItsSummary() {
        let (reporter, clock, sink) = Self.reporter(totalRows: 2)
        clock.set(.milliseconds(200))
        reporter.update(.init(rows: 2, bytes: 300))
        reporter.finish(.init(rows: 2, bytes: 300))
        #expect(sink.texts == ["\rdebrief export: 2 rows, 300 B in 0.2 s (10 rows/s, 1.5 kB/s)\n"])
    }

    @Test func aFailureEndsADrawnLineSoTheErrorStartsItsOwn() {
        let (quietReporter, _, quietSink) = Self.reporter(totalRows: nil)
        quietReporter.interrupt()
        #expect(quietSink.texts.isEmpty, "no line drawn, nothing to end")

        let (reporter, clock, sink) = Self.reporter(totalRows: nil)
        clock.set(.seconds(1))
        reporter.update(.init(rows: 1, bytes: 1))
        reporter.interrupt()
        reporter.finish(.init(rows: 1, bytes: 1))
        #expect(sink.texts == ["\rdebrief export: 1 row, 1 B, 1 rows/s, 1 B/s", "\n"])
    }

    @Test func numbersAreWrittenTheSameEverywhere() {
        #expect(ProgressReporter.grouped(0) == "0")
        #expect(ProgressReporter.grouped(999) == "999")
        #expect(ProgressReporter.grouped(1000) == "1,000")
        #expect(ProgressReporter.grouped(1_234_567) == "1,234,567")
        #expect(ProgressReporter.bytes(999) == "999 B")
        #expect(ProgressReporter.bytes(1000) == "1.0 kB")
        #expect(ProgressReporter.bytes(412_049_999) == "412.0 MB")
        #expect(ProgressReporter.bytes(1_250_000_000) == "1.25 GB")
        #expect(ProgressReporter.duration(0.2) == "1 s")
        #expect(ProgressReporter.duration(59) == "59 s")
        #expect(ProgressReporter.duration(125) == "2 min 05 s")
        #expect(ProgressReporter.duration(3720) == "1 h 02 min")
    }

    @Test func csvRowsAreCountedAcrossChunksAndQuotedLineBreaks() {
        var counter = CSVRowCounter()
        counter.count(Array("id,notes\n1,plain\n2,\"two\nlines\"\n3,\"a \"\"quo".utf8))
        #expect(counter.rows == 2, "the header is no row; the third row has not ended")
        counter.count(Array("ted\"\" word\nstill quoted\"\n".utf8))
        #expect(counter.rows == 3)
        counter.count(Array("4,x\n".utf8))
        #expect(counter.rows == 4)
    }

    @Test func copiesAreAddedUpByTheirLastCount() {
        var tally = CopyTally()
        tally.record([RunningCopy(relation: 1, rows: 10, bytes: 100)])
        tally.record([RunningCopy(relation: 1, rows: 40, bytes: 400), RunningCopy(relation: 2, rows: 5, bytes: 50)])
        #expect(tally.rows == 45 && tally.bytes == 450)
        // Table 1's COPY has ended: its last count stays counted.
        tally.record([RunningCopy(relation: 2, rows: 7, bytes: 70)])
        #expect(tally.rows == 47 && tally.bytes == 470)
    }
}
