import Crypto
import Foundation

/// One outgoing message, and its MIME text (RFC 5322, RFC 2045–2047): `multipart/alternative`
/// with a plain-text and an HTML part, both UTF-8 quoted-printable, headers encoded so any
/// language survives. Pure: the same message renders to the same bytes, so a retry sends exactly
/// what the first attempt sent (the boundary is derived from the Message-ID, not random).
public struct MailMessage: Sendable, Equatable {
    public var fromAddress: String
    public var fromName: String?
    public var to: String
    public var subject: String
    public var text: String
    public var html: String
    /// Without angle brackets: `<id>@<domain>`; stable per outbox row.
    public var messageID: String
    public var date: Date
    /// The https link of a one-click unsubscribe (RFC 8058) for roster mail; nil for mail a
    /// person asked for (a password reset, an invitation).
    public var unsubscribeURL: String?
    /// An address that unsubscribes too, offered beside the link (optional).
    public var unsubscribeMailto: String?

    public init(
        fromAddress: String, fromName: String? = nil, to: String, subject: String, text: String, html: String, messageID: String,
        date: Date, unsubscribeURL: String? = nil, unsubscribeMailto: String? = nil
    ) {
        self.fromAddress = fromAddress
        self.fromName = fromName
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.date = date
        self.unsubscribeURL = unsubscribeURL
        self.unsubscribeMailto = unsubscribeMailto
    }

    /// The boundary between the parts: quoted-printable text never contains "=_", so it cannot
    /// occur inside a part.
    var boundary: String {
        let digest = SHA256.hash(data: Data(self.messageID.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
        return "=_debrief_" + digest
    }

    /// The whole message with CRLF line ends, ready for SMTP's DATA.
    public func rendered() -> String {
        var headers: [(String, String)] = [
            ("Date", Self.rfc5322Date(self.date)),
            ("From", HeaderEncoding.mailbox(name: self.fromName, address: self.fromAddress)),
            ("To", HeaderEncoding.mailbox(name: nil, address: self.to)),
            ("Subject", HeaderEncoding.encode(self.subject)),
            ("Message-ID", "<\(HeaderEncoding.singleLine(self.messageID))>"),
            ("MIME-Version", "1.0"),
            // RFC 3834: automatic mail; vacation responders do not answer it.
            ("Auto-Submitted", "auto-generated"),
        ]
        if let url = self.unsubscribeURL {
            var targets = ["<\(HeaderEncoding.singleLine(url))>"]
            if let mailto = self.unsubscribeMailto { targets.append("<mailto:\(HeaderEncoding.singleLine(mailto))>") }
            headers.append(("List-Unsubscribe", targets.joined(separator: ", ")))
            headers.append(("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"))
        }
        headers.append(("Content-Type", "multipart/alternative; boundary=\"\(self.boundary)\""))
        var lines = headers.map { HeaderEncoding.fold(name: $0.0, value: $0.1) }
        lines.append("")
        lines.append("This is a multi-part message in MIME format.")
        for (type, body) in [("text/plain", self.text), ("text/html", self.html)] {
            lines.append("--\(self.boundary)")
            lines.append("Content-Type: \(type); charset=UTF-8")
            lines.append("Content-Transfer-Encoding: quoted-printable")
            lines.append("")
            lines.append(QuotedPrintable.encode(body))
        }
        lines.append("--\(self.boundary)--")
        lines.append("")
        return lines.joined(separator: "\r\n")
    }

    /// `Wed, 25 Nov 2026 06:40:00 +0000` (RFC 5322 §3.3), always in UTC.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
