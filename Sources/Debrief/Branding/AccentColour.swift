import Foundation

/// A team's accent colour (`#rrggbb`), accepted only where the text it carries stays readable:
/// WCAG 2.x level AA, a contrast of at least 4.5:1 for body text, against every surface the
/// stylesheet puts it on (``surfaces``). The measured ratio is in the refusal, so a host knows how
/// far off the colour is.
public struct AccentColour: Sendable, Equatable, CustomStringConvertible {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    /// WCAG 2.x AA for normal text (success criterion 1.4.3).
    public static let minimumContrast = 4.5

    /// Where the accent meets text in `debrief.css`: white words on an accent button
    /// (`--accent-text`), and the accent as the words of a link on the page (`#fff`) and on a
    /// notice or the header bar (`--soft`). Each pair must reach ``minimumContrast``.
    public static let surfaces: [(name: String, colour: AccentColour)] = [
        ("white text on an accent button", AccentColour(red: 0xFF, green: 0xFF, blue: 0xFF)),
        ("accent text on the page", AccentColour(red: 0xFF, green: 0xFF, blue: 0xFF)),
        ("accent text on a notice", AccentColour(red: 0xF3, green: 0xF4, blue: 0xF7)),
    ]

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` in lowercase, as stored and as the stylesheet writes it.
    public var description: String {
        "#" + [self.red, self.green, self.blue].map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// Reads `#rrggbb` (either case), or nil.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        for pair in stride(from: 1, to: 7, by: 2) {
            guard let byte = UInt8(String(decoding: digits[pair..<pair + 2], as: UTF8.self), radix: 16) else { return nil }
            values.append(byte)
        }
        self.init(red: values[0], green: values[1], blue: values[2])
    }

    /// Relative luminance per WCAG 2.x: each sRGB channel linearized (÷12.92 up to 0.04045, else
    /// ((c+0.055)/1.055)^2.4), weighted 0.2126 R + 0.7152 G + 0.0722 B.
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(self.red) + 0.7152 * linear(self.green) + 0.0722 * linear(self.blue)
    }

    /// (L1 + 0.05) / (L2 + 0.05), the lighter over the darker: from 1 (same) to 21 (black on white).
    public func contrast(with other: AccentColour) -> Double {
        let a = self.relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Reads and checks a colour sent at `field`: `#rrggbb`, with a contrast of at least
    /// ``minimumContrast`` on every surface; else one problem naming the lowest ratio measured.
    public static func read(_ text: String, field: String) throws(ValidationFailure) -> AccentColour {
        guard let colour = AccentColour(hex: text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationFailure(FieldProblem(path: field, message: "must be a colour written #rrggbb, like #0b57d0"))
        }
        let measured = Self.surfaces.map { (name: $0.name, ratio: colour.contrast(with: $0.colour)) }
        if let worst = measured.min(by: { $0.ratio < $1.ratio }), worst.ratio < Self.minimumContrast {
            throw ValidationFailure(FieldProblem(
                path: field,
                message: "has a contrast of \(Self.ratioText(worst.ratio)):1 for \(worst.name); WCAG AA asks at least 4.5:1, so pick a darker colour"))
        }
        return colour
    }

    /// A ratio rounded down to two decimals, so a colour shown as 4.50 never fails 4.5.
    public static func ratioText(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
