/// Rules for passwords and display names, shared by sign-up and profile edits.
public enum AccountRules: Sendable {
    /// Shortest accepted password, in `Character`s. Length matters more than character
    /// classes (NIST SP 800-63B), so there are no composition rules.
    public static let passwordMinLength = 10

    /// Longest accepted password, in `Character`s. Note: bcrypt only looks at the first
    /// 72 bytes, so characters beyond that do not add strength; we still accept up to
    /// 200 so that pass-phrases and password-manager output are never refused, and the
    /// cap keeps hashing requests cheap.
    public static let passwordMaxLength = 200

    /// Longest display name, in `Character`s.
    public static let displayNameMaxLength = 100

    /// Checks a password. It is neither trimmed nor normalized: it must reach the hash
    /// exactly as typed, or sign-in (which does not go through this function) would
    /// compare a different string.
    public static func checkPassword(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        guard let raw else {
            problems.add(path, "is required")
            return nil
        }
        if raw.count < passwordMinLength {
            problems.add(path, "must be at least \(passwordMinLength) characters")
            return nil
        }
        if raw.count > passwordMaxLength {
            problems.add(path, "must be at most \(passwordMaxLength) characters")
            return nil
        }
        return raw
    }

    /// Checks a display name: 1–100 characters, single line; returns it normalized.
    public static func checkDisplayName(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        problems.requiredText(raw, at: path, lines: .single, maxLength: displayNameMaxLength)
    }
}
