import Debrief
import Foundation

/// Every piece of fixed text the pages show, in each ``Language``.
///
/// Templates read them as `{{t.name}}` (the raw value); a test checks that every `t.` name a
/// template uses is a case here, and the exhaustive switch makes a missing translation a
/// compile error. `{name}` placeholders are filled by ``Localizer/callAsFunction(_:_:)``.
enum Phrase: String, CaseIterable, Sendable {
    // Layout
    case skipToContent, signOut
    // Participant form
    case requiredMark, requiredLegend, anonymousNote, identifiedNote, thresholdNote, sendAnswers, errorSummary
    case ratingScale, chooseOne, chooseUpTo, chooseAny, otherOption, otherText, maxLength
    case followUpIfRated, followUpIfChosen, followUpIfNotChosen, shownToOf
    case checkInHeading, checkInName, checkInAnonymousButton, checkInNamedButton
    case checkInAnonymousHint, checkInRequiredHint, checkedInAs, checkedIn, closesAt
    case alreadySent, stillSaving, alreadyAnswered, checkInUnknown, answeredFromThisBrowser, formLanguages
    case seriesPicture
    // Thanks and shared results
    case thanksHeading, thanksBody, sharedResultsHeading
    // Results (thanks page and dashboard)
    case optionColumn, countColumn, percentColumn, meanLabel, medianLabel
    case npsLabel, withheld, noAnswersYet, numbersHeading, otherAnswersHeading, resultsTableCaption
    case versionRespondents, earlierVersionPrompt
    case statementColumn, answersColumn, interval95Column, withheldCell
    case newestAnswersHeading, withheldFewerThan, meanWithInterval
    // Errors
    case notFoundHeading, notFoundBody, closedHeading, closedBody, tooManyHeading, tooManyBody
    case errorHeading, errorBody, badRequestHeading, badRequestBody, meetingNotFoundHeading, meetingNotFoundBody
    // Sign-in
    case signInHeading, emailLabel, passwordLabel, signInButton, signInFailed, signInThrottled, formExpired
    case fieldRequired, emailInvalid
    // Host pages
    case meetingsHeading, noMeetings, meetingColumn, startsColumn, sessionColumn, olderMeetings
    case refresh, liveStatus, participantLink, formCode, responsesLabel, checkedInLabel
    case responseRateCheckedIn, responseRateExpected, possibleDuplicates, rateOfCheckedIn, rateOfExpected, perMinuteHeading, noPublishedForm
    case trendsLink, trendsHeading, sessionNumber, allMeetings, formOpen, formClosed
    case attendanceHeading, noTrends, responseRateColumn, qrTitle, trendsPlannedOne, trendsPlannedMany

    func text(_ language: Language) -> String {
        let (en, ko) = self.texts
        switch language {
        case .en: return en
        case .ko: return ko
        }
    }

