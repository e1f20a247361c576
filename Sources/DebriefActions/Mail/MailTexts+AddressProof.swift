import Debrief

import Foundation

extension MailTexts {
    /// The link that proves an account holds its address (decision 54). It opens a page with a
    /// button: mail scanners that fetch the link prove nothing.
    static func addressProof(link: String, language: Language) -> Rendered {
        if language == .ko {
            return Rendered(
                subject: "Debrief 이메일 주소 확인",
                text: "Debrief 계정의 이메일 주소를 확인해 주세요. 아래 링크는 24시간 동안 한 번만 쓸 수 있어요:\n\n\(link)\n\n계정을 만든 적이 없다면 이 메일을 무시하세요. 주소는 확인되지 않은 채로 남아요.\n",
                html: "<p>Debrief 계정의 이메일 주소를 확인해 주세요. 아래 링크는 24시간 동안 한 번만 쓸 수 있어요:</p>"
                    + "<p><a href=\"\(escape(link))\">주소 확인</a></p><p>계정을 만든 적이 없다면 이 메일을 무시하세요. 주소는 확인되지 않은 채로 남아요.</p>")
        }
        return Rendered(
            subject: "Confirm your address for Debrief",
            text: "Please confirm that this address belongs to your Debrief account. This link works once, for 24 hours:\n\n\(link)\n\nIf you did not make an account, ignore this message: the address stays unconfirmed.\n",
            html: "<p>Please confirm that this address belongs to your Debrief account. This link works once, for 24 hours:</p>"
                + "<p><a href=\"\(escape(link))\">Confirm the address</a></p><p>If you did not make an account, ignore this message: the address stays unconfirmed.</p>")
    }
}
