/// What a submission's `personalLink` must look like before the database is asked
/// (docs/decisions/0077-personal-links-and-reminders.md): absent, or a token of the shape the
/// server mints (`dbl_`, printable ASCII, bounded). Whether it is a link to this session is the
/// store's to say, in the transaction that stores the answers.
public enum PersonalLinkRules {
    public static let prefix = "dbl_"

    /// The link to look up, or nil when none was sent; a malformed one is a problem at `personalLink`.
    public static func check(_ raw: String?, into problems: inout ProblemCollector) -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        guard Self.looksLikeOne(raw) else {
            problems.add("personalLink", "is not a personal link")
            return nil
        }
        return raw
    }

    /// The shape alone (a page reads `?p=` with it before carrying it along).
    public static func looksLikeOne(_ raw: String) -> Bool {
        raw.hasPrefix(Self.prefix) && raw.utf8.count <= 100 && raw.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}
