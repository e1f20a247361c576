@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefWeb
import Debrief
import DebriefStore
import DebriefTestSupport
import Foundation
import Testing

/// Issue 68 (f): the delivery log (`/account/mail`) names each kind of message in the reader's
/// language from one table (``MailKind/label(_:)``); the Korean log showed the outbox's raw
/// `participant_link` and `reminder`.
@Suite("Pages: the mail log names its kinds in English and Korean")
struct MailLogKindTests {
    /// Every kind has words of its own in both languages, none of them the stored raw value.
    @Test func everyKindHasItsOwnWordsInBothLanguages() {
        for language in Language.allCases {
            let labels = MailKind.allCases.map { $0.label(language) }
            #expect(Set(labels).count == MailKind.allCases.count, "\(language): \(labels)")
            for kind in MailKind.allCases {
                #expect(kind.label(language) != kind.rawValue, "\(kind) in \(language)")
            }
        }
    }

    /// A link and a reminder sent: the Korean log says 피드백 링크 and 알림, the English one
    /// "Feedback link" and "Reminder"; neither shows a raw kind.
    @Test func theLogShowsLocalizedKinds() async throws {
        try await RosterSendStepTests.run { world in
            let links = try await PersonalLinkTests.sendLinks(world)
            #expect(links.count == 4)
            let pressed = try await world.api.send(.post, RosterRemindTests.remind(world), token: world.fixture.hostToken)
            #expect(pressed.status == .ok, "\(pressed.text)")
            let korean = try await world.api.page("/account/mail", language: "ko", cookie: world.session.cookie)
            #expect(korean.status == .ok)
            #expect(korean.text.contains("<td>피드백 링크</td>") && korean.text.contains("<td>알림</td>"), "\(korean.text)")
            let english = try await world.api.page("/account/mail", language: "en", cookie: world.session.cookie)
            #expect(english.text.contains("<td>Feedback link</td>") && english.text.contains("<td>Reminder</td>"), "\(english.text)")
            for page in [korean, english] {
                #expect(!page.text.contains("<td>participant_link</td>") && !page.text.contains("<td>reminder</td>"))
            }
        }
    }
}
