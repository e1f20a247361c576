import Foundation

/// Times as people read them, in the page's language. Pages show UTC and say so: the server
/// does not know the reader's time zone, and a page without script cannot ask.
enum DateText {
    static func dateTime(_ date: Date, _ language: Language) -> String {
        Self.formatter(language).string(from: date) + " UTC"
    }

    private static func formatter(_ language: Language) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language == .ko ? "ko_KR" : "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return formatter
    }
}
