import Debrief
import Foundation

/// Responses over time, as a line over the timeline's buckets (`ResultsResponse.timeline`).
enum TimelineChart {
    static let title = "Responses over time"

    static func render(_ series: ChartSeries, style: ChartStyle) -> String {
        let clock = DisplayText.Clock(timeZone: style.timeZone)
        let times = series.rows.map { try? Date($0.category, strategy: .iso8601) }
        let firstTime = times.first ?? nil, lastTime = times.last ?? nil
        let sameDay = firstTime.flatMap { first in lastTime.map { clock.isSameDay(first, $0) } } ?? true
        var subtitle = "\(DisplayText.count(series.total, "response", "responses")) · \(series.unit)"
        if let firstTime, sameDay { subtitle += " · \(clock.day(firstTime))" }
        subtitle += " · times in \(style.timeZone.identifier)"
        var canvas = ChartCanvas(style: style, title: Self.title, subtitle: [subtitle])
        var description = "\(DisplayText.count(series.total, "response", "responses")), \(series.unit)."
        if series.total == 0 || series.rows.isEmpty {
            canvas.message(ChartSVG.noResponsesMessage)
            description += " \(ChartSVG.noResponsesMessage)."
        } else {
            let points = zip(series.rows, times).map { row, time in
                LinePoint(
                    label: time.map { sameDay ? clock.time($0) : clock.dayAndTime($0) } ?? row.label,
                    value: row.count.map(Double.init), interval: nil)
            }
            LineChart.draw(points, integers: true, startAtZero: true, format: DisplayText.oneDecimal, on: &canvas)
            let busiest = zip(points, series.rows).max { ($0.1.count ?? 0) < ($1.1.count ?? 0) }
            if let busiest, let count = busiest.1.count {
                description += " From \(points[0].label) to \(points[points.count - 1].label); busiest at \(busiest.0.label) with \(count)."
            }
        }
        return canvas.finish(title: Self.title, description: description)
    }
}
