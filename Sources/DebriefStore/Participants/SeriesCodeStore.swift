import Debrief
import Foundation
import PQ

/// Where a series' stable code leads right now (docs/decisions/0050, 0083).
public enum SeriesSession: Sendable, Equatable {
    /// The session happening now (``SeriesClock``): the form code its participant link uses.
    case open(formCode: String)
    /// No session with a form is happening now: when the next one starts (the code opens it
    /// ``SeriesClock/lead`` before), if one is planned; the previous session's form code while that form
    /// still takes answers; and the series' zone, in which a participant reads the time
    /// (decision 59).
    case noneOpen(nextStartsAt: Date?, previousFormCode: String?, timeZone: String)
}

/// Resolves series codes (SQL/0050) for participants: no account involved, like form codes.
///
/// The series clock decides (docs/decisions/0083): the code opens the session happening now, so
/// a session published ahead of its start never takes the room before its lead begins, and a
/// session whose form closed is never offered.
public struct SeriesCodeStore: Sendable {
    let clocks: SeriesClockStore

    public init(database: Database) {
        self.clocks = SeriesClockStore(database: database)
    }

    /// Where the series behind `raw` leads at `instant`; throws not-found when `raw` is no
    /// series' code (a form's code, a trashed series, or nothing).
    public func currentSession(seriesCode raw: String, at instant: Date) async throws -> SeriesSession {
        guard let code = FormCode.normalize(raw), let series = try await self.clocks.series(code: code) else {
            throw DebriefError.notFound("form")
        }
        let reading = series.clock.reading(at: instant)
        if let form = reading.current?.form, form.isOpen(at: instant) { return .open(formCode: form.code) }
        // The current session without an open form leaves the one before it reachable, as between sessions.
        let previous = reading.current == nil ? reading.previous : series.clock.sessions.last {
            $0.startsAt < reading.current!.startsAt && $0.form?.isOpen(at: instant) == true
        }
        let previousCode = previous?.form.flatMap { $0.isOpen(at: instant) ? $0.code : nil }
        return .noneOpen(nextStartsAt: reading.next?.startsAt, previousFormCode: previousCode, timeZone: series.timeZone)
    }
}

extension ParticipantFormStore {
    /// The series codes, read from the same database as the forms.
    public var seriesCodes: SeriesCodeStore { SeriesCodeStore(database: self.database) }
}