    private var texts: (en: String, ko: String) {
        switch self {
        case .skipToContent: return ("Skip to content", "본문으로 건너뛰기")
        case .signOut: return ("Sign out", "로그아웃")
        case .requiredMark: return ("required", "필수")
        case .requiredLegend: return ("Questions marked “required” must be answered.", "“필수” 표시가 있는 질문에는 꼭 답해 주세요.")
        case .anonymousNote: return ("Your answers are anonymous.", "답변은 익명으로 수집돼요.")
        case .identifiedNote: return ("Your name is recorded with your answers.", "답변과 함께 이름이 기록돼요.")
        case .thresholdNote:
            return ("Results are shown only when at least {k} people answer.", "{k}명 이상이 답한 질문만 결과가 공개돼요.")
        case .sendAnswers: return ("Send answers", "답변 보내기")
        case .seriesPicture: return ("Picture of {title}", "{title} 모임 이미지")
        case .errorSummary: return ("Some answers need another look:", "다시 확인할 답변이 있어요:")
        case .ratingScale: return ("From {min} to {max}", "{min}부터 {max}까지")
        case .chooseOne: return ("Choose one.", "하나를 골라 주세요.")
        case .followUpIfRated: return ("Answer if you rated {values} on “{question}”.", "“{question}”에 {values}점을 주셨다면 답해 주세요.")
        case .followUpIfChosen: return ("Answer if you chose {options} on “{question}”.", "“{question}”에서 {options}을(를) 고르셨다면 답해 주세요.")
        case .followUpIfNotChosen: return ("Answer if you did not choose {options} on “{question}”.", "“{question}”에서 {options}을(를) 고르지 않으셨다면 답해 주세요.")
        case .shownToOf: return ("Shown to {n} of {total} respondents", "응답자 {total}명 중 {n}명에게 표시")
        case .chooseUpTo: return ("Choose up to {n}.", "최대 {n}개까지 고를 수 있어요.")
        case .chooseAny: return ("Choose all that apply.", "해당하는 것을 모두 골라 주세요.")
        case .otherOption: return ("Other", "기타")
        case .otherText: return ("Your own answer", "직접 입력")
        case .maxLength: return ("Up to {n} characters.", "최대 {n}자까지 쓸 수 있어요.")
        case .checkInHeading: return ("Check in", "출석 체크")
        case .checkInName: return ("Your name", "이름")
        case .checkInAnonymousButton: return ("I’m here", "참석했어요")
        case .checkInNamedButton: return ("Check in", "출석 체크하기")
        case .checkInAnonymousHint:
            return ("Let the host know you came. Your answers stay anonymous.", "참석했음을 알려 주세요. 답변은 익명으로 유지돼요.")
        case .checkInRequiredHint:
            return ("This form is not anonymous: check in with your name first, then answer.", "이 설문은 익명이 아니에요. 먼저 이름으로 출석 체크를 한 뒤 답해 주세요.")
        case .checkedInAs: return ("You are checked in as {name}.", "{name} 님으로 출석 체크되었어요.")
        case .checkedIn: return ("You are checked in.", "출석 체크되었어요.")
        case .closesAt: return ("Open until {time}.", "{time}까지 답할 수 있어요.")
        case .alreadySent:
            return ("Answers were already sent from this page. Reload it to send a new response.", "이 페이지에서 이미 답변을 보냈어요. 새로 답하려면 페이지를 새로 고쳐 주세요.")
        case .stillSaving: return ("Your answers are still being saved. Wait a moment, then reload.", "답변을 저장하는 중이에요. 잠시 뒤 새로 고쳐 주세요.")
        case .alreadyAnswered: return ("You already answered this form.", "이미 이 설문에 답했어요.")
        case .formLanguages: return ("Languages of this form", "이 설문의 언어")
        case .answeredFromThisBrowser:
            return ("You already answered this form from this browser.", "이 브라우저에서 이미 이 설문에 답했어요.")
        case .checkInUnknown: return ("Your check-in was not found. Please check in again.", "출석 기록을 찾을 수 없어요. 다시 출석 체크해 주세요.")
        case .thanksHeading: return ("Thank you!", "감사합니다!")
        case .thanksBody: return ("Your answers were received.", "답변이 전달되었어요.")
        case .sharedResultsHeading: return ("Results so far", "지금까지의 결과")
        case .optionColumn: return ("Answer", "답변")
        case .countColumn: return ("Count", "수")
        case .statementColumn: return ("Statement", "문항")
        case .answersColumn: return ("Answers", "답변 수")
        case .interval95Column: return ("95% interval", "95% 구간")
        case .withheldCell: return ("withheld", "숨김")
        case .percentColumn: return ("Share", "비율")
        case .meanLabel: return ("Mean", "평균")
        case .medianLabel: return ("Median", "중앙값")
        case .npsLabel: return ("NPS", "NPS")
        case .withheld:
            return ("Hidden until more people answer, so nobody can be singled out.", "더 많은 사람이 답할 때까지 숨겨져요. 누가 답했는지 알 수 없도록 하기 위해서예요.")
        case .noAnswersYet: return ("No answers yet.", "아직 답변이 없어요.")
        case .numbersHeading: return ("The numbers", "숫자로 보기")
        case .otherAnswersHeading: return ("“Other” answers", "“기타” 답변")
        case .newestAnswersHeading: return ("Newest answers", "최근 답변")
        case .withheldFewerThan: return ("withheld: fewer than {k}", "숨김: {k}명 미만")
        case .meanWithInterval: return ("Mean (95% confidence interval)", "평균 (95% 신뢰구간)")
        case .resultsTableCaption: return ("Answers to “{prompt}”", "“{prompt}”에 대한 답변")
        case .versionRespondents: return ("Version {version}: {n} answered", "{version}번째 버전: {n}명 답함")
        case .earlierVersionPrompt: return ("Version {version} (changed since): {prompt}", "{version}번째 버전(이후 바뀜): {prompt}")
        case .notFoundHeading: return ("Form not found", "설문을 찾을 수 없어요")
        case .notFoundBody: return ("Check the link or the code you typed.", "링크나 입력한 코드를 확인해 주세요.")
        case .closedHeading: return ("This form is closed", "설문이 마감되었어요")
        case .closedBody: return ("It no longer accepts answers. Thank you all the same.", "더 이상 답변을 받지 않아요. 관심 가져 주셔서 감사해요.")
        case .tooManyHeading: return ("Too many requests", "요청이 너무 많아요")
        case .tooManyBody: return ("Please wait {n} seconds and try again.", "{n}초 뒤에 다시 시도해 주세요.")
        case .errorHeading: return ("Something went wrong", "문제가 생겼어요")
        case .errorBody: return ("Please try again in a moment.", "잠시 뒤에 다시 시도해 주세요.")
        case .badRequestHeading: return ("This request could not be read", "요청을 읽을 수 없어요")
        case .badRequestBody: return ("Go back, reload the page and try again.", "이전 페이지로 돌아가 새로 고친 뒤 다시 시도해 주세요.")
        case .meetingNotFoundHeading: return ("Meeting not found", "회의를 찾을 수 없어요")
        case .meetingNotFoundBody: return ("It does not exist, or it is not yours.", "존재하지 않거나 내 회의가 아니에요.")
        case .signInHeading: return ("Sign in", "로그인")
        case .emailLabel: return ("Email", "이메일")
        case .passwordLabel: return ("Password", "비밀번호")
        case .signInButton: return ("Sign in", "로그인")
        case .signInFailed: return ("The email or password is wrong.", "이메일 또는 비밀번호가 올바르지 않아요.")
        case .signInThrottled: return ("Too many failed attempts. Try again in {n} seconds.", "실패한 시도가 너무 많아요. {n}초 뒤에 다시 시도해 주세요.")
        case .fieldRequired: return ("This field is required.", "꼭 입력해 주세요.")
        case .emailInvalid: return ("Enter an email address such as name@example.com.", "name@example.com 같은 이메일 주소를 입력해 주세요.")
        case .formExpired: return ("This form expired. Please try again.", "양식이 만료되었어요. 다시 시도해 주세요.")
        case .meetingsHeading: return ("Your meetings", "내 회의")
        case .noMeetings: return ("No meetings yet.", "아직 회의가 없어요.")
        case .meetingColumn: return ("Meeting", "회의")
        case .startsColumn: return ("Starts", "시작")
        case .sessionColumn: return ("Session", "회차")
        case .olderMeetings: return ("Older meetings", "이전 회의")
        case .refresh: return ("Refresh", "새로 고침")
        case .liveStatus: return ("Updates live as answers arrive.", "답변이 도착하면 바로 갱신돼요.")
        case .participantLink: return ("Participant link", "참여 링크")
        case .formCode: return ("Code", "코드")
        case .responsesLabel: return ("Responses", "응답")
        case .checkedInLabel: return ("Checked in", "출석")
        case .responseRateCheckedIn: return ("of the people checked in answered", "출석한 사람 중 응답")
        case .responseRateExpected: return ("Responses, of {n} expected", "응답 (예상 {n}명 대비)")
        case .rateOfCheckedIn: return ("of checked in", "출석 기준")
        case .rateOfExpected: return ("of expected", "예상 인원 기준")
        case .possibleDuplicates: return ("Possible duplicate check-ins to confirm or merge", "확인이 필요한 중복 출석")
        case .perMinuteHeading: return ("Responses per minute", "분당 응답")
        case .noPublishedForm: return ("This meeting has no published form yet.", "이 회의에는 아직 게시된 설문이 없어요.")
        case .trendsLink: return ("Trends across sessions", "회차별 추이")
        case .trendsHeading: return ("Trends: {title}", "추이: {title}")
        case .sessionNumber: return ("Session {n}", "{n}회차")
        case .allMeetings: return ("All meetings", "모든 회의")
        case .formOpen: return ("Open", "진행 중")
        case .formClosed: return ("Closed", "마감")
        case .attendanceHeading: return ("Attendance", "출석")
        case .noTrends: return ("No question was asked in two sessions yet.", "아직 두 회차 이상 물어본 질문이 없어요.")
        // Planned sessions (not begun) are in no table or chart (decision 83); the page says so.
        case .trendsPlannedOne: return ("1 planned session is not shown: it has not begun.", "아직 시작하지 않은 예정 회차 1개는 표시하지 않아요.")
        case .trendsPlannedMany: return ("{n} planned sessions are not shown: they have not begun.", "아직 시작하지 않은 예정 회차 {n}개는 표시하지 않아요.")
        case .qrTitle: return ("QR code of the participant link", "참여 링크 QR 코드")
        case .responseRateColumn: return ("Response rate (of)", "응답률 (기준)")
        }
    }
}

