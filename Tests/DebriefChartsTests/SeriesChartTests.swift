import Debrief
@testable import DebriefCharts
import Foundation
import Testing

@Suite("Timeline, attendance, trend and session charts")
struct SeriesChartTests {
    @Test("The timeline is one line over every bucket, labelled with times in the chosen zone")
    func timeline() throws {
        let start = Fixtures.start
        let series = Timeline.series(
            from: start, to: start.addingTimeInterval(9 * 60),
            perMinute: [(start, 2), (start.addingTimeInterval(180), 5), (start.addingTimeInterval(540), 1)])
        let svg = try ParsedSVG(ChartSVG.timeline(series))

        #expect(svg.title == "Responses over time")
        let path = try #require(svg.elements(class: "line").first?.attribute("d"))
        #expect(path.filter { $0 == "M" || $0 == "L" }.count == 10)
        #expect(svg.elements(class: "point").count == 10)
        #expect(svg.texts(class: "label").first == "08:00")
        #expect(svg.texts(class: "label").last == "08:09")
        #expect(svg.texts(class: "subtitle").first == "8 responses · responses per minute · 2026-12-01 · times in UTC")
        #expect(svg.desc?.contains("busiest at 08:03 with 5") == true)

        let seoul = try #require(TimeZone(identifier: "Asia/Seoul"))
        let local = try ParsedSVG(ChartSVG.timeline(series, style: ChartStyle(timeZone: seoul)))
        #expect(local.texts(class: "label").first == "17:00")
    }

    @Test("The highest point of the timeline is at the top of its axis, zero on the baseline")
    func timelineScale() throws {
        let start = Fixtures.start
        let series = Timeline.series(from: start, to: start.addingTimeInterval(60), perMinute: [(start, 4)])
        let svg = try ParsedSVG(ChartSVG.timeline(series))
        let ticks = svg.texts(class: "tick")
        #expect(ticks.first == "0")
        #expect(ticks.last == "4")
        let points = svg.elements(class: "point").compactMap { $0.number("cy") }
        let grid = svg.elements(class: "grid").compactMap { $0.number("y1") }
        #expect(points == [grid.last, grid.first].compactMap { $0 })
    }

    @Test("A timeline without responses says so")
    func emptyTimeline() throws {
        let series = Timeline.series(from: Fixtures.start, to: Fixtures.start.addingTimeInterval(3600), perMinute: [])
        let svg = try ParsedSVG(ChartSVG.timeline(series))
        #expect(svg.texts(class: "message") == [ChartSVG.noResponsesMessage()])
        #expect(svg.elements(class: "line").isEmpty)
    }

    @Test("Attendance shows expected, checked in and responded on one scale, with both rates")
    func attendance() throws {
        let svg = try ParsedSVG(ChartSVG.attendance(AttendanceFigures(responses: 9, checkedIn: 12, checkedInResponded: 9, expectedHeadCount: 15)))
        #expect(svg.texts(class: "label") == ["Expected", "Checked in", "Responded"])
        #expect(svg.texts(class: "value") == ["15", "12", "9"])
        #expect(svg.texts(class: "subtitle") == ["Response rate: 75% of those checked in · 60% of those expected"])
        let bars = svg.elements(class: "bar").compactMap { $0.number("width") }
        try #require(bars.count == 3)
        #expect(abs(bars[2] / bars[0] - 0.6) < 0.001)
    }

    @Test("Attendance without an expected head count or any check-in still draws, or says there is nothing yet")
    func attendanceEdges() throws {
        let partial = try ParsedSVG(ChartSVG.attendance(AttendanceFigures(responses: 3, checkedIn: 0, expectedHeadCount: nil)))
        #expect(partial.texts(class: "label") == ["Checked in", "Responded"])
        #expect(partial.texts(class: "subtitle") == ["Response rate: no check-ins or expected head count yet"])
        let empty = try ParsedSVG(ChartSVG.attendance(AttendanceFigures(responses: 0, checkedIn: 0, expectedHeadCount: nil)))
        #expect(empty.texts(class: "message") == ["No check-ins or responses yet"])
    }

    @Test("A rating trend plots the mean per session with its confidence interval")
    func ratingTrend() throws {
        let question = Fixtures.rating(min: 1, max: 5)
        let sessions = [
            Fixtures.session(1, question, ratings: [3: 2, 4: 2], responses: 4),
            Fixtures.session(2, question, ratings: [4: 3, 5: 3], responses: 6),
            Fixtures.session(3, question, ratings: [5: 5], responses: 5),
        ]
        let trend = try #require(TrendBuilder.trends(sessions).first)
        let svg = try ParsedSVG(ChartSVG.trend(trend))
        #expect(svg.title == question.prompt)
        #expect(svg.texts(class: "label") == ["#1", "#2", "#3"])
        #expect(svg.elements(class: "point").count == 3)
        // Session 3's answers are all 5: no spread, no interval drawn.
        #expect(svg.elements(class: "interval").count == 2)
        #expect(svg.desc?.contains("Session 1: 3.5. Session 2: 4.5. Session 3: 5.") == true)
        #expect(svg.elements(class: "break").isEmpty)
    }

    @Test("A trend marks where the question changed")
    func changedQuestion() throws {
        let before = Fixtures.rating(prompt: "How useful?", min: 1, max: 5)
        let after = Fixtures.rating(prompt: "How useful was it, really?", min: 1, max: 5)
        let sessions = [
            Fixtures.session(1, before, ratings: [3: 4], responses: 4),
            Fixtures.session(2, after, ratings: [4: 4], responses: 4),
        ]
        let trend = try #require(TrendBuilder.trends(sessions).first)
        let svg = try ParsedSVG(ChartSVG.trend(trend))
        #expect(svg.texts(class: "break-label") == ["question changed"])
        let breakX = try #require(svg.elements(class: "break").first?.number("x1"))
        let points = svg.elements(class: "point").compactMap { $0.number("cx") }
        try #require(points.count == 2)
        #expect(breakX > points[0] && breakX < points[1])
    }

    @Test("Responses per session are columns, one per session in order")
    func sessions() throws {
        let question = Fixtures.rating()
        let sessions = [
            Fixtures.session(2, question, ratings: [:], responses: 7, checkedIn: 9),
            Fixtures.session(1, question, ratings: [:], responses: 3, checkedIn: 4),
        ]
        let svg = try ParsedSVG(ChartSVG.sessions(TrendsReport(seriesID: UUID(), sessions: sessions).sessions))
        #expect(svg.texts(class: "label") == ["#1", "#2"])
        #expect(svg.texts(class: "value") == ["3", "7"])
        #expect(try ParsedSVG(ChartSVG.sessions([])).texts(class: "message") == [ChartSVG.noResponsesMessage()])
    }
}
