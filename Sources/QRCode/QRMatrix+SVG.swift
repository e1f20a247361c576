extension QRMatrix {
    /// The code as a standalone SVG image: a light square and one `<path>` of dark squares,
    /// drawn with `crispEdges` so no anti-aliasing blurs the module borders. The viewBox counts
    /// modules (quiet zone included); `pixels` is the image's width and height. Colors are
    /// presentation attributes, so a `default-src 'none'` content security policy does not stop
    /// it rendering. `title` (escaped here) is the image's accessible name.
    public func svg(quietZone: QuietZone = .standard, pixels: Int, title: String) -> String {
        let side = self.size + 2 * quietZone.modules
        var path = ""
        for row in 0..<self.size {
            var column = 0
            while column < self.size {
                guard self.isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                var run = 1
                while self.isDark(row: row, column: column + run) { run += 1 }
                path += "M\(column + quietZone.modules) \(row + quietZone.modules)h\(run)v1h-\(run)z"
                column += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" width="\(pixels)" height="\(pixels)" \
            role="img" shape-rendering="crispEdges"><title>\(Self.escapedForXML(title))</title>\
            <rect width="\(side)" height="\(side)" fill="#ffffff"/><path d="\(path)" fill="#000000"/></svg>

            """
    }

    /// Text made safe for an XML text node: every character that is not a plain ASCII letter,
    /// digit, space or harmless punctuation becomes a numeric reference, and characters XML
    /// forbids become U+FFFD.
    static func escapedForXML(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", " ", ".", ",", ":", "/", "-", "_", "?", "=", "#", "+", "(", ")":
                escaped.unicodeScalars.append(scalar)
            default:
                let allowed = (0x20...0xFFFD).contains(scalar.value) || scalar.value >= 0x10000 || [0x09, 0x0A, 0x0D].contains(scalar.value)
                escaped += "&#\(allowed ? scalar.value : 0xFFFD);"
            }
        }
        return escaped
    }
}
