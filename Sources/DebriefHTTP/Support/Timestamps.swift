import Foundation

/// The API's timestamps: ISO 8601 with a time zone, fractional seconds optional.
enum Timestamps {
    /// A timestamp without a zone is refused: it would mean different instants to different people.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) {
            return date
        }
        return try? Date.ISO8601FormatStyle().parse(text)
    }

    /// `2026-05-04T09:00:00.000Z`.
    static func format(_ date: Date) -> String {
        Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
    }

    static let hint = "must be an ISO 8601 timestamp with a time zone, such as 2026-05-04T09:00:00Z"
}