/// The phrases of one language, for a page.
struct Localizer: Sendable {
    let language: Language

    init(_ language: Language) {
        self.language = language
    }

    /// The phrase with its `{name}` placeholders replaced by `values`.
    func callAsFunction(_ phrase: Phrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the host's own pages, filled the same way.
    func callAsFunction(_ phrase: HostPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the responses pages, the time zone setting or the builder's script.
    func callAsFunction(_ phrase: HostExtrasPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the webhooks pages, filled the same way.
    func callAsFunction(_ phrase: WebhookPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the co-host pages, filled the same way.
    func callAsFunction(_ phrase: SharingPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the calendar pages, filled the same way.
    func callAsFunction(_ phrase: CalendarPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the translations page, filled the same way.
    func callAsFunction(_ phrase: TranslationPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the finishing touches (the "already answered" page, navigation), filled the same way.
    func callAsFunction(_ phrase: FinishPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of company sign-in, filled the same way.
    func callAsFunction(_ phrase: SignInPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the e-mail pages, filled the same way.
    func callAsFunction(_ phrase: MailPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of honest responses (docs/decisions/0036), filled the same way.
    func callAsFunction(_ phrase: HonestyPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of the form builder's lists and summaries, filled the same way.
    func callAsFunction(_ phrase: BuilderPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    /// A phrase of live results for the room (the thanks page's live block, the presenter view).
    func callAsFunction(_ phrase: RoomPhrase, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }

    private static func fill(_ text: String, _ values: [String: String]) -> String {
        var text = text
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// Every phrase by its raw value: the `t` a template reads.
    var table: [String: String] {
        Self.tables[self.language] ?? [:]
    }

    private static let tables: [Language: [String: String]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { language in (language, Self.table(language)) })

    /// Every phrase enum's texts in `language`, by raw value (raw values are unique across them).
    private static func table(_ language: Language) -> [String: String] {
        let pairs = PhraseTables.all.flatMap { $0.texts(language) }
        return Dictionary(uniqueKeysWithValues: pairs)
    }
}

/// One enum of phrases (a family of pages): cases named by their raw values, a text per language.
protocol PhraseTable: CaseIterable, RawRepresentable<String>, Sendable {
    func text(_ language: Language) -> String
}

/// A table written as English and Korean pairs (a question kind's own, beside its page part):
/// its `text` is picked from the pair, so the table is its cases and their texts only.
protocol PairedPhraseTable: PhraseTable {
    var texts: (en: String, ko: String) { get }
}

extension PairedPhraseTable {
    func text(_ language: Language) -> String { language == .ko ? self.texts.ko : self.texts.en }
}

extension Localizer {
    /// A phrase of any table, with its `{name}` placeholders filled.
    func callAsFunction<Table: PhraseTable>(_ phrase: Table, _ values: [String: String] = [:]) -> String {
        Self.fill(phrase.text(self.language), values)
    }
}

extension PhraseTable {
    /// Every case's text in `language`, by raw value.
    static func texts(_ language: Language) -> [(String, String)] {
        Self.allCases.map { ($0.rawValue, $0.text(language)) }
    }

    /// Every case as (name, English, Korean), for the tests that compare languages.
    static var everyLanguage: [(String, String, String)] {
        Self.allCases.map { ("\($0)", $0.text(.en), $0.text(.ko)) }
    }
}

/// The one list of phrase tables: a new enum of phrases is added here and nowhere else, except a
/// question kind's own, which its page part names (``PageKindPart/phrases``).
enum PhraseTables {
    static let all: [any PhraseTable.Type] = shared + QuestionKind.allCases.compactMap { $0.page?.phrases }

    private static let shared: [any PhraseTable.Type] = [
        Phrase.self, HostPhrase.self, HostExtrasPhrase.self, WebhookPhrase.self, SharingPhrase.self, TranslationPhrase.self,
        HonestyPhrase.self, CalendarPhrase.self, FinishPhrase.self, BuilderPhrase.self, MailPhrase.self, RoomPhrase.self,
        SeriesPhrase.self,
        ReactionPhrase.self,
        GlancePhrase.self,
        ChatPhrase.self,
        SignInPhrase.self,
        SeriesFormPhrase.self,
        EmbedPhrase.self,
        TemplatePhrase.self,
        SeriesSettingsPhrase.self,
        ActionOutputPhrase.self,
        ActionPhrase.self,
        RemindPhrase.self,
        RoomQuestionPhrase.self,
        HelpPhrase.self,
        RosterClockPhrase.self,
        RosterListPhrase.self,
        HomePhrase.self,
        TeamPhrase.self,
        AuditPhrase.self,
        ReportPhrase.self,
        QuestionBankPhrase.self,
        LiveSheetPhrase.self,
    ]
}

extension Phrase: PhraseTable {}
extension HostPhrase: PhraseTable {}
extension HostExtrasPhrase: PhraseTable {}
extension WebhookPhrase: PhraseTable {}
extension SharingPhrase: PhraseTable {}
extension TranslationPhrase: PhraseTable {}
extension HonestyPhrase: PhraseTable {}
extension CalendarPhrase: PhraseTable {}
extension FinishPhrase: PhraseTable {}
extension BuilderPhrase: PhraseTable {}
extension MailPhrase: PhraseTable {}
extension ChatPhrase: PhraseTable {}
extension RoomPhrase: PhraseTable {}
extension SignInPhrase: PhraseTable {}
