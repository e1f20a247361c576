import Debrief
import DebriefStore
import Foundation
import Hummingbird

/// `GET /v1/f/{code}`: what a participant needs to answer, and nothing about the host.
///
/// `{"code","title","anonymous","allowsEditing","state","closesAt","language","languages",
///   "meeting":{"title","startsAt","endsAt","place"},"questions":[…flat Question JSON…]}`;
/// `closesAt` and `meeting.place` are null when unset. The texts are in `language`, one of the
/// form's `languages` (see ``FormDefinition/language(requested:preference:)``).
struct ParticipantFormResponse: ResponseEncodable {
    var view: ParticipantFormView
    /// The language the texts are shown in.
    var language: LanguageTag

    enum CodingKeys: String, CodingKey {
        case code, title, anonymous, privacyThreshold, allowsEditing, state, closesAt, meeting, questions, language, languages
        case openedToken
    }

    enum MeetingKeys: String, CodingKey {
        case title, startsAt, endsAt, place
    }

    func encode(to encoder: any Encoder) throws {
        let definition = self.view.shownDefinition.localized(to: self.language)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.view.form.code, forKey: .code)
        try container.encode(definition.title, forKey: .title)
        try container.encode(definition.anonymous, forKey: .anonymous)
        try container.encode(definition.privacyThreshold, forKey: .privacyThreshold)
        try container.encode(definition.allowsEditing, forKey: .allowsEditing)
        // A closed form is answered with 410, so a form that can be shown is open.
        try container.encode(FormState.open, forKey: .state)
        try container.encode(self.view.closesAt, forKey: .closesAt)
        var meeting = container.nestedContainer(keyedBy: MeetingKeys.self, forKey: .meeting)
        try meeting.encode(self.view.meetingTitle, forKey: .title)
        try meeting.encode(self.view.meetingStartsAt, forKey: .startsAt)
        try meeting.encode(self.view.meetingEndsAt, forKey: .endsAt)
        try meeting.encode(self.view.meetingPlace, forKey: .place)
        // Shuffled options in this view's order; the ticket that orders them dates the opening.
        try container.encode(definition.questions, forKey: .questions)
        try container.encode(self.language, forKey: .language)
        try container.encode(self.view.form.definition.languages, forKey: .languages)
        try container.encodeIfPresent(self.view.opened?.text, forKey: .openedToken)
    }
}
