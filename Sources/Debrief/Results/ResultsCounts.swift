import Foundation

/// What the store counted for a meeting's form, all in one snapshot: the input of a
/// ``ResultsReport``. Nothing here is rounded, withheld or shaped yet.
///
/// `form` is the current (latest published) version. The response counts, times and attendance
/// are of every published version; `questions` are the current version's own, and
/// `earlierVersions` hold the earlier versions' (the report merges the comparable ones).
public struct ResultsCounts: Sendable {
    public var meeting: Meeting
    public var form: StoredForm
    /// Responses (to every version) that pass the filter.
    public var responses: Int
    /// All responses to every version, whatever the filter.
    public var allResponses: Int
    /// People checked in to the meeting: a repeated check-in of one person counts once, and a
    /// possible duplicate (an unlisted name checked in again by someone else) is left out until
    /// the host confirms it.
    public var checkIns: Int
    /// Of those people, how many have a response (within the filter) linked to their check-in.
    public var checkedInResponded: Int = 0
    /// Roster members who answered through their personal link (`roster_answered`): on an
    /// anonymous form tied to no check-in, so the rate of those checked in is withheld.
    public var personalLinkAnswers: Int = 0
    /// Check-ins waiting for the host to confirm (another person) or merge (the same person).
    public var possibleDuplicateCheckIns: Int = 0
    /// Responses to the form its host removed (spam, a test answer), whatever the filter: they
    /// are counted nowhere else any more.
    public var removedByHost: Int = 0
    public var firstResponseAt: Date?
    public var lastResponseAt: Date?
    /// When the filtered responses arrived, per minute.
    public var times: ResponseTimes
    /// Per question key.
    public var questions: [String: QuestionCounts]
    /// Per question key without the filter; nil when the counts are unfiltered. A filtered
    /// report compares its groups with these (see ``PrivacyRule``).
    public var unfilteredQuestions: [String: QuestionCounts]?
    /// The earlier published versions, oldest first (empty when there is one version).
    public var earlierVersions: [VersionCounts] = []
    /// Responses (within the filter) by the language they were given in, for responses to a form
    /// in several languages; responses to a version in one language are not in it (see
    /// ``ResultsReport/Summary/responsesByLanguage``).
    public var languages: [String: Int] = [:]
    /// Speeders, straight-liners and completion times (docs/decisions/0036).
    public var quality = QualityCounts()

    /// Responses (within the filter) to the current version alone.
    public var currentResponses: Int { self.responses - self.earlierVersions.reduce(0) { $0 + $1.responses } }

    public init(
        meeting: Meeting, form: StoredForm, responses: Int, allResponses: Int, checkIns: Int, firstResponseAt: Date?,
        lastResponseAt: Date?, times: ResponseTimes, questions: [String: QuestionCounts],
        unfilteredQuestions: [String: QuestionCounts]? = nil
    ) {
        self.meeting = meeting
        self.form = form
        self.responses = responses
        self.allResponses = allResponses
        self.checkIns = checkIns
        self.firstResponseAt = firstResponseAt
        self.lastResponseAt = lastResponseAt
        self.times = times
        self.questions = questions
        self.unfilteredQuestions = unfilteredQuestions
    }
}
