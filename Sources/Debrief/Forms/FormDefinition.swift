import Foundation

/// A validated feedback form: what is asked, and how results are handled.
///
/// Invariants (established by ``FormInput/validate(now:)``): title 1–200 characters;
/// 1–50 questions with distinct keys; `privacyThreshold` in 1...50. Codable as a flat
/// JSON object whose `questions` use the shape documented on ``Question``.
public struct FormDefinition: Sendable, Equatable, Codable {
    /// Longest title, in Unicode code points as sent (see ``TextRules``).
    public static let titleMaxLength = 200
    /// Accepted number of questions.
    public static let questionCountRange = 1...50
    /// Accepted privacy thresholds.
    public static let privacyThresholdRange = 1...50
    /// Privacy threshold when the form does not say.
    public static let defaultPrivacyThreshold = 3

    /// Shown above the questions.
    public var title: String
    /// When true, submissions are not linked to accounts in results.
    public var anonymous: Bool
    /// Whether a participant may change a submitted answer while the form is open.
    public var allowsEditing: Bool
    /// When the form stops accepting answers, if set.
    public var closesAt: Date?
    /// k: results of a question are only shown once at least k people answered, so that
    /// small groups cannot be de-anonymized by elimination.
    public var privacyThreshold: Int
    /// Whether participants may see aggregated results.
    public var sharesResultsWithParticipants: Bool
    /// Whether participants' shared results update live (the thanks page, `GET /v1/f/{code}/results/live`,
    /// the presenter view); only with ``sharesResultsWithParticipants``. A display setting the host
    /// switches during the session: it keeps the version (``differsOnlyInWording(from:)``).
    public var sharesResultsLive: Bool = false
    /// On an anonymous form that does not allow editing: the participant page refuses a second
    /// response from a browser that already answered (a signed cookie; see the README for what
    /// that can and cannot stop). On by default for new forms; off for forms stored before it.
    public var oneResponsePerBrowser: Bool
    /// From when the published form accepts answers (see ``AnswerWindowStart``).
    public var acceptsAnswersFrom: AnswerWindowStart = .publishing
    /// The questions, in display order.
    public var questions: [Question]
    /// The language the texts above are written in (English for forms stored before languages).
    public var language: LanguageTag = .english
    /// The same texts in other languages, by language (see ``FormTranslation``); empty for a
    /// form in one language.
    public var translations: [LanguageTag: FormTranslation] = [:]
    /// Responses completed faster than this many seconds are flagged as speeders in results; nil
    /// takes the default from the form's length (``SpeederThreshold``). An analysis setting:
    /// changing it keeps the version and applies to past responses too.
    public var speederThresholdSeconds: Int? = nil

    /// Creates a form from already-valid parts.
    public init(
        title: String, anonymous: Bool = true, allowsEditing: Bool = false, closesAt: Date? = nil,
        privacyThreshold: Int = FormDefinition.defaultPrivacyThreshold,
        sharesResultsWithParticipants: Bool = false, oneResponsePerBrowser: Bool = false, questions: [Question]
    ) {
        self.oneResponsePerBrowser = oneResponsePerBrowser
        self.title = title
        self.anonymous = anonymous
        self.allowsEditing = allowsEditing
        self.closesAt = closesAt
        self.privacyThreshold = privacyThreshold
        self.sharesResultsWithParticipants = sharesResultsWithParticipants
        self.questions = questions
    }

    /// The question with `key`, if any.
    public func question(for key: QuestionKey) -> Question? {
        questions.first { $0.key == key }
    }

    /// Whether the participant page limits this form to one response per browser: the flag, on
    /// an anonymous form where a second response cannot be an edit.
    public var limitsResponsesPerBrowser: Bool {
        self.oneResponsePerBrowser && self.anonymous && !self.allowsEditing
    }

    /// Whether the form still accepts answers at `date`.
    public func isOpen(at date: Date) -> Bool {
        guard let closesAt else { return true }
        return date < closesAt
    }

    private enum CodingKeys: String, CodingKey {
        case title, anonymous, allowsEditing, closesAt, privacyThreshold, sharesResultsWithParticipants, acceptsAnswersFrom
        case oneResponsePerBrowser, questions, language, translations, speederThresholdSeconds, sharesResultsLive
    }

    /// Decodes a stored or returned form; flags missing from older rows take their
    /// defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
        anonymous = try c.decodeIfPresent(Bool.self, forKey: .anonymous) ?? true
        allowsEditing = try c.decodeIfPresent(Bool.self, forKey: .allowsEditing) ?? false
        closesAt = try c.decodeIfPresent(Date.self, forKey: .closesAt)
        privacyThreshold = try c.decodeIfPresent(Int.self, forKey: .privacyThreshold) ?? Self.defaultPrivacyThreshold
        sharesResultsWithParticipants = try c.decodeIfPresent(Bool.self, forKey: .sharesResultsWithParticipants) ?? false
        oneResponsePerBrowser = try c.decodeIfPresent(Bool.self, forKey: .oneResponsePerBrowser) ?? false
        acceptsAnswersFrom = try c.decodeIfPresent(AnswerWindowStart.self, forKey: .acceptsAnswersFrom) ?? .publishing
        questions = try c.decode([Question].self, forKey: .questions)
        language = try c.decodeIfPresent(LanguageTag.self, forKey: .language) ?? .english
        translations = try c.decodeIfPresent([LanguageTag: FormTranslation].self, forKey: .translations) ?? [:]
        speederThresholdSeconds = try c.decodeIfPresent(Int.self, forKey: .speederThresholdSeconds)
        sharesResultsLive = try c.decodeIfPresent(Bool.self, forKey: .sharesResultsLive) ?? false
    }

    /// Encodes every field; `closesAt` is left out when nil, `translations` when empty.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encode(anonymous, forKey: .anonymous)
        try c.encode(allowsEditing, forKey: .allowsEditing)
        try c.encodeIfPresent(closesAt, forKey: .closesAt)
        try c.encode(privacyThreshold, forKey: .privacyThreshold)
        try c.encode(sharesResultsWithParticipants, forKey: .sharesResultsWithParticipants)
        try c.encode(oneResponsePerBrowser, forKey: .oneResponsePerBrowser)
        try c.encode(acceptsAnswersFrom, forKey: .acceptsAnswersFrom)
        try c.encode(questions, forKey: .questions)
        try c.encode(language, forKey: .language)
        if !translations.isEmpty { try c.encode(translations, forKey: .translations) }
        try c.encodeIfPresent(speederThresholdSeconds, forKey: .speederThresholdSeconds)
        try c.encode(sharesResultsLive, forKey: .sharesResultsLive)
    }
}

/// From when a published form accepts answers; it stops when it closes (by the host or its
/// `closesAt`).
///
/// `publishing` (the default) lets a host collect answers before a session (questions for an
/// agenda, a form reused for a series); `meetingStart` refuses answers until the meeting starts,
/// for feedback that only makes sense once there was a meeting. Either way the results say how
/// many answers came before, during and after the meeting.
public enum AnswerWindowStart: String, Sendable, Equatable, Codable, CaseIterable {
    case publishing
    case meetingStart
}
