import Debrief
import HTTPTypes

extension Language {
    /// The language a request's `Accept-Language` asks for.
    init(_ headers: HTTPFields) {
        self.init(acceptLanguage: headers[.acceptLanguage])
    }
}
