@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Testing

/// Issue 32, items 3, 5 and 6, without a browser or script: a follow-up is picked from lists of
/// the earlier questions' texts and options, each question collapses to a summary line (open
/// when it has a problem or was just added), and the privacy threshold is a choice explained
/// where it is set.
@Suite("Pages: the builder's lists, summaries and threshold")
struct BuilderChoicesPageTests {
    /// A choice, a rating and a short answer (`BuilderPageTests.threeKinds`) and a fourth
    /// question, a short answer, to become the follow-up.
    static let four: [(String, String)] = BuilderPageTests.threeKinds.map { $0.0 == "count" ? ("count", "4") : $0 }
        + [("q3.kind", "shortAnswer"), ("q3.prompt", "What would make it better?")]

    static func section(_ html: String, from start: String, to end: String) -> String {
        guard let lower = html.range(of: start) else { return "" }
        let rest = html[lower.lowerBound...]
        return String(rest[..<(rest.range(of: end)?.upperBound ?? rest.endIndex)])
    }

    @Test func aFollowUpIsChosenFromTheEarlierQuestionsTextsAndOptions() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            // Never saved: the questions have no keys yet; the page gives them the keys a save would.
            let page = try await api.post(path, [("csrf", session.csrf), ("action", "preview")] + Self.four, cookie: session.cookie)
            #expect(page.status == .ok)
            #expect(page.inputValue("q0.key") == "q1" && page.inputValue("q1.key") == "q2")
            let picker = Self.section(page.text, from: "id=\"q3-showWhenQuestion\"", to: "</select>")
            #expect(picker.contains("<option value=\"\">Always show</option>"))
            #expect(picker.contains("<option value=\"q1\">Question 1: Best topic?</option>"), "\(picker)")
            #expect(picker.contains("<option value=\"q2\">Question 2: How useful?</option>"))
            #expect(!picker.contains("Anything else?"), "a short answer cannot decide a follow-up")
            #expect(page.text.contains("value=\"showWhen:3\""), "without script, “Update choices” lists the chosen question's options")

            // "Update choices" after choosing question 1: its options by label, to tick.
            let chosen = try await api.post(
                path, [("csrf", session.csrf), ("action", "showWhen:3"), ("q3.showWhenQuestion", "q1")] + Self.four, cookie: session.cookie)
            #expect(chosen.status == .ok)
            let boxes = Self.section(chosen.text, from: "<fieldset class=\"picks\" id=\"q3-showWhenValues\">", to: "</fieldset>")
            #expect(boxes.contains("<input type=\"checkbox\" id=\"q3-showWhen-o0\" name=\"q3.showWhenOption\" value=\"o1\"> Roadmap</label>"), "\(boxes)")
            #expect(boxes.contains("value=\"o2\"> Hiring</label>"))
            #expect(chosen.text.contains("<option value=\"q1\" selected>Question 1: Best topic?</option>"))
            #expect(chosen.text.contains("<option value=\"chosen\" selected>chose one of</option>"), "a choice question takes “chose one of” unless told otherwise")
            #expect(chosen.text.contains("id=\"q3-showWhenQuestion\"") && chosen.text.contains("autofocus"), "the keyboard stays on the follow-up")

            // Ticking "Hiring" and saving stores the condition by codes the host never saw.
            let saved = try await api.post(
                path, [("csrf", session.csrf), ("action", "save"), ("q3.showWhenQuestion", "q1"), ("q3.showWhenRule", "chosen"),
                       ("q3.showWhenOption", "o2")] + Self.four, cookie: session.cookie)
            #expect(saved.status == .ok, "\(saved.text.prefix(600))")
            #expect(try await Self.condition(api, path, session) == ["question": "q1", "chosen": ["o2"]])
            #expect(saved.text.contains("(shown when Question 1 is Hiring)"), "the summary line says when it shows")

            // A rating range from two selects of the scale, labelled with the scale's words.
            let rating = try await api.post(
                path, [("csrf", session.csrf), ("action", "showWhen:3"), ("q3.showWhenQuestion", "q2"), ("q1.minLabel", "Not at all")]
                    + Self.four, cookie: session.cookie)
            let from = Self.section(rating.text, from: "id=\"q3-showWhenFrom\"", to: "</select>")
            #expect(from.contains("<option value=\"1\" selected>1 – Not at all</option>"), "\(from)")
            #expect(from.contains("<option value=\"5\">5</option>"))
            let ranged = try await api.post(
                path, [("csrf", session.csrf), ("action", "save"), ("q3.showWhenQuestion", "q2"), ("q3.showWhenFrom", "1"),
                       ("q3.showWhenTo", "3")] + Self.four, cookie: session.cookie)
            #expect(ranged.status == .ok, "\(ranged.text.prefix(600))")
            #expect(try await Self.condition(api, path, session) == ["question": "q2", "ratingBetween": [1, 3]])

            // Codes typed by an API client keep working.
            let typed = try await api.post(
                path, [("csrf", session.csrf), ("action", "save"), ("q3.showWhenQuestion", "q1"), ("q3.showWhenRule", "notChosen"),
                       ("q3.showWhenValues", "o1")] + Self.four, cookie: session.cookie)
            #expect(typed.status == .ok, "\(typed.text.prefix(600))")
            #expect(try await Self.condition(api, path, session) == ["question": "q1", "notChosen": ["o1"]])

