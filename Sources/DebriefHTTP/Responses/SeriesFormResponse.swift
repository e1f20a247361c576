import Debrief
import Foundation
import Hummingbird

/// A series' form (docs/decisions/0063): the definition every new session starts with (the same
/// flat shape as a meeting's form, with no `closesAt`) and its close rule relative to the session.
struct SeriesFormResponse: ResponseEncodable {
    var seriesID: UUID
    var form: SeriesForm

    enum CodingKeys: String, CodingKey {
        case seriesID = "seriesId", closesAfterSessionEndSeconds
    }

    func encode(to encoder: any Encoder) throws {
        try self.form.definition.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.seriesID, forKey: .seriesID)
        try container.encode(self.form.closeRule?.secondsAfterEnd, forKey: .closesAfterSessionEndSeconds)
    }
}
