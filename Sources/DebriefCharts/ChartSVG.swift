import Debrief

/// Server-rendered SVG charts of Debrief results: pure functions from the domain's result
/// types to a standalone SVG document (a `String`). No I/O, no JavaScript, no CSS.
///
/// ```swift
/// import DebriefCharts
///
/// let style = ChartStyle(theme: .dark, width: 1280, language: .ko)
/// ChartSVG.question(result, style: style)            // QuestionResult: bars, histogram + mean, word list
/// ChartSVG.timeline(results.timeline, style: style)  // ChartSeries from Timeline.series: responses over time
/// ChartSVG.attendance(AttendanceFigures(responses: 9, checkedIn: 12, expectedHeadCount: 15))
/// ChartSVG.trend(questionTrend, style: style)        // QuestionTrend: mean (95% CI), shares per option, means per statement
/// ChartSVG.sessions(trends.sessions, style: style)    // a TrendsReport's sessions: responses per session
/// ```
///
/// Every document:
/// - is well-formed XML with `xmlns`, a `viewBox` and matching `width`/`height` (the height
///   follows the content), `role="img"`, a `<title>` (the accessible name: the prompt or the
///   chart's name) and a `<desc>` telling the numbers in words;
/// - escapes all text (prompts, labels and answers are user input) and replaces characters XML
///   forbids, so any input gives a valid document;
/// - styles with presentation attributes only (no `style`), so it renders when opened directly
///   under a `default-src 'none'` content security policy, inline in an HTML page (it has no XML
///   declaration and no ids, so several can share a page), or in an `<img>`;
/// - uses large type (22-unit labels, 30-unit titles) and high-contrast colors for projectors,
///   and a light theme that prints well;
/// - speaks `style.language` (``Language``): every word the chart adds — headings,
///   captions, messages, the `<desc>` sentences, dates — is in it; prompts, option labels and
///   answers are drawn as given. Text is wrapped (subtitles grow the chart by a line rather
///   than being cut) with widths estimated per character, Hangul and CJK counted full-width;
/// - never fails: no responses, a withheld (privacy-protected) question, or an empty series
///   draw the frame with a message such as ``noResponsesMessage(in:)``.
///
/// Parts carry `class` names (`bar`, `label`, `value`, `marker`, `line`, `point`, `word`,
/// `empty`) so tests and pages can find them.
public enum ChartSVG {
    /// Shown in place of a chart with nothing to show yet.
    public static func noResponsesMessage(in language: Language = .en) -> String {
        ChartStrings(language).noResponses
    }

    /// One question's results: horizontal bars with count and percentage per option ("Other"
    /// included) for a choice; a histogram over the scale with the mean marked for a rating; the
    /// most frequent words, sized by count, for a short answer.
    public static func question(_ result: QuestionResult, style: ChartStyle = ChartStyle()) -> String {
        QuestionChart.render(result, style: style)
    }

    /// Responses over time: a line over the buckets of a results document's `timeline`
    /// (categories are ISO 8601 bucket starts, shown in `style.timeZone`).
    public static func timeline(_ series: ChartSeries, style: ChartStyle = ChartStyle()) -> String {
        TimelineChart.render(series, style: style)
    }

    /// Expected head count, check-ins and responses on one scale, with the response rates.
    public static func attendance(_ figures: AttendanceFigures, style: ChartStyle = ChartStyle()) -> String {
        AttendanceChart.render(figures, style: style)
    }

    /// One question across a series' sessions: the mean and its 95 % confidence interval for a
    /// rating, a line per option (percent of respondents) for a choice, a line per statement (mean
    /// and interval) for a grid, respondents for a short answer; options and statements in the
    /// trend's stable order, a withheld session marked ("withheld: fewer than 3"), a dashed line
    /// where the question changed.
    public static func trend(_ trend: QuestionTrend, style: ChartStyle = ChartStyle()) -> String {
        TrendChart.render(trend, style: style)
    }

    /// Responses per session of a series.
    public static func sessions(_ sessions: [TrendsReport.Session], style: ChartStyle = ChartStyle()) -> String {
        SessionsChart.render(sessions, style: style)
    }
}
