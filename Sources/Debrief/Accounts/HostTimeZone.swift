import Foundation

/// The time zones a host may show their pages in: IANA names (`Europe/Berlin`, `Asia/Seoul`),
/// and `UTC`.
///
/// Foundation's list on Linux is ICU's canonical names, which keep some zones under their old
/// IANA name only: it has `Asia/Calcutta` but not `Asia/Kolkata`, the name Firefox reports and
/// hosts type (seen: `/account` refused Asia/Kolkata). So the list adds the current names of
/// renamed zones (``renamed``), and a check accepts any geographic IANA name Foundation resolves
/// as itself (an older alias a browser reports, such as `America/Buenos_Aires`).
public enum HostTimeZone {
    /// Every name the picker offers, sorted.
    public static let identifiers: [String] = {
        var names = Set(TimeZone.knownTimeZoneIdentifiers)
        names.insert("UTC")
        for (old, current) in Self.renamed where names.contains(old) && TimeZone(identifier: current) != nil {
            names.insert(current)
        }
        return names.sorted()
    }()

    /// IANA's renames (its `backward` file) whose old name ICU keeps as the canonical one: old → current.
    static let renamed: [String: String] = [
        "Asia/Calcutta": "Asia/Kolkata", "Asia/Katmandu": "Asia/Kathmandu", "Asia/Saigon": "Asia/Ho_Chi_Minh",
        "Asia/Rangoon": "Asia/Yangon", "Europe/Kiev": "Europe/Kyiv", "America/Godthab": "America/Nuuk",
        "Asia/Dacca": "Asia/Dhaka", "Asia/Ulan_Bator": "Asia/Ulaanbaatar", "Pacific/Enderbury": "Pacific/Kanton",
        "America/Buenos_Aires": "America/Argentina/Buenos_Aires", "Atlantic/Faeroe": "Atlantic/Faroe",
        "Asia/Thimbu": "Asia/Thimphu", "Asia/Macao": "Asia/Macau", "Asia/Ujung_Pandang": "Asia/Makassar",
        "Pacific/Truk": "Pacific/Chuuk", "Pacific/Ponape": "Pacific/Pohnpei", "Asia/Ashkhabad": "Asia/Ashgabat",
        "America/Indianapolis": "America/Indiana/Indianapolis", "America/Louisville": "America/Kentucky/Louisville",
    ]

    private static let known = Set(identifiers)

    /// IANA's geographic areas: the first part of every location's name.
    private static let areas: Set<Substring> = [
        "Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific",
    ]

    /// The zone of a valid name; nil for anything else.
    public static func zone(_ name: String?) -> TimeZone? {
        guard let name, Self.accepts(name) else { return nil }
        return TimeZone(identifier: name)
    }

    /// One of ``identifiers``, or an `Area/Location` name Foundation knows under that very name.
    /// Abbreviations and offsets (`EST`, `GMT+5`) are refused: they do not follow daylight saving.
    private static func accepts(_ name: String) -> Bool {
        if Self.known.contains(name) { return true }
        guard name.utf8.count <= 64, let area = name.split(separator: "/").first, Self.areas.contains(area),
            name.contains("/"), let zone = TimeZone(identifier: name)
        else { return false }
        return zone.identifier == name
    }

    /// Checks a time zone name: exactly one of ``identifiers`` (a browser's
    /// `Intl.DateTimeFormat().resolvedOptions().timeZone` is one) or an alias of one, surrounding
    /// spaces ignored.
    public static func check(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        let name = (raw ?? "").trimmingCharacters(in: .whitespaces)
        if name.isEmpty {
            problems.add(path, "is required")
            return nil
        }
        guard Self.zone(name) != nil else {
            problems.add(path, "must be an IANA time zone name such as Europe/Berlin, Asia/Kolkata or UTC")
            return nil
        }
        return name
    }
}
