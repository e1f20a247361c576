@testable import Debrief
import Foundation
import Testing

/// The built-in template library (docs/decisions/0076-form-templates.md): each text is a form the
/// API would accept, translated into Korean without a gap, and named by a slug no UUID can be.
@Suite("Built-in templates")
struct BuiltInTemplateTests {
    @Test func everyTemplateIsAValidFormWithNothingLeftUntranslated() throws {
        let texts = BuiltInTemplateTexts.all
        #expect(texts.count == 5)
        for (slug, _, json) in texts {
            let input = try JSONCoding.decoder.decode(FormInput.self, from: Data(json.utf8))
            let form = try input.validate().get()
            #expect(form.closesAt == nil, "\(slug) holds no date")
            #expect(form.translations.keys.map(\.rawValue) == ["ko"], "\(slug) is in Korean too")
            #expect(form.missingTranslations.isEmpty, "\(slug): \(form.missingTranslations)")
        }
        // None was dropped by the library for failing the rules.
        #expect(BuiltInTemplates.all.map(\.id.description) == texts.map(\.slug))
        #expect(Set(texts.map(\.slug)).count == texts.count)
    }

    @Test func idsAreSlugsOrUUIDsAndNothingElse() {
        #expect(FormTemplateID("retrospective") == .builtIn("retrospective"))
        let uuid = UUID()
        #expect(FormTemplateID(uuid.uuidString) == .saved(uuid))
        #expect(FormTemplateID(uuid.uuidString)?.description == uuid.uuidString.lowercased())
        #expect(FormTemplateID("no-such-template") == nil)
        #expect(FormTemplateID("") == nil)
    }

    @Test func aSaveRequestNamesEachBadField() {
        let empty = FormTemplateInput().validate()
        #expect(Self.paths(empty) == ["meetingId", "name"])
        let bad = FormTemplateInput(meetingId: "nope", name: String(repeating: "x", count: 101), scope: "builtIn").validate()
        #expect(Self.paths(bad) == ["meetingId", "name", "scope"])
        let good = FormTemplateInput(meetingId: UUID().uuidString, name: "  Demo  ", scope: "installation").validate()
        #expect((try? good.get())?.name == "Demo")
        #expect((try? good.get())?.scope == .installation)
        #expect((try? FormTemplateInput(meetingId: UUID().uuidString, name: "Demo").validate().get())?.scope == .account)
    }

    static func paths(_ result: Result<FormTemplateRequest, ValidationFailure>) -> [String] {
        guard case .failure(let failure) = result else { return [] }
        return failure.problems.map(\.path)
    }
}
