/// The languages Debrief itself speaks — its pages, charts, mails and chat digests. English is the
/// default; Korean is the other one the product ships with. (A form's own text may be in any
/// language: that is a ``LanguageTag``.)
///
/// Raw values are the language's ISO 639-1 code, as in `lang=ko` and the API's `language`.
public enum Language: String, Sendable, Codable, CaseIterable {
    case en
    case ko

    public static let fallback = Language.en

    /// The best supported language of a reader's preference; only the primary subtag matters, so
    /// `ko-KR` is Korean, and no match is English.
    public init(preference: LanguagePreference) {
        let supported = Self.allCases.compactMap { LanguageTag(rawValue: $0.rawValue) }
        self = preference.best(of: supported).flatMap { Language(rawValue: String($0.primary)) } ?? Self.fallback
    }

    /// The `Accept-Language` header's best supported language; `*` and unparsable headers fall
    /// back to English.
    public init(acceptLanguage header: String?) {
        self.init(preference: LanguagePreference(acceptLanguage: header))
    }

    /// This language for a form shown in `tag`, when Debrief speaks it.
    public init?(_ tag: LanguageTag) {
        self.init(rawValue: String(tag.primary))
    }

    /// The tag of this language (what ``LocalTime`` and the forms take).
    public var tag: LanguageTag { self == .ko ? .korean : .english }
}