            // "Always show" ends the condition, whatever rule and options stay posted beside it.
            let always = try await api.post(
                path, [("csrf", session.csrf), ("action", "save"), ("q3.showWhenQuestion", ""), ("q3.showWhenRule", "chosen"),
                       ("q3.showWhenOption", "o2")] + Self.four, cookie: session.cookie)
            #expect(always.status == .ok, "\(always.text.prefix(600))")
            #expect(try await Self.condition(api, path, session) == nil)
        }
    }

    /// The stored follow-up of question 4, as the export writes it.
    static func condition(_ api: ParticipantAPI, _ path: String, _ session: BrowserSession) async throws -> NSDictionary? {
        let exported = try await api.page(path + "/export", cookie: session.cookie)
        let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
        let questions = try #require(json["questions"] as? [[String: Any]])
        return (questions.last?["showWhen"] as? [String: Any]).map { NSDictionary(dictionary: $0) }
    }

    @Test func questionsAreSummaryLinesExceptTheOneWithAProblemOrJustAdded() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let saved = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + BuilderPageTests.threeKinds, cookie: session.cookie)
            #expect(saved.status == .ok)
            let page = try await api.page(path, cookie: session.cookie)
            let html = page.text.components(separatedBy: "<template").first ?? ""
            #expect(html.components(separatedBy: "<details class=\"question-body\">").count == 4, "three questions, all closed")
            #expect(!html.contains("<details class=\"question-body\" open>"))
            #expect(html.contains("<summary><strong data-question-number>Question 2</strong> · <span class=\"kind\">Rating</span> · <span class=\"summary-prompt\""))
            #expect(html.contains(">How useful?</span>"))
            #expect(html.contains("<details class=\"show-when\" data-follow-up>"), "“Show this question only when…” is closed unless set")
            #expect(html.contains("<div class=\"phone\">"), "the saved draft is previewed beside the editor")
            #expect(html.contains("formaction=\"\(path)#preview\""), "Preview comes back at the preview")

            var broken = BuilderPageTests.threeKinds
            broken[11] = ("q1.max", "eleven")
            let refused = try await api.post(path, [("csrf", session.csrf), ("action", "save")] + broken, cookie: session.cookie)
            let questions = Self.questions(refused.text)
            #expect(questions.map { $0.contains("<details class=\"question-body\" open>") } == [false, true, false], "only the question with the problem is open")
            #expect(!refused.text.contains("<div class=\"phone\">"), "no preview of a draft with problems")
            #expect(refused.text.contains("id=\"preview-placeholder\""))

            let added = try await api.post(path, [("csrf", session.csrf), ("action", "add:rating")] + BuilderPageTests.threeKinds, cookie: session.cookie)
            #expect(Self.questions(added.text).map { $0.contains("<details class=\"question-body\" open>") } == [false, false, false, true], "the new question is open")
        }
    }

    /// Each question's editor, in order (the new-question templates left out).
    static func questions(_ html: String) -> [String] {
        let page = html.components(separatedBy: "<template").first ?? ""
        return Array(page.components(separatedBy: "<fieldset class=\"question-editor\"").dropFirst())
    }

    @Test func theThresholdIsAChoiceExplainedWhereItIsSet() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let fresh = try await api.page(path, cookie: session.cookie)
            let select = Self.section(fresh.text, from: "<select id=\"privacyThreshold\"", to: "</select>")
            #expect(select.contains("<option value=\"3\" selected>3 (default)</option>"), "the default is shown, not silently set: \(select)")
            #expect(select.contains("<option value=\"1\">1</option>") && select.contains("<option value=\"50\">50</option>"))
            #expect(!select.contains("value=\"51\""))
            #expect(fresh.text.contains("A question with fewer than 3 answers stays hidden, so nobody can be recognised."))

            let five = try await api.post(
                path, [("csrf", session.csrf), ("action", "save"), ("privacyThreshold", "5")] + BuilderPageTests.threeKinds, cookie: session.cookie)
            #expect(five.status == .ok)
            #expect(five.text.contains("<option value=\"5\" selected>5</option>"))
            #expect(five.text.contains("A question with fewer than 5 answers stays hidden, so nobody can be recognised."))
            let exported = try await api.page(path + "/export", cookie: session.cookie)
            let json = try #require(try JSONSerialization.jsonObject(with: exported.body) as? [String: Any])
            #expect(json["privacyThreshold"] as? Int == 5)

            let one = try await api.post(
                path, [("csrf", session.csrf), ("action", "preview"), ("privacyThreshold", "1")] + BuilderPageTests.threeKinds, cookie: session.cookie)
            #expect(one.text.contains("With 1, every answer shows at once"))

            let korean = try await api.page(path, language: "ko", cookie: session.cookie)
            #expect(korean.text.contains("답이 5개보다 적은 질문은 숨겨 두어서 누구도 알아볼 수 없어요."))
            #expect(korean.text.contains("<option value=\"3\">3 (기본값)</option>"))
        }
    }

    /// A question answered by fewer than k people is marked hidden on the dashboard, never blank.
    @Test func theDashboardMarksAWithheldQuestion() async throws {
        try await ParticipantAPI.run { api, _ in
            let (session, path) = try await BuilderPageTests.builder(api)
            let saved = try await api.post(
                path, [("csrf", session.csrf), ("action", "publish"), ("privacyThreshold", "3")] + BuilderPageTests.threeKinds,
                cookie: session.cookie)
            #expect(saved.status == .seeOther, "\(saved.text.prefix(600))")
            let page = try await api.page(path, cookie: session.cookie)
            let code = try #require(page.text.range(of: #"/f/[A-Z0-9]+"#, options: .regularExpression).map { String(page.text[$0].dropFirst(3)) })
            let answered = try await api.submit(code, ["answers": [["questionKey": "q2", "rating": 4]]])
            #expect(answered.status == .created, "\(answered.text)")
            let dashboard = try await api.page(String(path.dropLast("/form".count)), cookie: session.cookie)
            #expect(dashboard.status == .ok)
            #expect(dashboard.text.contains("Hidden until more people answer, so nobody can be singled out."))
        }
    }
}
