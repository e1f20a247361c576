/// Host-written words (a meeting's title, a member's name, an admin's name) made inert for mail
/// (issue 47: a title "…visit http://evil.example/login" went out to strangers, and their mail
/// clients turned it into a link under our name).
///
/// Mail clients autolink text that looks like a URL, an address or a domain, in the plain part
/// and in the HTML part's text alike, whether or not we write an `<a>`. So a ZERO WIDTH SPACE
/// (U+200B) goes after every `:`, `/`, `.` and `@` that is followed by more text: the words read
/// the same, but no run of characters is a URL, a domain or an address any more. The HTML part
/// also escapes the text and never wraps host text in a link; only our own links (the form, the
/// unsubscribe page) are clickable (docs/decisions/0056-roster-mail-is-not-a-relay.md).
enum InertText {
    static let breaker: Character = "\u{200B}"

    /// `text` with its URL-looking runs broken.
    static func plain(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousBreaks = false
        for character in text {
            if previousBreaks, !character.isWhitespace { result.append(Self.breaker) }
            result.append(character)
            previousBreaks = character == ":" || character == "/" || character == "." || character == "@"
        }
        return result
    }
}
