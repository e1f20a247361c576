/// Rules for passwords and display names, shared by sign-up and profile edits.
public enum AccountRules: Sendable {
    /// Shortest accepted password, in Unicode code points (what JSON Schema's `minLength`
    /// counts, so the API document states the rule exactly). Length matters more than character
    /// classes (NIST SP 800-63B), so there are no composition rules.
    public static let passwordMinLength = 10

    /// Longest accepted password, in Unicode code points. Note: bcrypt only looks at the first
    /// 72 bytes, so characters beyond that do not add strength; we still accept up to
    /// 200 so that pass-phrases and password-manager output are never refused, and the
    /// cap keeps hashing requests cheap.
    public static let passwordMaxLength = 200

    /// Longest display name, in Unicode code points as sent (see ``TextRules``).
    public static let displayNameMaxLength = 100

    /// Checks a password. It is neither trimmed nor normalized: it must reach the hash
    /// exactly as typed, or sign-in (which does not go through this function) would
    /// compare a different string.
    public static func checkPassword(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        guard let raw else {
            problems.add(path, "is required")
            return nil
        }
        if let message = self.passwordProblem(raw) {
            problems.add(path, message)
            return nil
        }
        return raw
    }

    /// Why `raw` cannot be a password, or nil.
    public static func passwordProblem(_ raw: String) -> String? {
        let length = raw.unicodeScalars.count
        if length < passwordMinLength { return "must be at least \(passwordMinLength) characters" }
        if length > passwordMaxLength { return "must be at most \(passwordMaxLength) characters" }
        if self.containsControlCharacter(raw) { return "must not contain control characters" }
        return nil
    }

    /// Control characters (C0, DEL, C1) are refused in passwords: bcrypt reads a password as a C
    /// string, so a NUL would silently end it there, and no keyboard types the others.
    public static func containsControlCharacter(_ password: String) -> Bool {
        password.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    /// Checks a display name: 1–100 characters, single line; returns it normalized.
    public static func checkDisplayName(_ raw: String?, at path: String, into problems: inout ProblemCollector) -> String? {
        problems.requiredText(raw, at: path, lines: .single, maxLength: displayNameMaxLength)
    }
}
