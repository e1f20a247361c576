import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// A form as hosts see it: its definition (the same flat shape `PUT …/form` takes) plus its state.
struct FormResponse: ResponseEncodable {
    var form: StoredForm
    var publicBaseURL: String

    /// The members the stored state adds to the definition; the OpenAPI marks them `readOnly`
    /// (``FormReplacement`` accepts and ignores them, except `closesAt`, a definition member).
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, meetingID = "meetingId", version, state, code, participantUrl, publishedAt, closedAt, closesAt, createdAt, updatedAt
        case followsSeries
    }

    func encode(to encoder: any Encoder) throws {
        // The definition's keys first; the stored state's keys (closesAt included) win.
        try self.form.definition.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.form.id, forKey: .id)
        try container.encode(self.form.meetingID, forKey: .meetingID)
        try container.encode(self.form.version, forKey: .version)
        try container.encode(self.form.state(), forKey: .state)
        try container.encode(self.form.code, forKey: .code)
        try container.encode(self.form.code.map { ParticipantURL.of(code: $0, base: self.publicBaseURL) }, forKey: .participantUrl)
        try container.encode(self.form.publishedAt, forKey: .publishedAt)
        try container.encode(self.form.closedTime(), forKey: .closedAt)
        try container.encode(self.form.publishedAt == nil ? self.form.definition.closesAt : self.form.closesAt, forKey: .closesAt)
        try container.encode(self.form.createdAt, forKey: .createdAt)
        try container.encode(self.form.updatedAt, forKey: .updatedAt)
        try container.encode(self.form.followsSeries, forKey: .followsSeries)
    }
}
