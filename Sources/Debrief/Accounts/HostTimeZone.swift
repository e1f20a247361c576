import Foundation

/// The time zones a host may show their pages in: the IANA names Foundation knows
/// (`Europe/Berlin`, `Asia/Seoul`), and `UTC`.
public enum HostTimeZone {
    /// Every accepted name, sorted (for the account page's list).
    public static let identifiers: [String] = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.insert("UTC")
        return names.sorted()
    }()

    private static let known = Set(identifiers)

    /// The zone of a valid name; nil for anything else.
    public static func zone(_ name: String?) -> TimeZone? {
        guard let name, Self.known.contains(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// Checks a time zone name: exactly one of ``identifiers`` (a browser's
    /// `Intl.DateTimeFormat().resolvedOptions().timeZone` is one), surrounding spaces ignored.
    public static func check(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        let name = (raw ?? "").trimmingCharacters(in: .whitespaces)
        if name.isEmpty {
            problems.add(path, "is required")
            return nil
        }
        guard Self.zone(name) != nil else {
            problems.add(path, "must be an IANA time zone name such as Europe/Berlin or UTC")
            return nil
        }
        return name
    }
}
