import Debrief
import DebriefActions
import DebriefHTTP
import Foundation
import QRCode

/// The top of the host's home page (`/m`, issue 68 goal 7): their nearest meeting
/// (``MeetingActions/nearest(for:at:)``, the meeting `GET /v1/meetings/next` names) with its
/// title, its time in the series' zone (named), "starts in …" or "running now", and the room's
/// QR code with one click to the presenter view.
///
/// **The growing QR** (the seed app's): the server decides by the clock at render time, no
/// script. From ``SeriesClock/lead`` before the start until the meeting ends
/// (``SeriesClock/Session/roomQRIsUp(at:)``) the code is drawn large enough to scan from the back
/// of a room; earlier it is small, with a line saying when it grows. The code is the presenter's
/// (``PresenterPageController``): none without a published form; the series' stable code while
/// the series clock names this session as the one happening now (the series code opens it then),
/// else the form's own, so the code never sends the room to another week.
struct HomeNearestBlock {
    var title: String
    var dashboardHref: String
    var presenterHref: String
    var place: String?
    /// The start in the series' zone, the zone named: `26 Nov 2026 at 16:00 (Asia/Seoul)`.
    var startsAt: String
    /// "Starts in 45 minutes" or "Running now".
    var when: String
    var running: Bool
    var qrSVG: String?
    /// `large` from an hour before the start until the end, else `small` (the style's name).
    var qrSize: String
    var qrLarge: Bool
    /// "The QR code grows an hour before…", under a small code.
    var qrGrows: Bool
    var joinURL: String?
    /// Said when the session has no published form (its code opens no form yet).
    var noForm: Bool
    /// That phones cannot reach the configured address, and what to set (beside the QR code).
    var loopbackWarning: String? = nil

    /// The QR code's drawn size in pixels (the style scales it to the screen).
    static let largePixels = 480
    static let smallPixels = 160

    init(_ nearest: MeetingActions.Nearest, at instant: Date, publicBaseURL: String, language: Language) {
        let t = Localizer(language)
        let meeting = nearest.meeting
        let id = meeting.id.lowercasedText
        self.title = meeting.title
        self.dashboardHref = "/m/\(id)"
        self.presenterHref = "/m/\(id)/present"
        self.place = meeting.place
        self.startsAt = DateText.participant(meeting.startsAt, zone: meeting.seriesTimeZone, language)
        self.running = nearest.session.isRunning(at: instant)
        self.when = self.running ? t(HomePhrase.homeRunningNow) : t(HomePhrase.homeStartsIn, ["time": Self.duration(meeting.startsAt.timeIntervalSince(instant), t)])
        self.qrLarge = nearest.session.roomQRIsUp(at: instant)
        self.qrSize = self.qrLarge ? "large" : "small"
        self.noForm = nearest.session.form == nil
        let code = nearest.session.form.map {
            nearest.reading.roomCode(meetingID: meeting.id, seriesCode: meeting.seriesCode, formCode: $0.code)
        }
        let url = code.map { ParticipantURL.of(code: $0, base: publicBaseURL) }
        let pixels = self.qrLarge ? Self.largePixels : Self.smallPixels
        let svg = url.flatMap { try? QRMatrix(encoding: $0).svg(pixels: pixels, title: t(.qrTitle)) }
        self.joinURL = url
        self.qrSVG = svg
        self.qrGrows = svg != nil && !self.qrLarge
    }

    /// How long until the start, in words: minutes under an hour (rounded up, so never "0"),
    /// hours and minutes under a day, then days (and hours under two days).
    static func duration(_ seconds: TimeInterval, _ t: Localizer) -> String {
        let minutes = max(1, Int((seconds / 60).rounded(.up)))
        if minutes < 60 { return Self.count(minutes, one: .homeMinute, many: .homeMinutes, t) }
        let hours = minutes / 60
        if hours < 24 {
            let rest = minutes % 60
            return [Self.count(hours, one: .homeHour, many: .homeHours, t), rest == 0 ? nil : Self.count(rest, one: .homeMinute, many: .homeMinutes, t)]
                .compactMap { $0 }.joined(separator: " ")
        }
        let days = hours / 24
        let rest = hours % 24
        return [Self.count(days, one: .homeDay, many: .homeDays, t), days < 2 && rest > 0 ? Self.count(rest, one: .homeHour, many: .homeHours, t) : nil]
            .compactMap { $0 }.joined(separator: " ")
    }

    private static func count(_ n: Int, one: HomePhrase, many: HomePhrase, _ t: Localizer) -> String {
        n == 1 ? t(one) : t(many, ["n": String(n)])
    }
}
