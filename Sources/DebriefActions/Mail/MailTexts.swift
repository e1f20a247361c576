import Debrief
import Foundation

/// The words of each message, in English and Korean, plain and HTML. Rendered when the message
/// is written to the outbox, so a retry sends the same words.
enum MailTexts {
    struct Rendered {
        var subject: String
        var text: String
        var html: String
    }

    static func passwordReset(link: String, language: Language) -> Rendered {
        if language == .ko {
            return Rendered(
                subject: "Debrief 비밀번호 재설정 링크",
                text: "비밀번호 재설정을 요청하셨어요. 아래 링크는 한 시간 동안 한 번만 쓸 수 있어요:\n\n\(link)\n\n요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 그대로예요.\n",
                html: "<p>비밀번호 재설정을 요청하셨어요. 아래 링크는 한 시간 동안 한 번만 쓸 수 있어요:</p>"
                    + "<p><a href=\"\(escape(link))\">비밀번호 재설정</a></p><p>요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 그대로예요.</p>")
        }
        return Rendered(
            subject: "Your Debrief password reset link",
            text: "Someone asked to reset the password of this Debrief account. This link works once, for one hour:\n\n\(link)\n\nIf it was not you, ignore this message: your password stays as it is.\n",
            html: "<p>Someone asked to reset the password of this Debrief account. This link works once, for one hour:</p>"
                + "<p><a href=\"\(escape(link))\">Reset the password</a></p><p>If it was not you, ignore this message: your password stays as it is.</p>")
    }

    /// An admin's invitation to create a host account (the link works once, until `expires`).
    /// The subject is ours alone: the admin's name, free text, stays in the body, made inert.
    static func invitation(link: String, inviter: String, expires: String, language: Language) -> Rendered {
        let inviter = InertText.plain(inviter)
        if language == .ko {
            let body = "\(inviter) 님이 Debrief 진행자 계정을 만들 수 있도록 초대했어요. 아래 링크는 한 번만 쓸 수 있고 \(expires)까지 유효해요."
            return Rendered(
                subject: "Debrief 진행자 계정 초대",
                text: "\(body)\n\n\(link)\n\n초대받을 일이 없다면 이 메일을 무시하세요.\n",
                html: "<p>\(escape(body))</p><p><a href=\"\(escape(link))\">계정 만들기</a></p><p>초대받을 일이 없다면 이 메일을 무시하세요.</p>")
        }
        let body = "\(inviter) invited you to create a host account on Debrief. The link works once, until \(expires)."
        return Rendered(
            subject: "You are invited to Debrief",
            text: "\(body)\n\n\(link)\n\nIf you did not expect this, ignore this message.\n",
            html: "<p>\(escape(body))</p><p><a href=\"\(escape(link))\">Create your account</a></p><p>If you did not expect this, ignore this message.</p>")
    }

    /// The most of a meeting's title a subject carries.
    static let maxTitleInSubject = 80

    /// Which roster message: the link to someone who came, the link to someone who did not, or
    /// the reminder the host turned on.
    enum RosterWording: Sendable, Equatable, CaseIterable {
        /// Checked in or marked present: "thank you for coming".
        case thanks
        /// Absent: "sorry we missed you — your view still counts" — only when attendance was taken.
        case missed
        /// No attendance was taken for the session: the link with plain words (issue 68).
        case plain
        case reminder
    }

