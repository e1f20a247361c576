import Debrief
import Foundation

/// How one CSV cell of an export becomes a SpreadsheetML cell: numbers as numbers, timestamps as
/// real dates (a serial number with the date style), `true`/`false` as booleans, everything else
/// as an inline string. An inline string is never evaluated, so a formula-like text (`=cmd`)
/// stays the participant's text without the CSV's `'` prefix, and `withheld` stays a word.
///
/// Columns of user text (prompts, labels, answers, names) are always strings, whatever they look
/// like: a short answer `0042` or `1e3` is what the participant typed, not a number.
enum XLSXCell {
    /// The style indexes of ``XLSXParts/styles``.
    enum Style: Int {
        case plain = 0
        case date = 1
        case header = 2
        /// Every boolean of every sheet: `TRUE`/`FALSE`, centred, one look for one kind of value.
        case boolean = 3
        /// A calendar day without a time (`yyyy-mm-dd`).
        case day = 4
    }

    /// The `<c>` element of `text` at `reference` (such as `B7`).
    static func xml(_ text: String, reference: String, isText: Bool) -> String {
        if text.isEmpty { return "" }
        if !isText {
            if Self.isNumber(text) { return "<c r=\"\(reference)\"><v>\(text)</v></c>" }
            if text == "true" || text == "false" {
                return "<c r=\"\(reference)\" t=\"b\" s=\"\(Style.boolean.rawValue)\"><v>\(text == "true" ? 1 : 0)</v></c>"
            }
            if let serial = Self.serial(text) {
                return "<c r=\"\(reference)\" s=\"\(Style.date.rawValue)\"><v>\(serial)</v></c>"
            }
            if text.utf8.count == 10, let serial = Self.serial(text + " 00:00:00") {
                // A day written `YYYY-MM-DD` (a date question's answer) is a date cell without a time.
                return "<c r=\"\(reference)\" s=\"\(Style.day.rawValue)\"><v>\(Int(serial))</v></c>"
            }
        }
        return Self.string(text, reference: reference, style: .plain)
    }

    /// An inline string cell.
    static func string(_ text: String, reference: String, style: Style) -> String {
        let styled = style == .plain ? "" : " s=\"\(style.rawValue)\""
        return "<c r=\"\(reference)\" t=\"inlineStr\"\(styled)><is><t xml:space=\"preserve\">\(Self.escaped(text))</t></is></c>"
    }

    /// The column letters of a 0-based index: `A`, `Z`, `AA`.
    static func column(_ index: Int) -> String {
        var index = index + 1
        var letters: [Character] = []
        while index > 0 {
            let remainder = (index - 1) % 26
            letters.insert(Character(UnicodeScalar(UInt8(65 + remainder))), at: 0)
            index = (index - 1) / 26
        }
        return String(letters)
    }

    /// The longest text a cell holds (Excel refuses longer ones as a damaged file).
    static let maxTextLength = 32_767

    /// `text` cut at ``maxTextLength`` UTF-16 units (never inside a character), then escaped by
    /// the one markup escaper (``XMLText``).
    static func escaped(_ text: String) -> String {
        var length = 0
        var end = text.unicodeScalars.endIndex
        for index in text.unicodeScalars.indices {
            length += text.unicodeScalars[index].utf16.count
            if length > Self.maxTextLength {
                end = index
                break
            }
        }
        return XMLText.escape(String(text.unicodeScalars[..<end]))
    }

    /// A decimal as the export writes numbers (`12`, `-3.5`, `47.1`, `1e-05`).
    static func isNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let digits = { (b: Substring.UTF8View.SubSequence) in b.prefix { $0 >= 48 && $0 <= 57 }.count }
        let whole = digits(bytes)
        guard whole > 0 else { return false }
        bytes = bytes.dropFirst(whole)
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            let fraction = digits(bytes)
            guard fraction > 0 else { return false }
            bytes = bytes.dropFirst(fraction)
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let exponent = digits(bytes)
            guard exponent > 0 else { return false }
            bytes = bytes.dropFirst(exponent)
        }
        return bytes.isEmpty
    }

    /// The spreadsheet serial (days since 1899-12-30, the fraction the time of day) of a timestamp
    /// the export writes: `2026-12-01 19:31:12.417` (a wall-clock time in the export's zone, kept
    /// as that wall-clock time) or ISO 8601 in UTC (`2026-12-01T10:31:12.417Z`, kept in UTC).
    static func serial(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month), (1...31).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = 0
        var rest = bytes[19...]
        // Only the export's own forms: optional `.mmm`, then `Z` in the ISO form and nothing else.
        if rest.first == UInt8(ascii: ".") {
            guard rest.count >= 4, let ms = number(20..<23) else { return nil }
            milliseconds = ms
            rest = rest.dropFirst(4)
        }
        guard rest.elementsEqual(bytes[10] == UInt8(ascii: "T") ? [UInt8(ascii: "Z")] : []) else { return nil }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        guard let date = utc.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)),
            utc.component(.day, from: date) == day
        else { return nil }
        let seconds = date.timeIntervalSince1970 + Double(milliseconds) / 1000
        return seconds / 86_400 + 25_569
    }
}
