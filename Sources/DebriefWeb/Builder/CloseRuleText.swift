import Debrief

/// A series' close rule in the host's words: "24 hours after the session ends",
/// "세션이 끝나고 24시간 뒤에" (docs/decisions/0063).
enum CloseRuleText {
    static func text(_ rule: SessionCloseRule, _ language: Language) -> String {
        let seconds = abs(rule.secondsAfterEnd)
        let before = rule.secondsAfterEnd < 0
        let (value, unit): (Int, (en: String, ko: String))
        if seconds < 60 {
            return language == .ko ? "세션이 끝날 때" : "when the session ends"
        } else if seconds % 86_400 == 0 {
            (value, unit) = (seconds / 86_400, ("day", "일"))
        } else if seconds % 3_600 == 0 {
            (value, unit) = (seconds / 3_600, ("hour", "시간"))
        } else {
            (value, unit) = (seconds / 60, ("minute", "분"))
        }
        if language == .ko {
            return before ? "세션이 끝나기 \(value)\(unit.ko) 전에" : "세션이 끝나고 \(value)\(unit.ko) 뒤에"
        }
        return "\(value) \(unit.en)\(value == 1 ? "" : "s") \(before ? "before" : "after") the session ends"
    }
}
