import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// One entry in the bank's list: what a host picks by, `{"id","name","kind","prompt","languages","createdAt"}`.
struct QuestionBankSummaryResponse: ResponseEncodable {
    var id: String
    var name: String
    var kind: String
    var prompt: String
    /// The question's own language first, then its translations', as tags.
    var languages: [String]
    var createdAt: Date

    init(_ entry: QuestionBankEntry) {
        self.id = entry.id.lowercasedText
        self.name = entry.name
        self.kind = entry.banked.question.kind.rawValue
        self.prompt = entry.banked.question.prompt
        self.languages = entry.banked.languages.map(\.rawValue)
        self.createdAt = entry.createdAt
    }
}

/// `GET /v1/question-bank`: `{"items":[summary]}`, newest first.
struct QuestionBankList: ResponseEncodable {
    var items: [QuestionBankSummaryResponse]
}

/// One entry with its question (the form's question shape) and its translations by language.
struct QuestionBankEntryResponse: ResponseEncodable {
    var summary: QuestionBankSummaryResponse
    var banked: BankedQuestion

    init(_ entry: QuestionBankEntry) {
        self.summary = QuestionBankSummaryResponse(entry)
        self.banked = entry.banked
    }

    private enum CodingKeys: String, CodingKey { case question, language, translations }

    func encode(to encoder: any Encoder) throws {
        try self.summary.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.banked.question, forKey: .question)
        try container.encode(self.banked.language, forKey: .language)
        try container.encode(self.banked.translations, forKey: .translations)
    }
}
