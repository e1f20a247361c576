import Debrief
import Foundation
import Testing

/// Issue 68 a: a roster pasted as a list, one member per line; all or nothing, each bad line
/// named by its number.
@Suite("A pasted roster list")
struct RosterPasteTests {
    func problems(_ text: String?) -> [String] {
        do {
            _ = try RosterPaste.parse(text)
            return []
        } catch let failure as ValidationFailure {
            return failure.problems.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func everyFormOfALineGivesANameAndMaybeAnAddress() throws {
        let text = """
            Grace Hopper <Grace@Example.org>
            "Johnson, Katherine" <katherine@example.org>

            Mary Jackson, mary@example.org
            Dorothy Vaughan\tdorothy@example.org
            ada@example.org
            Kim, Ana
              Margaret Hamilton  
            """
        let list = try RosterPaste.parse(text)
        #expect(list.entries.map(\.name.text) == [
            "Grace Hopper", "Johnson, Katherine", "Mary Jackson", "Dorothy Vaughan", "ada@example.org", "Kim, Ana", "Margaret Hamilton",
        ])
        #expect(list.entries.map { $0.email?.normalized } == [
            "grace@example.org", "katherine@example.org", "mary@example.org", "dorothy@example.org", "ada@example.org", nil, nil,
        ])
        #expect(list.entries.map(\.line) == [1, 2, 4, 5, 6, 7, 8], "blank line 3 skipped, numbers kept")
    }

    @Test func badLinesAndDuplicatesAreNamedByLineAndNothingPasses() {
        let text = "Grace Hopper <grace@example.org>\nAna, not an address@\nGRACE HOPPER\nBen <ben@@example.org>"
        let problems = self.problems(text)
        #expect(problems.map { $0.components(separatedBy: ":")[0] } == ["text.lines[2]", "text.lines[3]", "text.lines[4]"], "\(problems)")
        #expect(problems.contains("text.lines[3]: repeats the name on line 1"))
        #expect(problems.allSatisfy { !$0.hasPrefix("text.lines[2]") || $0.contains("the address") })
        #expect(self.problems("Ana <a b@example.org>").count == 1)
    }

    @Test func theListIsBounded() {
        #expect(self.problems("") == ["text: must list at least one member"])
        #expect(self.problems(nil) == ["text: must list at least one member"])
        let many = (1...(RosterPaste.maxMembers + 1)).map { "Member \($0)" }.joined(separator: "\n")
        #expect(self.problems(many) == ["text: must list at most 500 members at once"])
        let exactly = (1...RosterPaste.maxMembers).map { "Member \($0)" }.joined(separator: "\n")
        #expect(self.problems(exactly).isEmpty)
        let huge = String(repeating: "x", count: RosterPaste.maxBytes + 1)
        #expect(self.problems(huge) == ["text: must be at most 65536 bytes"])
        #expect(RosterPaste.line(of: "text.lines[12]") == 12 && RosterPaste.line(of: "text") == nil)
    }
}
