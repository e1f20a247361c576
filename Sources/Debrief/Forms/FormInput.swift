import Foundation

/// A form as sent by a client (create or replace), decoded permissively: every field is
/// optional so that a missing one becomes a precise problem with a path. Same JSON shape
/// as ``FormDefinition``. Validate with ``validate(now:)``.
public struct FormInput: Codable, Sendable, Equatable {
    /// Required, 1–200 characters.
    public var title: String?
    /// Default true.
    public var anonymous: Bool?
    /// Default false.
    public var allowsEditing: Bool?
    /// Optional closing time.
    public var closesAt: Date?
    /// Default 3, within 1...50.
    public var privacyThreshold: Int?
    /// Default false.
    public var sharesResultsWithParticipants: Bool?
    /// Default false; true only with `sharesResultsWithParticipants`.
    public var sharesResultsLive: Bool?
    /// Default true: the participant page refuses a second response from the same browser
    /// (anonymous forms that do not allow editing).
    public var oneResponsePerBrowser: Bool?
    /// `publishing` (default) or `meetingStart`.
    public var acceptsAnswersFrom: String?
    /// Required, 1–50 questions.
    public var questions: [QuestionInput]?
    /// The language of the texts above, a tag such as `en` or `ko`; default `en`.
    public var language: String?
    /// The texts in other languages, by language tag (at most 9).
    public var translations: [String: TranslationInput]?
    /// Optional, 1...3600: the speeder threshold; absent takes the default from the form's length.
    public var speederThresholdSeconds: Int?

    /// Creates an input; every field defaults to absent.
    public init(
        title: String? = nil, anonymous: Bool? = nil, allowsEditing: Bool? = nil, closesAt: Date? = nil,
        privacyThreshold: Int? = nil, sharesResultsWithParticipants: Bool? = nil, oneResponsePerBrowser: Bool? = nil,
        questions: [QuestionInput]? = nil
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

    /// The input that describes `form` exactly (e.g. to copy a form into a new session).
    public init(_ form: FormDefinition) {
        self.init(
            title: form.title, anonymous: form.anonymous, allowsEditing: form.allowsEditing,
            closesAt: form.closesAt, privacyThreshold: form.privacyThreshold,
            sharesResultsWithParticipants: form.sharesResultsWithParticipants,
            oneResponsePerBrowser: form.oneResponsePerBrowser,
            questions: form.questions.map(QuestionInput.init)
        )
        // Left out when it is the default, as a client would write it.
        self.acceptsAnswersFrom = form.acceptsAnswersFrom == .publishing ? nil : form.acceptsAnswersFrom.rawValue
        self.language = form.language == .english ? nil : form.language.rawValue
        self.translations =
            form.translations.isEmpty
            ? nil : Dictionary(uniqueKeysWithValues: form.translations.map { ($0.key.rawValue, TranslationInput($0.value)) })
        self.speederThresholdSeconds = form.speederThresholdSeconds
        self.sharesResultsLive = form.sharesResultsLive ? true : nil
    }
}

/// One question as sent by a client, every field optional. `kind` is a plain string so
/// that an unknown kind is reported as a problem rather than a decoding failure. A kind's own
/// members (a choice's `options`, a rating's `min`) are declared by its descriptor
/// (``QuestionKindDescriptor/definitionMembers``) and kept in ``kindMembers``, with typed
/// accessors in the kind's own file: nothing here names a kind (docs/decisions/0084).
public struct QuestionInput: Codable, Sendable, Equatable {
    /// Optional; assigned (`q1`, `q2`, …) when absent.
    public var key: String?
    /// Required, 1–300 characters, single line.
    public var prompt: String?
    /// Default false.
    public var required: Bool?
    /// Required: one of the registered kinds (``QuestionKinds``).
    public var kind: String?
    /// Optional: show the question only when an earlier answer matches (a follow-up).
    public var showWhen: FollowUpInput?
    /// The members the kinds declare, by name, set through their accessors.
    public var kindMembers = KindMembers()

