@testable import DebriefHTTP
import Debrief
import Foundation
import Testing

/// Unknown members found from the inspector's member list (one parse) are the ones a second full
/// parse finds, in the same order.
@Suite("Request bodies: unknown members")
struct KnownMembersTests {
    struct Body: Decodable {
        struct Item: Decodable {
            var key: String
            var rating: Int?
            var labels: [String: String]?
        }
        var title: String
        var items: [Item]
        var note: String?
    }

    static func unknownPaths(_ text: String, listed: Bool) throws -> [String] {
        let bytes = Array(text.utf8)
        let members = listed ? try JSONBodyInspector.checkStructure(bytes) : nil
        return try KnownMembers.decode(Body.self, from: Data(bytes), members: members, with: JSONCoding.decoder).1.map(\.description)
    }

    @Test(arguments: [
        #"{"title": "t", "items": []}"#,
        #"{"zeta": 1, "title": "t", "alpha": {"inner": {"deeper": 1}}, "items": []}"#,
        #"{"title": "t", "items": [{"key": "a", "colour": "red"}, {"key": "b", "rating": 3, "b2": 1, "a2": [1, {"x": 1}]}]}"#,
        #"{"title": "t", "items": [{"key": "a", "labels": {"anything": "goes", "here": "too"}}], "note": null}"#,
        #"{"title": "t", "title2": 1, "title2": 2, "items": [{"key": "k", "é": 1, "한": 2}]}"#,
    ])
    func oneParseFindsWhatTwoFound(body: String) throws {
        #expect(try Self.unknownPaths(body, listed: true) == Self.unknownPaths(body, listed: false))
    }

    @Test func theSecondParseStillFindsThemWhenANameHasAnEscape() throws {
        let body = #"{"\u0074itle": "t", "items": [], "n\u00f3pe": 1}"#
        #expect(try JSONBodyInspector.checkStructure(Array(body.utf8)) == nil)
        #expect(try Self.unknownPaths(body, listed: false) == ["nópe: is not a known field"])
    }

    @Test func pathsAreNamedAndOrderedByPath() throws {
        let body = #"{"zeta": 1, "title": "t", "items": [{"key": "a", "b": 1, "a": 2}], "alpha": 0}"#
        #expect(try Self.unknownPaths(body, listed: true) == [
            "alpha: is not a known field", "items[0].a: is not a known field", "items[0].b: is not a known field",
            "zeta: is not a known field",
        ])
    }
}
