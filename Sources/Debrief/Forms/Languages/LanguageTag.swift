/// A language a form speaks, as a BCP 47 tag (RFC 5646) reduced to what forms need: a primary
/// subtag of 2–3 letters and up to three subtags of 1–8 letters or digits (`en`, `ko`,
/// `pt-br`, `zh-hant-tw`). Stored lowercase, so `ko-KR` and `ko-kr` are one language.
///
/// Encoded as a plain JSON string; as a dictionary key it is the object key
/// (`"translations": {"ko": …}`).
public struct LanguageTag: RawRepresentable, Hashable, Comparable, Sendable, Codable, CodingKeyRepresentable,
    CustomStringConvertible
{
    /// The language of a form that names none: forms stored before translations were English.
    public static let english = LanguageTag(trusted: "en")
    /// Korean, the second language the pages speak.
    public static let korean = LanguageTag(trusted: "ko")
    /// The message for a tag that breaks the rules.
    public static let message = "must be a language tag such as en, ko or pt-br"

    /// The lowercase tag, e.g. `ko` or `pt-br`.
    public let rawValue: String

    /// A tag, or nil when `rawValue` is not one (case is folded, not refused).
    public init?(rawValue: String) {
        let lowered = rawValue.lowercased()
        let subtags = lowered.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...3).contains(primary.count), primary.allSatisfy(\.isLowercaseASCIILetter),
            subtags.count <= 4,
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) })
        else { return nil }
        self.rawValue = lowered
    }

    private init(trusted: String) {
        self.rawValue = trusted
    }

    /// The primary subtag: `ko` for `ko-kr`.
    public var primary: Substring {
        self.rawValue.split(separator: "-").first ?? Substring(self.rawValue)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let tag = LanguageTag(rawValue: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "language tag \(Self.message)")
        }
        self = tag
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.rawValue)
    }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(rawValue: codingKey.stringValue)
    }

    public var codingKey: any CodingKey { StringCodingKey(self.rawValue) }

    public static func < (lhs: LanguageTag, rhs: LanguageTag) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { self.rawValue }
}

/// The coding key of a string-backed dictionary key (``LanguageTag``, ``QuestionKey``), so such a
/// dictionary encodes as a JSON object rather than an array of pairs.
struct StringCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { self.stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Character {
    /// `a`–`z` (the tag is lowercased before it is checked).
    fileprivate var isLowercaseASCIILetter: Bool { ("a"..."z").contains(self) }
    /// `a`–`z` or `0`–`9`.
    fileprivate var isASCIILetterOrDigit: Bool { ("a"..."z").contains(self) || ("0"..."9").contains(self) }
}

extension LanguageTag {
    /// The language's name in itself, for pickers and labels ("English", "한국어"); the tag for a
    /// language this table does not know.
    public var nativeName: String {
        let names: [Substring: String] = [
            "en": "English", "ko": "한국어", "ja": "日本語", "zh": "中文", "es": "Español", "fr": "Français",
            "de": "Deutsch", "pt": "Português", "it": "Italiano", "vi": "Tiếng Việt", "th": "ไทย", "id": "Bahasa Indonesia",
        ]
        return names[self.primary] ?? self.rawValue
    }
}
