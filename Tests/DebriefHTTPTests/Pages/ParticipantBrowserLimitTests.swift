import Foundation
import HTTPTypes
import PQ
import Testing

/// One response per browser on anonymous forms: the participant page's signed cookie.
@Suite("Participant page: one response per browser")
struct ParticipantBrowserLimitTests {
    static func answer(_ key: String) -> [(String, String)] {
        ParticipantPageTests.completeAnswer(key: key)
    }

    /// The `debrief_answered` cookie a reply sets, as a request's `Cookie` header value.
    static func receipt(_ reply: ParticipantReply) -> String? {
        let header = reply.headers[values: .setCookie].first { $0.hasPrefix("debrief_answered=") }
        return header.map { String($0.prefix { $0 != ";" }) }
    }

    @Test func aSecondAnswerFromTheSameBrowserIsRefused() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            // On by default for a new form, and shown in the form's JSON.
            let stored = try await api.send(.get, "/v1/meetings/\(form.meetingID)/form", token: form.hostToken)
            #expect(stored.json?["oneResponsePerBrowser"] as? Bool == true, "\(stored.text.prefix(300))")

            let first = try await api.post("/f/\(form.code)", Self.answer(try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))))
            #expect(first.status == .seeOther)
            let cookie = try #require(Self.receipt(first), "no receipt cookie: \(first.headers)")
            let setCookie = try #require(first.headers[values: .setCookie].first { $0.hasPrefix("debrief_answered=") })
            #expect(setCookie.contains("Path=/f/\(form.code)") && setCookie.contains("HttpOnly"), "\(setCookie)")

            // The same browser, a new page load: a friendly "you already answered" page, not the
            // form under an error (issue 32 item 14), in English and in Korean.
            let again = try await api.page("/f/\(form.code)", cookie: cookie)
            #expect(again.status == .ok)
            #expect(again.text.contains("<h1>You already answered</h1>"), "\(again.text.prefix(1500))")
            #expect(again.text.contains("Answers to this form were already sent from this browser"))
            #expect(!again.text.contains("name=\"q.") && again.inputValue("idempotency_key") == nil, "no form to fill in again")
            #expect(!again.text.contains("class=\"error-summary"), "no error")
            let korean = try await api.page("/f/\(form.code)", language: "ko", cookie: cookie)
            #expect(korean.text.contains("<h1>이미 답했어요</h1>") && korean.text.contains("<html lang=\"ko\">"), "\(korean.text.prefix(1500))")
            // A post from a page loaded before the answer: refused with the same page.
            let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            let refused = try await api.post("/f/\(form.code)", Self.answer(key), cookie: cookie)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("<h1>You already answered</h1>") && !refused.text.contains("name=\"q."))
            #expect(try await ParticipantPageTests.responses(database) == 1)

            // What it cannot stop, as the README says: a browser without the cookie answers again.
            let elsewhere = try await api.post("/f/\(form.code)", Self.answer(key))
            #expect(elsewhere.status == .seeOther)
            #expect(try await ParticipantPageTests.responses(database) == 2)
        }
    }

    @Test func aForgedOrForeignReceiptDoesNotCount() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            let other = try await api.publish()
            let key = try #require(try await api.page("/f/\(other.code)").inputValue("idempotency_key"))
            let foreign = try #require(Self.receipt(try await api.post("/f/\(other.code)", Self.answer(key))))
            // Another form's receipt, and a receipt whose signature was changed, are ignored.
            for cookie in [foreign, foreign.dropLast(2) + "AA"] {
                let page = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
                let reply = try await api.post("/f/\(form.code)", Self.answer(page), cookie: String(cookie))
                #expect(reply.status == .seeOther, "\(cookie)")
            }
            #expect(try await ParticipantPageTests.responses(database) == 3)
        }
    }

    /// A form that opted out takes no cookie; one that allows editing takes one, but to let that
    /// browser change its answers (ParticipantChangeAnswersTests), not to refuse it.
    @Test func formsThatAllowEditingOrOptOutAreNotLimited() async throws {
        try await ParticipantAPI.run { api, _ in
            var optedOut = ParticipantAPI.sampleForm()
            optedOut["oneResponsePerBrowser"] = false
            let optedOutForm = try await api.publish(optedOut)
            let key = try #require(try await api.page("/f/\(optedOutForm.code)").inputValue("idempotency_key"))
            let first = try await api.post("/f/\(optedOutForm.code)", Self.answer(key))
            #expect(first.status == .seeOther)
            #expect(Self.receipt(first) == nil, "no cookie when the form is not limited")

            let editable = try await api.publish(ParticipantAPI.sampleForm(allowsEditing: true))
            let page = try #require(try await api.page("/f/\(editable.code)").inputValue("idempotency_key"))
            let cookie = try #require(Self.receipt(try await api.post("/f/\(editable.code)", Self.answer(page))))
            let again = try await api.page("/f/\(editable.code)", cookie: cookie)
            #expect(again.status == .ok && !again.text.contains("sent from this browser"), "not refused")
        }
    }

    @Test func formsStoredBeforeTheSettingAreNotLimited() async throws {
        try await ParticipantAPI.run { api, database in
            let form = try await api.publish()
            // A definition as stored before the flag existed.
            try await database.execute("UPDATE forms SET definition = definition - 'oneResponsePerBrowser'")
            let key = try #require(try await api.page("/f/\(form.code)").inputValue("idempotency_key"))
            #expect(Self.receipt(try await api.post("/f/\(form.code)", Self.answer(key))) == nil)
        }
    }
}
