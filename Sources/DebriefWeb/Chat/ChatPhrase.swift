import Debrief
import Foundation

/// The words of team chat digests and of the meeting page's chat channel block, in each
/// ``Language``; listed in ``PhraseTables/all`` like every phrase table.
enum ChatPhrase: String, CaseIterable, Sendable {
    // The digest.
    case digestClosedTitle, digestDailyTitle, digestTestTitle, digestTestNote, digestSession, digestFormOpen, digestFormClosed
    case digestResponses, digestRateOfCheckedIn, digestRateOfExpected, digestNoRate, digestWithheld, digestLeading
    case digestRanked, digestNumber, digestNumberInterval, digestTie, digestMean, digestMeanInterval, digestNPS, digestNPSInterval, digestAnswers, digestNoAnswers
    case digestStatementWithheld, digestRespondents, digestTrend, digestTrendNote, digestMore, digestOpenDashboard
    case digestNoResults, digestPrivacyNote
    // The meeting page's block.
    case chatHeading, chatBody, chatURLLabel, chatURLHint, chatKindLabel, chatKindDetect, chatLanguageLabel
    case chatDailyLabel, chatSaveButton, chatTestButton, chatDeleteButton, chatSaved, chatDeleted, chatTestQueued
    case chatStateActive, chatStateDisabled, chatStateFailing, chatLastSent, chatNone, chatLogCaption

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        return language == .ko ? ko : en
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .digestClosedTitle: return ("Results: {title}", "결과: {title}")
        case .digestDailyTitle: return ("Today's results so far: {title}", "오늘까지의 결과: {title}")
        case .digestTestTitle: return ("Test message: {title}", "테스트 메시지: {title}")
        case .digestTestNote: return ("Debrief will post results digests for this series here.", "이 시리즈의 결과 요약을 여기에 올려요.")
        case .digestSession: return ("Session {n} · {date}", "{n}회차 · {date}")
        case .digestFormOpen: return ("answers still open", "응답 받는 중")
        case .digestFormClosed: return ("form closed", "설문 마감")
        case .digestResponses: return ("{n} responses", "응답 {n}개")
        case .digestRateOfCheckedIn: return ("response rate {rate}% of people checked in ({part} of {whole})", "체크인한 사람 중 응답률 {rate}% ({whole}명 중 {part}명)")
        case .digestRateOfExpected: return ("response rate {rate}% of the expected head count ({part} of {whole})", "예상 인원 대비 응답률 {rate}% ({whole}명 중 {part}명)")
        case .digestNoRate: return ("no response rate: {reason}", "응답률 없음: {reason}")
        case .digestWithheld: return ("withheld: fewer than {k} answers", "비공개: 응답이 {k}개 미만")
        case .digestLeading: return ("Leading: {label} ({percent}%)", "1위: {label} ({percent}%)")
        case .digestRanked: return ("Ranked first: {labels} ({percent}% of Borda points)", "종합 1위: {labels} (보르다 점수의 {percent}%)")
        case .digestNumber: return ("Mean {mean}{unit}, median {median}{unit}", "평균 {mean}{unit}, 중앙값 {median}{unit}")
        case .digestNumberInterval:
            return ("Mean {mean}{unit} (95% CI {lower}–{upper}), median {median}{unit}", "평균 {mean}{unit} (95% 신뢰구간 {lower}–{upper}), 중앙값 {median}{unit}")
        case .digestTie: return ("Tied: {labels} ({percent}% each)", "공동 1위: {labels} (각 {percent}%)")
        case .digestMean: return ("Mean {mean} on {min}–{max}", "평균 {mean} ({min}–{max}점)")
        case .digestMeanInterval: return ("Mean {mean} on {min}–{max} (95% CI {lower}–{upper})", "평균 {mean} ({min}–{max}점, 95% 신뢰구간 {lower}–{upper})")
        case .digestNPS: return ("NPS {score}", "NPS {score}")
        case .digestNPSInterval: return ("NPS {score} (95% CI {lower} to {upper})", "NPS {score} (95% 신뢰구간 {lower}~{upper})")
        case .digestAnswers: return ("{n} written answers (read them on the dashboard)", "서술형 응답 {n}개 (대시보드에서 보기)")
        case .digestNoAnswers: return ("no answers yet", "아직 응답 없음")
        case .digestStatementWithheld: return ("{label}: withheld", "{label}: 비공개")
        case .digestRespondents: return ("{n} answered", "{n}명 응답")
        case .digestTrend: return ("{arrow} from {previous}", "{arrow} 이전 {previous}")
        case .digestTrendNote: return ("Arrows compare with session {n}.", "화살표는 {n}회차와 비교한 거예요.")
        case .digestMore: return ("…and {n} more questions: see the dashboard.", "…외 {n}개 질문은 대시보드에서 보세요.")
        case .digestOpenDashboard: return ("Open the dashboard", "대시보드 열기")
        case .digestNoResults: return ("No form has been published in this series yet.", "이 시리즈에는 아직 게시된 설문이 없어요.")
        case .digestPrivacyNote: return ("Questions fewer than {k} people answered are withheld, as on the dashboard.", "{k}명 미만이 답한 질문은 대시보드처럼 비공개예요.")
        case .chatHeading: return ("Team chat", "팀 채팅")
        case .chatBody: return ("Post a results digest to a Slack or Microsoft Teams channel when a form closes (and, if you like, once a day while it takes answers). Paste the channel's incoming webhook URL.", "설문이 마감되면(원하면 응답 기간 동안 하루 한 번) Slack이나 Microsoft Teams 채널에 결과 요약을 올려요. 채널의 수신 웹훅 URL을 붙여 넣으세요.")
        case .chatURLLabel: return ("Webhook URL", "웹훅 URL")
        case .chatURLHint: return ("Slack: https://hooks.slack.com/services/… · Teams: https://….webhook.office.com/… or a Workflows URL (https://….logic.azure.com/workflows/…)", "Slack: https://hooks.slack.com/services/… · Teams: https://….webhook.office.com/… 또는 워크플로 URL (https://….logic.azure.com/workflows/…)")
        case .chatKindLabel: return ("Chat", "채팅")
        case .chatKindDetect: return ("Detect from the URL", "URL로 판단")
        case .chatLanguageLabel: return ("Digest language", "요약 언어")
        case .chatDailyLabel: return ("Also post a digest once a day while the form takes answers", "응답 기간 동안 하루 한 번도 요약 올리기")
        case .chatSaveButton: return ("Save channel", "채널 저장")
        case .chatTestButton: return ("Send a test message", "테스트 메시지 보내기")
        case .chatDeleteButton: return ("Remove channel", "채널 삭제")
        case .chatSaved: return ("Channel saved.", "채널을 저장했어요.")
        case .chatDeleted: return ("Channel removed.", "채널을 삭제했어요.")
        case .chatTestQueued: return ("Test message queued: it arrives within a few seconds.", "테스트 메시지를 예약했어요. 몇 초 안에 도착해요.")
        case .chatStateActive: return ("Posting to {kind}", "{kind}에 올리는 중")
        case .chatStateDisabled: return ("Stopped: {reason}", "중지됨: {reason}")
        case .chatStateFailing: return ("Failing since {time}; retrying", "{time}부터 실패 중, 다시 시도해요")
        case .chatLastSent: return ("Last sent: {time}", "마지막 전송: {time}")
        case .chatNone: return ("No channel yet.", "아직 채널이 없어요.")
        case .chatLogCaption: return ("Latest digests", "최근 요약")
        }
    }
}

extension Localizer {
    /// A chat phrase with its `{name}` placeholders replaced by `values`.
    func callAsFunction(_ phrase: ChatPhrase, _ values: [String: String] = [:]) -> String {
        var text = phrase.text(self.language)
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }
}
