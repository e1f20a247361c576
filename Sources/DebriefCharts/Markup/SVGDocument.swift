import Debrief

/// Writes SVG markup element by element.
///
/// Element and attribute names come from this module's code; every attribute value and text
/// node goes through ``XMLText/escape(_:)``, so user text can only ever be text. Styling uses
/// presentation attributes (`fill`, `font-size`), never `style`, so the image renders under a
/// `default-src 'none'` content security policy when opened on its own.
struct SVGDocument {
    typealias Attributes = KeyValuePairs<String, any SVGValue>

    private(set) var markup = ""
    private var openElements: [String] = []

    /// Opens `name`; pair with ``close()``.
    mutating func open(_ name: String, _ attributes: Attributes = [:]) {
        self.markup += "<\(name)\(Self.render(attributes))>"
        self.openElements.append(name)
    }

    /// Closes the innermost open element.
    mutating func close() {
        guard let name = self.openElements.popLast() else { return }
        self.markup += "</\(name)>\n"
    }

    /// Writes `<name …>text</name>`, or `<name …/>` without text.
    mutating func element(_ name: String, _ attributes: Attributes = [:], text: String? = nil) {
        if let text {
            self.markup += "<\(name)\(Self.render(attributes))>\(XMLText.escape(text))</\(name)>\n"
        } else {
            self.markup += "<\(name)\(Self.render(attributes))/>\n"
        }
    }

    /// Writes a `<text>` whose first child is a `<title>` (the tooltip and accessible name of a
    /// label shortened to fit), when `fullText` differs from what is shown.
    mutating func text(_ shown: String, fullText: String? = nil, _ attributes: Attributes) {
        guard let fullText, fullText != shown else {
            self.element("text", attributes, text: shown)
            return
        }
        self.open("text", attributes)
        self.element("title", text: fullText)
        self.markup += XMLText.escape(shown)
        self.close()
    }

    /// Appends everything `other` wrote (it escaped its own text).
    mutating func append(_ other: SVGDocument) {
        var other = other
        self.markup += other.finish()
    }

    /// The finished markup, closing anything left open.
    mutating func finish() -> String {
        while !self.openElements.isEmpty { self.close() }
        return self.markup
    }

    private static func render(_ attributes: Attributes) -> String {
        attributes.map { " \($0.key)=\"\(XMLText.escape($0.value.svgText))\"" }.joined()
    }
}
