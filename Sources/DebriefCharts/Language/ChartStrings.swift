import Debrief
/// Every word a chart draws or says, in its ``Language``.
///
/// Each phrase is written once per language through ``choose(english:korean:)``: adding a
/// language adds a parameter there, and the compiler then points at every phrase still missing
/// it. Numbers read the same in both languages (Western digits, a decimal point, `%`), so
/// ``DisplayText`` formats them for all; counts and dates differ and are phrased here.
struct ChartStrings {
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    func choose(english: @autoclosure () -> String, korean: @autoclosure () -> String) -> String {
        switch self.language {
        case .en: return english()
        case .ko: return korean()
        }
    }

    /// Joins parts of one subtitle line.
    static let separator = " · "

    // MARK: Shared

    var noResponses: String { self.choose(english: "No responses yet", korean: "아직 응답이 없습니다") }

    /// `8 responses`, `응답 8건`.
    func responses(_ count: Int) -> String {
        self.choose(english: DisplayText.count(count, "response", "responses"), korean: "응답 \(count)건")
    }

    /// A session's short label on an axis: `#2`, `2회차`.
    func sessionLabel(_ number: Int) -> String {
        self.choose(english: "#\(number)", korean: "\(number)회차")
    }

    /// A session in a sentence: `Session 2`, `2회차`.
    func session(_ number: Int) -> String {
        self.choose(english: "Session \(number)", korean: "\(number)회차")
    }

    // MARK: Dates

    /// `2026-12-01`, `2026년 12월 1일`.
    func date(year: Int, month: Int, day: Int) -> String {
        self.choose(
            english: "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))", korean: "\(year)년 \(month)월 \(day)일")
    }

    /// `12-01`, `12월 1일`.
    func monthDay(month: Int, day: Int) -> String {
        self.choose(english: "\(Self.twoDigits(month))-\(Self.twoDigits(day))", korean: "\(month)월 \(day)일")
    }

    /// Says which zone the times are in: `times in Europe/Berlin`, `Europe/Berlin 기준 시각`.
    func timesIn(_ zone: String) -> String {
        self.choose(english: "times in \(zone)", korean: "\(zone) 기준 시각")
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
