import Debrief
import Foundation

/// The fixed text of the webhooks pages, in each ``Language``: read by templates as `{{t.name}}`
/// like ``Phrase`` and ``HostPhrase``.
enum WebhookPhrase: String, CaseIterable, Sendable {
    case webhooksLink, webhooksHeading, webhooksBody, webhookURLLabel, webhookURLHint, webhookEventsLegend
    case webhookScopeLabel, webhookScopeAll, webhookAddButton, webhookCreated, webhookSecretHint, noWebhooks
    case webhookColumnURL, webhookColumnEvents, webhookColumnScope, webhookColumnState, webhookActive
    case webhookFailing, webhookDisabled, webhookPending, webhookLogLink, webhookEnableButton, webhookDeleteButton
    case webhookDeleted, webhookEnabled, webhookLogHeading, webhookLogEmpty, webhookLogCaption
    case deliveryColumnEvent, deliveryColumnCreated, deliveryColumnStatus, deliveryColumnAttempts
    case deliveryColumnResult, deliveryColumnTime, deliveryDelivered, deliveryPending, redeliverButton, redeliveryQueued
    case webhooksBackLink

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .webhooksLink: return ("Webhooks", "웹훅")
        case .webhooksHeading: return ("Webhooks", "웹훅")
        case .webhooksBody: return ("Debrief tells your own systems about new responses, published and closed forms, and sends the results when a form closes. Requests follow Standard Webhooks and are signed with the endpoint's secret.", "새 응답, 설문 게시와 마감을 내 시스템에 알려 주고, 설문이 마감되면 결과를 보내요. 요청은 Standard Webhooks 형식이며 엔드포인트의 비밀 키로 서명돼요.")
        case .webhookURLLabel: return ("Endpoint URL", "엔드포인트 URL")
        case .webhookURLHint: return ("An https address your system answers at.", "내 시스템이 응답하는 https 주소예요.")
        case .webhookEventsLegend: return ("Events", "이벤트")
        case .webhookScopeLabel: return ("Meetings", "회의")
        case .webhookScopeAll: return ("All my meetings", "내 모든 회의")
        case .webhookAddButton: return ("Add endpoint", "엔드포인트 추가")
        case .webhookCreated: return ("Endpoint added. Its signing secret (shown once):", "엔드포인트를 추가했어요. 서명 비밀 키예요 (한 번만 보여요):")
        case .webhookSecretHint: return ("Keep it with your receiver: Standard Webhooks libraries verify each request with it.", "수신 쪽에 보관하세요. Standard Webhooks 라이브러리가 이 키로 요청을 검증해요.")
        case .noWebhooks: return ("No endpoints yet.", "아직 엔드포인트가 없어요.")
        case .webhookColumnURL: return ("URL", "URL")
        case .webhookColumnEvents: return ("Events", "이벤트")
        case .webhookColumnScope: return ("Meetings", "회의")
        case .webhookColumnState: return ("State", "상태")
        case .webhookActive: return ("Active", "정상")
        case .webhookFailing: return ("Failing since {time}", "{time}부터 실패 중")
        case .webhookDisabled: return ("Disabled: {reason}", "중지됨: {reason}")
        case .webhookPending: return ("{n} waiting", "{n}건 대기 중")
        case .webhookLogLink: return ("Delivery log", "전송 기록")
        case .webhookEnableButton: return ("Enable", "다시 켜기")
        case .webhookDeleteButton: return ("Delete", "삭제")
        case .webhookDeleted: return ("Endpoint deleted.", "엔드포인트를 삭제했어요.")
        case .webhookEnabled: return ("Endpoint enabled: waiting deliveries go out now.", "엔드포인트를 다시 켰어요. 대기 중인 전송을 지금 보내요.")
        case .webhookLogHeading: return ("Delivery log", "전송 기록")
        case .webhookLogEmpty: return ("Nothing was sent to this endpoint yet.", "이 엔드포인트로 보낸 것이 아직 없어요.")
        case .webhookLogCaption: return ("Latest deliveries to {url}, newest first", "{url}(으)로 보낸 최근 전송, 최신순")
        case .deliveryColumnEvent: return ("Event", "이벤트")
        case .deliveryColumnCreated: return ("Created", "생성")
        case .deliveryColumnStatus: return ("Status", "상태")
        case .deliveryColumnAttempts: return ("Attempts", "시도")
        case .deliveryColumnResult: return ("Last result", "마지막 결과")
        case .deliveryColumnTime: return ("Response time", "응답 시간")
        case .deliveryDelivered: return ("Delivered", "전송됨")
        case .deliveryPending: return ("Waiting", "대기 중")
        case .redeliverButton: return ("Send again", "다시 보내기")
        case .redeliveryQueued: return ("Queued to be sent again.", "다시 보내도록 예약했어요.")
        case .webhooksBackLink: return ("All webhooks", "모든 웹훅")
        }
    }
}
