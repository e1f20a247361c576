import Foundation

/// The languages a client asks for, best first, from an `Accept-Language` header (RFC 9110
/// §12.5.4): ranges in order of their q-value (1 when absent), earlier ones first among equals;
/// `q=0` means "not this one". One parser serves the pages' own language and a form's.
public struct LanguagePreference: Sendable, Equatable {
    /// Longest header read; a longer one is treated as absent (it is never legitimate).
    static let maxHeaderBytes = 1024

    /// The ranges asked for, best first, lowercased (`ko-kr`, `en`, `*`).
    public let ranges: [String]

    /// Parses `header`; nil, oversized or unparsable headers ask for nothing.
    public init(acceptLanguage header: String?) {
        guard let header, header.utf8.count <= Self.maxHeaderBytes else {
            self.ranges = []
            return
        }
        var ranges: [(range: String, quality: Double, order: Int)] = []
        for (order, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let range = parts.first, !range.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                guard let value = Double(parameter.dropFirst(2)), (0...1).contains(value) else {
                    quality = -1
                    break
                }
                quality = value
            }
            guard quality > 0 else { continue }
            ranges.append((range.lowercased(), quality, order))
        }
        ranges.sort { ($0.quality, -$0.order) > ($1.quality, -$1.order) }
        self.ranges = ranges.map(\.range)
    }

    /// The best of `available` for this client, or nil when it asks for none of them (the
    /// caller falls back to its default). A range matches a tag exactly first, then by primary
    /// subtag either way (`ko-kr` finds `ko`, `pt` finds `pt-br`); `*` stops the search, as
    /// "anything" means the default will do.
    public func best(of available: [LanguageTag]) -> LanguageTag? {
        for range in self.ranges {
            if range == "*" { return nil }
            if let exact = available.first(where: { $0.rawValue == range }) { return exact }
            let primary = range.split(separator: "-").first.map(String.init) ?? range
            if let near = available.first(where: { $0.primary == primary }) { return near }
        }
        return nil
    }
}
