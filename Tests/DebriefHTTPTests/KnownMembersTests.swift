@testable import DebriefHTTP
import Debrief
import Foundation
import Testing

/// Unknown members are found from the body as ``JSONTree`` read it (one parse besides the
/// decoder's), named by their decoded names and ordered by path.
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

    static func unknownPaths(_ text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        let document = try JSONTree.read(bytes)
        return try KnownMembers.decode(Body.self, from: Data(bytes), document: document.tree, with: JSONCoding.decoder).1.map(\.description)
    }

    @Test(arguments: [
        (#"{"title": "t", "items": []}"#, []),
        // A member inside an unknown one is not listed: nothing was asked of its object.
        (#"{"zeta": 1, "title": "t", "alpha": {"inner": {"deeper": 1}}, "items": []}"#, ["alpha", "zeta"]),
        (#"{"title": "t", "items": [{"key": "a", "colour": "red"}, {"key": "b", "rating": 3, "b2": 1, "a2": [1, {"x": 1}]}]}"#,
         ["items[0].colour", "items[1].a2", "items[1].b2"]),
        // A dictionary reads every key of its object.
        (#"{"title": "t", "items": [{"key": "a", "labels": {"anything": "goes", "here": "too"}}], "note": null}"#, []),
        // A repeated member is named once.
        (#"{"title": "t", "title2": 1, "title2": 2, "items": [{"key": "k", "é": 1, "한": 2}]}"#, ["items[0].é", "items[0].한", "title2"]),
        // Names are compared decoded: an escaped known name is known, an escaped unknown one named as decoded.
        (#"{"\u0074itle": "t", "items": [], "n\u00f3pe": 1}"#, ["nópe"]),
    ] as [(String, [String])])
    func unknownMembersAreNamed(body: String, unknown: [String]) throws {
        #expect(try Self.unknownPaths(body) == unknown.map { "\($0): is not a known field" })
    }

    @Test func pathsAreNamedAndOrderedByPath() throws {
        let body = #"{"zeta": 1, "title": "t", "items": [{"key": "a", "b": 1, "a": 2}], "alpha": 0}"#
        #expect(try Self.unknownPaths(body) == [
            "alpha: is not a known field", "items[0].a: is not a known field", "items[0].b: is not a known field",
            "zeta: is not a known field",
        ])
    }
}
