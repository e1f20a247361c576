import Debrief
import Hummingbird

extension Request {
    /// The language a participant picked with `?lang=` (the form's language links), if any; a
    /// value that is not a language tag is a 400 naming `lang`, on the API and the pages alike.
    public func pickedLanguage() throws -> String? {
        guard let raw = self.uri.queryParameters.get("lang").map({ String($0) }) else { return nil }
        guard LanguageTag(rawValue: raw) != nil else { throw APIError.badRequest("lang", LanguageTag.message) }
        return raw
    }
}
