
/// What a submission's `participantToken` must look like, before the database is asked.
public enum ParticipantTokenRules {
    /// Returns the token to look up, or nil. An absent or empty token is fine on anonymous forms
    /// (one response per request); forms that are not anonymous need one, since their responses
    /// belong to a checked-in person. A token must look like one we issued (`dbp_`, printable ASCII).
    public static func check(_ raw: String?, form: FormDefinition, into problems: inout ProblemCollector) -> String? {
        guard let raw, !raw.isEmpty else {
            if !form.anonymous {
                problems.add("participantToken", "is required on forms that are not anonymous; check in first")
            }
            return nil
        }
        guard raw.hasPrefix("dbp_"), raw.utf8.count <= 100, raw.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            problems.add("participantToken", "is not a participant token")
            return nil
        }
        return raw
    }
}
