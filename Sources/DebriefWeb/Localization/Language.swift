import Foundation
import HTTPTypes

/// The languages the pages speak. English is the default; Korean is the other one the product
/// ships with.
enum Language: String, Sendable, CaseIterable {
    case en
    case ko

    static let fallback = Language.en

    /// The best supported language of an `Accept-Language` header (RFC 9110 §12.5.4): ranges in
    /// order of their q-value (1 when absent), earlier ones first among equals; `q=0` means "not
    /// this one"; `*` and unparsable headers fall back to English. Only the primary subtag
    /// matters, so `ko-KR` is Korean.
    init(acceptLanguage header: String?) {
        guard let header, header.utf8.count <= 1024 else {
            self = Self.fallback
            return
        }
        var ranges: [(primary: Substring, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    quality = -1
                    break
                }
                quality = value
            }
            guard quality > 0 else { continue }
            let primary = tag.split(separator: "-").first ?? Substring(tag)
            ranges.append((Substring(primary.lowercased()), quality, order))
        }
        ranges.sort { ($0.quality, -$0.order) > ($1.quality, -$1.order) }
        for range in ranges {
            if range.primary == "*" { break }
            if let language = Language(rawValue: String(range.primary)) {
                self = language
                return
            }
        }
        self = Self.fallback
    }

    init(_ headers: HTTPFields) {
        self.init(acceptLanguage: headers[.acceptLanguage])
    }
}
