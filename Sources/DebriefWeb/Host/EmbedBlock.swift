import DebriefHTTP

/// The dashboard's "Embed in another site" block (docs/decisions/0068): with embedding on, the
/// `<iframe>` markup to paste into a page of an allowed site, for the form and, when the host
/// shares them, the room's results; with it off, how an administrator turns it on.
///
/// The form's frame opens the series' link where there is one, so a page made once keeps showing
/// the current session; the results belong to this session's form.
struct EmbedBlock {
    /// The markup of the form's frame; nil while embedding is off or nothing is published.
    var formSnippet: String?
    /// The markup of the shared results' frame; nil unless the form shares its results.
    var resultsSnippet: String?
    /// "Only these sites may frame them": the origins, named.
    var hint: String?
    /// How to turn embedding on, while it is off.
    var off: String?

    init(
        embedOrigins: FrameAncestors, formCode: String?, seriesCode: String?, sharesResults: Bool, title: String, base: String,
        _ t: Localizer
    ) {
        guard !embedOrigins.isEmpty else {
            self.off = t(.embedOff)
            return
        }
        guard let formCode else { return }
        self.hint = t(.embedHint, ["origins": embedOrigins.sources.joined(separator: ", ")])
        let formURL = ParticipantURL.of(code: seriesCode ?? formCode, base: base)
        self.formSnippet = Self.frame(formURL, title: title, height: 720)
        if sharesResults {
            self.resultsSnippet = Self.frame(ParticipantURL.of(code: formCode, base: base) + "/thanks", title: title, height: 600)
        }
    }

    /// An `<iframe>` element a host pastes as it is (the page escapes it again to show it).
    static func frame(_ url: String, title: String, height: Int) -> String {
        "<iframe src=\"\(Self.attribute(url))\" title=\"\(Self.attribute(title))\" width=\"100%\" height=\"\(height)\" style=\"border:0\"></iframe>"
    }

    /// `text` safe inside a double-quoted attribute.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
