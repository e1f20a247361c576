import Debrief
import Foundation

/// Responses over time, as a line over the timeline's buckets (`ResultsResponse.timeline`).
enum TimelineChart {
    static func render(_ series: ChartSeries, style: ChartStyle) -> String {
        let text = style.strings
        let clock = DisplayText.Clock(timeZone: style.timeZone, strings: text)
        let times = series.rows.map { try? Date($0.category, strategy: .iso8601) }
        let firstTime = times.first ?? nil, lastTime = times.last ?? nil
        let sameDay = firstTime.flatMap { first in lastTime.map { clock.isSameDay(first, $0) } } ?? true
        let unit = text.timelineUnit(series.unit)
        // A timeline counts responses, whose total is never withheld.
        let total = series.total ?? 0
        var subtitle = [text.responses(total), unit]
        if let firstTime, sameDay { subtitle.append(clock.day(firstTime)) }
        subtitle.append(text.timesIn(style.timeZoneName))
        var canvas = ChartCanvas(style: style, title: text.timelineTitle, subtitle: [subtitle.joined(separator: ChartStrings.separator)])
        var description = "\(text.responses(total)), \(unit)."
        if total == 0 || series.rows.isEmpty {
            canvas.message(text.noResponses)
            description += " \(text.noResponses)."
        } else {
            let points = zip(series.rows, times).map { row, time in
                LinePoint(
                    label: time.map { sameDay ? clock.time($0) : clock.dayAndTime($0) } ?? row.label,
                    value: row.count.map(Double.init), interval: nil)
            }
            LineChart.draw(points, integers: true, startAtZero: true, format: DisplayText.oneDecimal, on: &canvas)
            let busiest = zip(points, series.rows).max { ($0.1.count ?? 0) < ($1.1.count ?? 0) }
            if let busiest, let count = busiest.1.count {
                description += " " + text.timelineSpan(
                    from: points[0].label, to: points[points.count - 1].label, busiest: busiest.0.label, count: count)
            }
        }
        return canvas.finish(title: text.timelineTitle, description: description)
    }
}