    /// Creates an input; every field defaults to absent, and `members` sets the kind's own
    /// (`QuestionInput(kind: "rating") { $0.min = 0; $0.max = 10 }`).
    public init(
        key: String? = nil, prompt: String? = nil, required: Bool? = nil, kind: String? = nil,
        _ members: (inout QuestionInput) -> Void = { _ in }
    ) {
        self.key = key; self.prompt = prompt; self.required = required; self.kind = kind
        members(&self)
    }

    /// The input that describes `question` exactly.
    public init(_ question: Question) {
        self.init(key: question.key.rawValue, prompt: question.prompt, required: question.required, kind: question.kind.rawValue)
        self.showWhen = question.showWhen.map(FollowUpInput.init)
        question.body.descriptor.describeBody(question.body, into: &self)
    }

    /// The kind-specific fields that are present, with the kinds they belong to, in the
    /// registry's order. Used to refuse fields that do not apply, so typos surface.
    var presentKindFields: [(name: String, kinds: Set<QuestionKind>)] {
        QuestionKinds.definitionMembers.filter { kindMembers.contains($0.name) }.map { member in
            (name: member.name, kinds: Set(QuestionKinds.all.filter { $0.definitionFields.contains(member.name) }.map { $0.kind }))
        }
    }
}

extension QuestionInput {
    // Written out (not synthesized) for the members the kinds declare: each is decoded by name
    // and type, so the unknown-member refusal and the number reading see it as any other field.

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: JSONKey.self)
        self.init(
            key: try c.decodeIfPresent(String.self, forKey: .key), prompt: try c.decodeIfPresent(String.self, forKey: .prompt),
            required: try c.decodeIfPresent(Bool.self, forKey: .required), kind: try c.decodeIfPresent(String.self, forKey: .kind))
        self.showWhen = try c.decodeIfPresent(FollowUpInput.self, forKey: .showWhen)
        self.kindMembers = try KindMembers.decode(QuestionKinds.definitionMembers, from: c)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: JSONKey.self)
        try c.encodeIfPresent(key, forKey: .key)
        try c.encodeIfPresent(prompt, forKey: .prompt)
        try c.encodeIfPresent(required, forKey: .required)
        try c.encodeIfPresent(kind, forKey: .kind)
        try c.encodeIfPresent(showWhen, forKey: .showWhen)
        try kindMembers.encode(into: &c)
    }
}

/// One option of a choice question as sent by a client. A missing `id` is assigned.
public struct OptionInput: KindMemberObject {
    /// Optional; assigned (`o1`, `o2`, …) when absent.
    public var id: String?
    /// Required, 1–200 characters, single line.
    public var label: String?

    /// Creates an input; every field defaults to absent.
    public init(id: String? = nil, label: String? = nil) {
        self.id = id
        self.label = label
    }
}

/// One statement of a grid question as sent by a client. A missing `key` is assigned.
public struct StatementInput: KindMemberObject {
    /// Optional; assigned (`s1`, `s2`, …) when absent.
    public var key: String?
    /// Required, 1–200 characters, single line.
    public var label: String?

    /// Creates an input; every field defaults to absent.
    public init(key: String? = nil, label: String? = nil) {
        self.key = key
        self.label = label
    }
}

/// A follow-up condition as sent by a client: `question` and exactly one of `ratingBetween`
/// (`[low, high]`), `chosen` or `notChosen` (option ids). Validated against the earlier
/// questions by ``FormInput/validate(now:)``.
public struct FollowUpInput: Codable, Sendable, Equatable {
    public var question: String?
    public var ratingBetween: [Int]?
    public var chosen: [String]?
    public var notChosen: [String]?

    public init(question: String? = nil, ratingBetween: [Int]? = nil, chosen: [String]? = nil, notChosen: [String]? = nil) {
        self.question = question
        self.ratingBetween = ratingBetween
        self.chosen = chosen
        self.notChosen = notChosen
    }

    /// The input that describes `condition` exactly.
    public init(_ condition: FollowUpCondition) {
        self.init(question: condition.question.rawValue)
        switch condition.rule {
        case .ratingBetween(let range): self.ratingBetween = [range.lowerBound, range.upperBound]
        case .chosen(let ids): self.chosen = ids
        case .notChosen(let ids): self.notChosen = ids
        }
    }
}