    /// The participant link (``RosterWording/thanks`` or ``RosterWording/missed``, chosen from the
    /// member's attendance when the host pressed Send) or the reminder before the form closes.
    /// Both languages in one message: a roster has no language of its own.
    /// The only host-written words in the subject are the meeting's title (cut to
    /// ``maxTitleInSubject``); the title and the member's name are made inert (``InertText``)
    /// everywhere, and only our own two links are clickable. The close time is in the series'
    /// `zone`, named, in each language's own format (``LocalTime``, decision 59).
    /// `picture` (the series', decision 92) opens the HTML part, at most ``pictureWidth`` wide
    /// with its space reserved, named by the title; the plain part has none.
    static func roster(
        title rawTitle: String, name rawName: String, link: String, unsubscribe: String, closes: Date?, zone: String? = nil,
        wording: RosterWording, picture: (url: String, reference: PictureReference)? = nil, oneTap: OneTapRow? = nil
    ) -> Rendered {
        let title = InertText.plain(rawTitle)
        let name = InertText.plain(rawName)
        let subjectTitle = InertText.plain(
            rawTitle.count > Self.maxTitleInSubject ? String(rawTitle.prefix(Self.maxTitleInSubject - 1)) + "…" : rawTitle)
        let subject = wording == .reminder ? "\(subjectTitle) — feedback closes soon · 피드백 마감 전 알림" : "\(subjectTitle) — your feedback link · 피드백 링크"
        let closing = closes.map { " It closes \(LocalTime.text($0, zone: zone, language: .english))." } ?? ""
        let closingKo = closes.map { " 마감: \(LocalTime.text($0, zone: zone, language: .korean))." } ?? ""
        let en: String
        let ko: String
        switch wording {
        case .thanks:
            en = "Hello \(name), thank you for coming to \(title). Tell the host how it went:\(closing)"
            ko = "\(name) 님, \(title)에 와 주셔서 고마워요. 피드백을 남겨 주세요.\(closingKo)"
        case .missed:
            en = "Hello \(name), sorry we missed you at \(title) — your view still counts. Tell the host what you think:\(closing)"
            ko = "\(name) 님, \(title)에서 못 뵈어 아쉬웠어요. 그래도 의견은 소중해요. 피드백을 남겨 주세요.\(closingKo)"
        case .plain:
            en = "Hello \(name), here is your feedback link for \(title). Tell the host what you think:\(closing)"
            ko = "\(name) 님, \(title) 피드백 링크예요. 의견을 남겨 주세요.\(closingKo)"
        case .reminder:
            en = "Hello \(name), the feedback form of \(title) closes soon.\(closing) If you have not answered yet:"
            ko = "\(name) 님, \(title) 피드백이 곧 마감돼요.\(closingKo) 아직 답하지 않으셨다면:"
        }
        let footer = "You get this because the host put you on the roster. Unsubscribe: \(unsubscribe)\n주최자가 명단에 넣어서 받는 메일이에요. 수신 거부: \(unsubscribe)"
        return Rendered(
            subject: subject,
            text: "\(en)\n\(ko)\n\n\(link)\n\n-- \n\(footer)\n",
            html: (picture.map { Self.pictureHTML($0.url, $0.reference, title: title) } ?? "")
                + "<p>\(escape(en))</p><p>\(escape(ko))</p><p><a href=\"\(escape(link))\">\(escape(link))</a></p>"
                + (oneTap.map(Self.oneTapHTML) ?? "")
                + "<hr><p><small>You get this because the host put you on the roster. 주최자가 명단에 넣어서 받는 메일이에요. "
                + "<a href=\"\(escape(unsubscribe))\">Unsubscribe · 수신 거부</a></small></p>")
    }

    /// The form's one-tap question (``OneTapQuestion``) as links, one per answer.
    struct OneTapRow {
        /// The host's words, made inert where they are shown.
        var prompt: String
        var taps: [(label: String, url: String)]
    }

    /// The one-tap row of the HTML part: the question, then each answer as a link that opens the
    /// form with it filled in (only HTML: a plain part cannot show a row of links).
    static func oneTapHTML(_ row: OneTapRow) -> String {
        let links = row.taps.map { tap in
            "<a href=\"\(escape(tap.url))\" style=\"display:inline-block;min-width:2em;padding:.4em;margin:.1em;"
                + "border:1px solid #888;border-radius:4px;text-align:center;text-decoration:none\">\(escape(tap.label))</a>"
        }
        return "<p><strong>\(escape(InertText.plain(row.prompt)))</strong><br>"
            + "<small>Tap an answer to open the form with it filled in, then press Send. "
            + "답을 누르면 그 답이 채워진 양식이 열려요. 보내기를 눌러 주세요.</small></p>"
            + "<p>\(links.joined(separator: " "))</p>"
    }

    /// The widest a picture is shown in a message: mail clients lay out about 600 pixels.
    static let pictureWidth = 560

    /// The series' picture as the first paragraph of a message's HTML part. Served from the site
    /// (public once a session has a published form, which a roster message always has), not
    /// attached: the message stays small, and a client that loads no remote images shows the alt text.
    static func pictureHTML(_ url: String, _ picture: PictureReference, title: String) -> String {
        let size = picture.shown(maxWidth: Self.pictureWidth)
        return "<p><img src=\"\(escape(url))\" width=\"\(size.width)\" height=\"\(size.height)\" "
            + "alt=\"\(escape("Picture of \(title) · \(title) 모임 이미지"))\" style=\"max-width:100%;height:auto\"></p>"
    }

    /// A text inside the HTML part: the one markup escaper.
    static func escape(_ text: String) -> String {
        XMLText.escape(text)
    }
}
