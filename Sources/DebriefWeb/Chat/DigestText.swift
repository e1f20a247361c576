import Debrief
import Foundation

/// A ``ResultsDigest`` in words of one language, without markup: what both chat payloads say,
/// each in its own format (``SlackDigest``, ``TeamsDigest``). Every number here comes from the
/// digest, which has none of a withheld question.
struct DigestText: Sendable, Equatable {
    struct Question: Sendable, Equatable {
        var prompt: String
        /// The top line (one or more lines: a grid names each statement).
        var lines: [String]
        /// "↑ from 3.9" and the like; nil without a trend.
        var trend: String?
        var withheld: Bool
    }

    var title: String
    var session: String
    var responses: String
    var rate: String
    /// "Last session's actions: 2 of 3 done"; empty when the previous session recorded none.
    var actions: String
    var questions: [Question]
    /// Notes under the questions: what the arrows compare with, the privacy rule.
    var notes: [String]
    var dashboardLabel: String
    var dashboardURL: URL
    var fallback: String
    /// "…and {n} more questions: see the dashboard." (``more(_:)`` fills it).
    var moreTemplate: String

    init(_ digest: ResultsDigest, language: Language, threshold: Int?) {
        let t = Localizer(language)
        switch digest.occasion {
        case .closed: self.title = t(.digestClosedTitle, ["title": digest.meetingTitle])
        case .daily: self.title = t(.digestDailyTitle, ["title": digest.meetingTitle])
        case .test: self.title = t(.digestTestTitle, ["title": digest.meetingTitle])
        }
        let state = digest.formClosed ? t(.digestFormClosed) : t(.digestFormOpen)
        self.session = t(.digestSession, ["n": String(digest.sessionNumber), "date": Self.date(digest.startsAt, language)]) + " · " + state
        self.responses = t(.digestResponses, ["n": String(digest.responses)])
        if let rate = digest.rate, let part = digest.rateNumerator, let whole = digest.rateDenominator {
            let phrase: ChatPhrase = digest.rateBase == .checkedIn ? .digestRateOfCheckedIn : .digestRateOfExpected
            self.rate = t(phrase, ["rate": Self.number(rate), "part": String(part), "whole": String(whole)])
        } else {
            self.rate = t(.digestNoRate, ["reason": digest.rateReason ?? "—"])
        }
        self.actions = digest.previousActions.map {
            t(ActionOutputPhrase.digestPreviousActions, ["done": String($0.done), "total": String($0.total)])
        } ?? ""
        self.questions = digest.lines.map { Self.question($0, t) }
        var notes: [String] = []
        if let previous = digest.previousSession, digest.lines.contains(where: { $0.trend != nil }) {
            notes.append(t(.digestTrendNote, ["n": String(previous)]))
        }
        if let threshold, threshold > 1 { notes.append(t(.digestPrivacyNote, ["k": String(threshold)])) }
        if digest.occasion == .test { notes.append(t(.digestTestNote)) }
        self.notes = notes
        self.dashboardLabel = t(.digestOpenDashboard)
        self.dashboardURL = digest.dashboardURL
        self.fallback = "\(self.title) — \(self.responses), \(self.rate)"
        self.moreTemplate = t(.digestMore)
    }

    /// A test message for a series with no session to summarise yet.
    init(greeting title: String, language: Language, dashboardURL: URL) {
        let t = Localizer(language)
        self.title = t(.digestTestTitle, ["title": title])
        self.session = t(.digestNoResults)
        self.responses = ""
        self.rate = ""
        self.actions = ""
        self.questions = []
        self.notes = [t(.digestTestNote)]
        self.dashboardLabel = t(.digestOpenDashboard)
        self.dashboardURL = dashboardURL
        self.fallback = self.title
        self.moreTemplate = t(.digestMore)
    }

    static func question(_ line: ResultsDigest.Line, _ t: Localizer) -> Question {
        var lines: [String] = []
        var withheld = false
        switch line.top {
        case .withheld(let k):
            lines = [t(.digestWithheld, ["k": String(k)])]
            withheld = true
        case .noAnswers:
            lines = [t(.digestNoAnswers)]
        case .choice(let leaders, let percent, let respondents):
            let values = ["percent": Self.number(percent)]
            lines = [leaders.count == 1
                ? t(.digestLeading, values.merging(["label": leaders[0]]) { $1 })
                : t(.digestTie, values.merging(["labels": leaders.joined(separator: ", ")]) { $1 })]
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .rating(let mean, let interval, let scale, let respondents):
            var values = ["mean": Self.number(mean), "min": scale.map { String($0.lowerBound) } ?? "?", "max": scale.map { String($0.upperBound) } ?? "?"]
            if let interval {
                values["lower"] = Self.number(interval.lower)
                values["upper"] = Self.number(interval.upper)
                lines = [t(.digestMeanInterval, values)]
            } else {
                lines = [t(.digestMean, values)]
            }
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .nps(let score, let interval, let respondents):
            if let interval {
                lines = [t(.digestNPSInterval, ["score": Self.signed(score), "lower": Self.signed(interval.lower), "upper": Self.signed(interval.upper)])]
            } else {
                lines = [t(.digestNPS, ["score": Self.signed(score)])]
            }
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .statementMeans(let statements, let respondents):
            lines = statements.map { statement in
                statement.mean.map { "\(statement.label): \(Self.number($0))" } ?? t(.digestStatementWithheld, ["label": statement.label])
            }
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .leadersByPoints(let leaders, let percent, let respondents):
            lines = [t(.digestRanked, ["labels": leaders.joined(separator: ", "), "percent": Self.number(percent)])]
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .meanAndMedian(let mean, let median, let interval, let unit, let respondents):
            var values = ["mean": Self.number(mean), "median": Self.number(median), "unit": unit.map { " " + $0 } ?? ""]
            if let interval {
                values["lower"] = Self.number(interval.lower)
                values["upper"] = Self.number(interval.upper)
            }
            lines = [t(interval == nil ? .digestNumber : .digestNumberInterval, values)]
            if let respondents { lines.append(t(.digestRespondents, ["n": String(respondents)])) }
        case .answers(let respondents):
            lines = [t(.digestAnswers, ["n": respondents.map(String.init) ?? "—"])]
        }
        let trend = line.trend.map { trend in
            let arrow = switch trend.arrow {
            case .up: "↑"
            case .down: "↓"
            case .same: "→"
            }
            let previous: String
            if case .nps = line.top { previous = Self.signed(trend.previous) } else if line.top.isShare {
                previous = Self.number(trend.previous) + "%"
            } else {
                previous = Self.number(trend.previous)
            }
            return t(.digestTrend, ["arrow": arrow, "previous": previous])
        }
        return Question(prompt: line.prompt, lines: lines, trend: trend, withheld: withheld)
    }

    /// One decimal, as the dashboard rounds (no trailing ".0").
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }

    static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + Self.number(value)
    }

    /// A digest leaves the page, so it names its zone (the series', ``ChatDigestRenderer``) after the time (``LocalTime``).
    static func date(_ date: Date, _ language: Language) -> String {
        LocalTime.text(date, zone: DateText.hostZoneName, language: language.tag)
    }
}
