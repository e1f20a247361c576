import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A rendered chart parsed as XML: parsing fails the test unless the markup is well-formed.
struct ParsedSVG {
    let markup: String
    let root: XMLElement

    init(_ markup: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        self.markup = markup
        let document = try XMLDocument(xmlString: markup, options: [])
        self.root = try #require(document.rootElement(), sourceLocation: sourceLocation)
    }

    /// Every element below the root, in document order.
    var allElements: [XMLElement] {
        func walk(_ element: XMLElement) -> [XMLElement] {
            let children = (element.children ?? []).compactMap { $0 as? XMLElement }
            return children.flatMap { [$0] + walk($0) }
        }
        return walk(self.root)
    }

    func elements(named name: String) -> [XMLElement] {
        self.allElements.filter { ($0.localName ?? $0.name) == name }
    }

    func elements(class name: String) -> [XMLElement] {
        self.allElements.filter { $0.attribute("class") == name }
    }

    /// The shown text of elements with class `name` (tooltips left out).
    func texts(class name: String) -> [String] {
        self.elements(class: name).map(\.ownText)
    }

    func rootAttribute(_ name: String) -> String? { self.root.attribute(name) }

    /// The document's accessible name and description.
    var title: String? { self.directChild("title")?.stringValue }
    var desc: String? { self.directChild("desc")?.stringValue }

    private func directChild(_ name: String) -> XMLElement? {
        (self.root.children ?? []).compactMap { $0 as? XMLElement }.first { ($0.localName ?? $0.name) == name }
    }
}

extension XMLElement {
    /// The attribute's value. (`attribute(forName:)` of swift-corelibs-foundation finds nothing
    /// in an element under a default namespace, as every SVG element is, so the list is searched.)
    func attribute(_ name: String) -> String? {
        self.attributes?.first { $0.name == name }?.stringValue
    }

    func number(_ name: String) -> Double? {
        self.attribute(name).flatMap(Double.init)
    }

    /// Text directly inside this element, without that of child elements (such as a tooltip's
    /// `<title>`).
    var ownText: String {
        (self.children ?? []).filter { $0.kind == .text }.compactMap(\.stringValue).joined()
    }
}
