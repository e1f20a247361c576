/// How wide each column of a sheet is drawn, in characters of the default font: as wide as its
/// widest cell, within bounds. Without widths LibreOffice and Excel draw every column 8.43
/// characters wide and show a date that does not fit (`2026-12-01 19:31:12`) as `###`.
///
/// Widths are estimated from the text the cell shows (a date as its 19-character format, wide
/// letters such as Hangul counted twice) and kept per column, so memory follows the columns, not
/// the rows.
struct XLSXColumnWidths {
    /// A column is never narrower (the default width) nor wider (longer texts wrap or spill).
    static let minimum = 8.43
    static let maximum = 60.0
    /// `yyyy-mm-dd hh:mm:ss`, the date style's format.
    static let dateCharacters = 19

    private var widths: [Double] = []

    /// Widens `column` to fit `text` (its date format when `isDate`; bold header text a little wider).
    mutating func fit(_ text: String, column: Int, isDate: Bool = false, bold: Bool = false) {
        guard column >= 0 else { return }
        while self.widths.count <= column { self.widths.append(Self.minimum) }
        guard self.widths[column] < Self.maximum else { return }
        var characters = 0.0
        if isDate {
            characters = Double(Self.dateCharacters)
        } else {
            for scalar in text.unicodeScalars {
                characters += Self.isWide(scalar) ? 2 : 1
                if characters >= Self.maximum { break }
            }
        }
        // Padding for the cell's margins; bold takes about a tenth more.
        let width = (characters * (bold ? 1.1 : 1) + 2).rounded(.up)
        self.widths[column] = min(Self.maximum, max(self.widths[column], width))
    }

    /// The `<cols>` element (empty before any cell).
    var xml: String {
        guard !self.widths.isEmpty else { return "" }
        return "<cols>" + self.widths.enumerated().map { index, width in
            "<col min=\"\(index + 1)\" max=\"\(index + 1)\" width=\"\(Self.text(width))\" customWidth=\"1\"/>"
        }.joined() + "</cols>"
    }

    private static func text(_ width: Double) -> String {
        width == width.rounded() ? String(Int(width)) : String(width)
    }

    /// Hangul, CJK and full-width forms, which a spreadsheet draws about two characters wide.
    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
