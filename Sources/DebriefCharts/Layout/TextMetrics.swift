import Foundation

/// Estimates how wide text is, to wrap and shorten labels without a font engine.
///
/// The server cannot measure glyphs, so widths are estimated per character from its class
/// (wide CJK and emoji, narrow punctuation, average Latin) with a margin on the generous side;
/// a label shortened here carries its full text as a tooltip.
enum TextMetrics {
    /// How much wider bold text is than the estimate: DejaVu Sans Bold (the sans-serif a Linux
    /// browser falls back to) measured 13.3–15.3 % wider than ``width(of:fontSize:)`` on chart
    /// titles (regular: 0.8–2.6 %), so bold lines get 18 %. Without it a title the estimate
    /// fitted was cut at the chart's edge ("What should we spend more time on nex").
    static let boldWidening = 1.18

    /// Estimated width of `text` at `fontSize`.
    static func width(of text: String, fontSize: Double) -> Double {
        text.reduce(0) { $0 + Self.advance(of: $1) } * fontSize
    }

    /// Advance of one character, in ems.
    static func advance(of character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.count > 1 || Self.isWide(scalar) { return 1.05 }
        switch character {
        case "i", "j", "l", "I", ".", ",", ":", ";", "'", "|", "!", "(", ")", "[", "]", " ": return 0.32
        case "m", "w", "M", "W", "@", "%": return 0.9
        case "A"..."Z": return 0.68
        default: return 0.56
        }
    }

    /// East Asian wide characters and emoji, which CJK fonts draw a full em wide: Hangul
    /// (syllables, jamo and compatibility jamo), CJK ideographs and punctuation, kana, full-width
    /// forms, pictographs. Korean chart text is almost all Hangul, so wrapping rests on this.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` shortened with an ellipsis to fit `maxWidth` (unchanged when it fits).
    static func truncate(_ text: String, fontSize: Double, maxWidth: Double) -> String {
        guard Self.width(of: text, fontSize: fontSize) > maxWidth else { return text }
        let budget = maxWidth - Self.width(of: "…", fontSize: fontSize)
        var used = 0.0
        var kept = ""
        for character in text {
            let advance = Self.advance(of: character) * fontSize
            if used + advance > budget { break }
            used += advance
            kept.append(character)
        }
        return kept.trimmingTrailingSpaces() + "…"
    }

    /// `text` broken into at most `maxLines` lines that fit `maxWidth`, at spaces where it can
    /// (a word too long for a line is broken anywhere); the last line ends in an ellipsis when
    /// text is left over.
    static func wrap(_ text: String, fontSize: Double, maxWidth: Double, maxLines: Int) -> [String] {
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if Self.width(of: candidate, fontSize: fontSize) <= maxWidth {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word
            // A word wider than a whole line is cut into pieces that fit.
            while Self.width(of: current, fontSize: fontSize) > maxWidth, current.count > 1 {
                let piece = Self.prefix(of: current, fontSize: fontSize, maxWidth: maxWidth)
                lines.append(piece)
                current = String(current.dropFirst(piece.count))
            }
        }
        if !current.isEmpty { lines.append(current) }
        return Self.limit(lines, to: maxLines, fontSize: fontSize, maxWidth: maxWidth)
    }

    /// Like ``wrap(_:fontSize:maxWidth:maxLines:)``, for text made of parts joined by
    /// `separator` (a subtitle's `30 respondents · 2 skipped · mean 7.6`): lines break between
    /// parts, where the separator is dropped, and only a part too long for a line of its own is
    /// broken at its spaces.
    static func wrap(_ text: String, fontSize: Double, maxWidth: Double, maxLines: Int, keepingPartsBetween separator: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in text.components(separatedBy: separator) {
            let candidate = current.isEmpty ? part : current + separator + part
            if Self.width(of: candidate, fontSize: fontSize) <= maxWidth {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            let pieces = Self.wrap(part, fontSize: fontSize, maxWidth: maxWidth, maxLines: .max)
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty { lines.append(current) }
        return Self.limit(lines, to: maxLines, fontSize: fontSize, maxWidth: maxWidth)
    }

    /// Whether `lines`, wrapped from `text`, left some of it out (the last line was shortened
    /// with an ellipsis): then the whole text belongs in a tooltip.
    static func isCut(_ lines: [String], from text: String) -> Bool {
        lines.last?.hasSuffix("…") == true && !text.hasSuffix("…")
    }

    /// The first `maxLines` lines, the last one ending in an ellipsis when lines were left over.
    private static func limit(_ lines: [String], to maxLines: Int, fontSize: Double, maxWidth: Double) -> [String] {
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines))
        let last = kept[maxLines - 1] + " " + lines[maxLines]
        return kept.dropLast() + [Self.truncate(last + "…", fontSize: fontSize, maxWidth: maxWidth)]
    }

    /// The longest prefix (at least one character) of `text` that fits `maxWidth`.
    private static func prefix(of text: String, fontSize: Double, maxWidth: Double) -> String {
        var used = 0.0
        var kept = ""
        for character in text {
            let advance = Self.advance(of: character) * fontSize
            if used + advance > maxWidth, !kept.isEmpty { break }
            used += advance
            kept.append(character)
        }
        return kept
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last?.isWhitespace == true { copy.removeLast() }
        return copy
    }
}
