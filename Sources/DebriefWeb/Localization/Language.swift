import Debrief
import Foundation
import HTTPTypes

/// The languages the pages speak. English is the default; Korean is the other one the product
/// ships with.
enum Language: String, Sendable, CaseIterable {
    case en
    case ko

    static let fallback = Language.en

    /// The best supported language of an `Accept-Language` header (``LanguagePreference``); `*`
    /// and unparsable headers fall back to English. Only the primary subtag matters, so `ko-KR`
    /// is Korean.
    init(acceptLanguage header: String?) {
        self.init(preference: LanguagePreference(acceptLanguage: header))
    }

    init(preference: LanguagePreference) {
        let supported = Self.allCases.compactMap { LanguageTag(rawValue: $0.rawValue) }
        self = preference.best(of: supported).flatMap { Language(rawValue: String($0.primary)) } ?? Self.fallback
    }

    /// The pages' language for a form shown in `tag`, when the pages speak it.
    init?(_ tag: LanguageTag) {
        self.init(rawValue: String(tag.primary))
    }

    /// The tag of this language (what ``LocalTime`` and the domain take).
    var tag: LanguageTag { self == .ko ? .korean : .english }

    init(_ headers: HTTPFields) {
        self.init(acceptLanguage: headers[.acceptLanguage])
    }
}
