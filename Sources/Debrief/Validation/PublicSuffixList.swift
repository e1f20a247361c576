/// The Public Suffix List (https://publicsuffix.org): the names under which anyone may register
/// their own domain — `com`, `co.uk`, `github.io`, every name below `kawasaki.jp` but
/// `city.kawasaki.jp`. A wildcard over such a name (`https://*.com`) names every registrant's
/// site, not one operator's (issue 67: `--embed-origins https://*.com` let every .com site frame
/// the pages).
///
/// The list is the operating system's (Debian's `publicsuffix` package, kept current by its
/// updates), never a copy of ours: the executable reads the file at ``debianPath`` once at start
/// and hands the text to ``init(text:)``; nothing else reads it. Both sections count, ICANN's and
/// the private one (`github.io`, `blogspot.com`): a wildcard there spans strangers' sites too.
public struct PublicSuffixList: Sendable {
    /// Where Debian (and Ubuntu) install the list.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// Plain rules (`co.uk`).
    private var rules: Set<String> = []
    /// The names whose every child is a suffix (`kawasaki.jp` of `*.kawasaki.jp`).
    private var wildcardParents: Set<String> = []
    /// Exceptions to a wildcard (`city.kawasaki.jp` of `!city.kawasaki.jp`): registrable.
    private var exceptions: Set<String> = []
    /// Every name with a suffix below it (`amazonaws.com` of `s3.amazonaws.com`, `kawasaki.jp`
    /// of `*.kawasaki.jp`): a wildcard over one spans public suffixes.
    private var parentsOfSuffixes: Set<String> = []

    /// The list in its published format: one rule a line, `//` comments, `*.` wildcards, `!`
    /// exceptions; internationalized rules are compared in their ASCII (`xn--`) form, as a host in
    /// an origin is written.
    public init(text: String) {
        for line in text.split(whereSeparator: \.isNewline) {
            guard let token = line.split(whereSeparator: \.isWhitespace).first, !token.hasPrefix("//") else { continue }
            var rule = Self.ascii(token.lowercased())
            if rule.hasPrefix("!") {
                self.exceptions.insert(String(rule.dropFirst()))
                continue
            }
            if rule.hasPrefix("*.") {
                rule = String(rule.dropFirst(2))
                self.wildcardParents.insert(rule)
                self.parentsOfSuffixes.insert(rule)
            } else {
                self.rules.insert(rule)
            }
            var parent = Substring(rule)
            while let dot = parent.firstIndex(of: ".") {
                parent = parent[parent.index(after: dot)...]
                self.parentsOfSuffixes.insert(String(parent))
            }
        }
    }

    /// Whether `name` (lower case, ASCII) is a public suffix: a rule, a child of a wildcard rule
    /// that is no exception, or a single label (the list's implicit `*` rule: an unlisted
    /// top-level name is a suffix too).
    public func isPublicSuffix(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: ".") else { return true }
        if self.rules.contains(name) { return true }
        return self.wildcardParents.contains(String(name[name.index(after: dot)...])) && !self.exceptions.contains(name)
    }

    /// Whether every name below `name` is one site's: false when `name` is a public suffix or has
    /// one below it (a wildcard `*.name` would span sites of different registrants).
    public func isOneSite(below name: String) -> Bool {
        !self.isPublicSuffix(name) && !self.parentsOfSuffixes.contains(name)
    }

    private static func ascii(_ rule: String) -> String {
        guard !rule.unicodeScalars.allSatisfy(\.isASCII) else { return rule }
        return rule.split(separator: ".", omittingEmptySubsequences: false).map { Punycode.asciiLabel($0) }.joined(separator: ".")
    }
}
