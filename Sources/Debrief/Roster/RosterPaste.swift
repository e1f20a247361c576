import Foundation

/// A roster pasted as a list (issue 68 a): one member per line, as a host copies it from a mail
/// client, a spreadsheet or a chat — `Ana Kim <ana@example.org>`, `ana@example.org`,
/// `Ana Kim, ana@example.org` (a tab, as a spreadsheet's two columns paste, works like the comma),
/// or a name alone. Blank lines are skipped.
///
/// All or nothing: a list with any bad line (an invalid name or address, a name twice in the list
/// or already on the roster) stores nothing, and every bad line is named by its number
/// (`text.lines[3]`: below the member `text`), so the host fixes the text and pastes it again whole. Bounded: at most
/// ``maxMembers`` members and ``maxBytes`` bytes at once.
public struct RosterPaste: Sendable, Equatable {
    /// The most members one paste adds.
    public static let maxMembers = 500
    /// The longest text accepted (UTF-8 bytes): 500 lines of a long name and address.
    public static let maxBytes = 64 * 1024

    public struct Entry: Sendable, Equatable {
        /// The 1-based line of the text it came from.
        public var line: Int
        public var name: PersonName
        public var email: EmailAddress?
    }

    public var entries: [Entry]

    /// The path of a problem on line `line` (1-based).
    public static func path(line: Int) -> String { "text.lines[\(line)]" }

    /// The line a problem's path names (`text.lines[3]`: 3), nil for a problem of the whole text.
    public static func line(of path: String) -> Int? {
        let prefix = "text.lines["
        guard path.hasPrefix(prefix), path.hasSuffix("]") else { return nil }
        return Int(path.dropFirst(prefix.count).dropLast())
    }

    /// Parses `text`, every problem at its line (or at `text` for the whole); a name given
    /// only as an address is the address (the host may rename the member).
    public static func parse(_ text: String?) throws -> RosterPaste {
        var problems = ProblemCollector()
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationFailure(problems: [FieldProblem("text", "must list at least one member")])
        }
        if text.utf8.count > Self.maxBytes {
            throw ValidationFailure(problems: [FieldProblem("text", "must be at most \(Self.maxBytes) bytes")])
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let filled = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        if filled > Self.maxMembers {
            throw ValidationFailure(problems: [FieldProblem("text", "must list at most \(Self.maxMembers) members at once")])
        }
        var entries: [Entry] = []
        var firstLineOfKey: [String: Int] = [:]
        for (index, raw) in lines.enumerated() {
            let line = index + 1
            let trimmed = raw.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let path = Self.path(line: line)
            let (rawName, rawEmail) = Self.split(trimmed)
            var email: EmailAddress?
            if let rawEmail {
                switch EmailAddress.parse(rawEmail, path: path) {
                case .success(let parsed): email = parsed
                case .failure(let problem): problems.add(FieldProblem(path, "the address " + problem.message))
                }
            }
            let name = PersonName.validate(rawName ?? email?.normalized ?? rawEmail, at: path, into: &problems)
            guard let name else { continue }
            if let first = firstLineOfKey[name.matchKey] {
                problems.add(path, "repeats the name on line \(first)")
                continue
            }
            firstLineOfKey[name.matchKey] = line
            entries.append(Entry(line: line, name: name, email: email))
        }
        if !problems.isEmpty { throw ValidationFailure(problems: problems.problems) }
        return RosterPaste(entries: entries)
    }

    /// A line's name and address as typed (either may be absent).
    static func split(_ line: String) -> (name: String?, email: String?) {
        // `Name <address>`
        if line.hasSuffix(">"), let open = line.lastIndex(of: "<") {
            let name = Self.unquoted(String(line[..<open]))
            let email = String(line[line.index(after: open)..<line.index(before: line.endIndex)])
            return (name.isEmpty ? nil : name, email)
        }
        // `Name, address` or `Name<TAB>address`; `Kim, Ana` (no address after the comma) is a name.
        if let separator = line.lastIndex(where: { $0 == "," || $0 == "\t" }) {
            let after = line[line.index(after: separator)...].trimmingCharacters(in: .whitespaces)
            if after.contains("@") {
                let name = Self.unquoted(String(line[..<separator]))
                return (name.isEmpty ? nil : name, after)
            }
        }
        // An address alone, or a name alone.
        if line.contains("@"), !line.contains(" ") { return (nil, line) }
        return (line, nil)
    }

    /// `"Kim, Ana"` as a mail client quotes it: the quotes are not part of the name.
    private static func unquoted(_ text: String) -> String {
        var name = text.trimmingCharacters(in: .whitespaces)
        if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
        return name.trimmingCharacters(in: .whitespaces)
    }
}
