import Foundation

/// One session's results, everything a reader sees: the summary with its rates, every question's
/// chart and statistics with the privacy rule applied, and the timeline.
///
/// The one report: the JSON API (`GET …/results`, shared results, the live stream), the pages,
/// the SVG charts and the CSV summary all render this value, so a number, a rounding or a
/// withheld part is decided here once. Its `Encodable` shape is the API's (camelCase, see
/// ``JSONCoding``).
public struct ResultsReport: Sendable, Equatable, Encodable {
    public struct Summary: Sendable, Equatable, Encodable {
        /// Responses counted (within the filter).
        public var responses: Int
        /// All responses to the form, whatever the filter.
        public var responsesUnfiltered: Int
        /// Responses the host removed from this form (moderation), whatever the filter: shown as
        /// "1 response removed by the host", since they are in no other number.
        public var responsesRemovedByHost: Int
        public var filtered: Bool
        /// People checked in (a repeated check-in counts once; possible duplicates are left out
        /// until the host decides).
        public var checkedIn: Int
        /// Check-ins the host has to confirm or merge.
        public var possibleDuplicateCheckIns: Int
        /// Checked-in people with a response (within the filter): the numerator of
        /// `responseRateOfCheckedIn`.
        public var checkedInResponded: Int
        public var expectedHeadCount: Int?
        /// Percent of the people checked in who responded (`checkedInResponded ÷ checkedIn`);
        /// null with `responseRateOfCheckedInReason`.
        public var responseRateOfCheckedIn: Double?
        public var responseRateOfCheckedInReason: String?
        /// Responses as a percent of the expected head count (`responses ÷ expectedHeadCount`);
        /// null with `responseRateOfExpectedReason` (no head count, or more responses than it).
        public var responseRateOfExpected: Double?
        public var responseRateOfExpectedReason: String?
        public var firstResponseAt: Date?
        public var lastResponseAt: Date?
        /// When the responses (within the filter) came: before the meeting's start, during it,
        /// after its end (to the minute; see ``ResponseTimes/split(start:end:)``).
        public var responsesBeforeMeeting: Int
        public var responsesDuringMeeting: Int
        public var responsesAfterMeeting: Int
        /// The median delay of the responses sent after the meeting ended (never negative: the
        /// answers before or during the meeting are counted above, not here); null without any.
        public var medianMinutesAfterMeetingEnd: Double?
    }

    /// One published version of the form and its responses.
    public struct VersionSummary: Sendable, Equatable, Encodable {
        public var version: Int
        public var formID: UUID
        public var publishedAt: Date?
        /// Responses to this version within the filter.
        public var responses: Int
        /// All responses to this version.
        public var responsesUnfiltered: Int

        enum CodingKeys: String, CodingKey {
            case version, formID = "formId", publishedAt, responses, responsesUnfiltered
        }
    }

    public var meetingID: UUID
    public var formID: UUID
    public var formVersion: Int
    public var formState: FormState
    public var generatedAt: Date
    public var filter: ResultsFilter
    public var summary: Summary
    /// Every published version, oldest first, with its responses: the summary counts them all.
    public var versions: [VersionSummary]
    /// The current version's questions, each with the answers of the earlier versions where it
    /// is comparable (``FormDefinition/countsAnswers(of:to:)``) counted in.
    public var questions: [QuestionResult]
    /// Questions of earlier versions that are not counted with a current one (removed, or
    /// changed in meaning), oldest version first, each with its `version`.
    public var earlierQuestions: [QuestionResult]
    public var timeline: ChartSeries
    /// Responses (within the filter) by the language they were given in; nil for a form in one
    /// language (see ``ResultsReport/languages(_:)``).
    public var languages: ChartSeries?
    /// Speeders, straight-liners, completion time (docs/decisions/0036); null in the results
    /// shown to participants, who have no use for the threshold.
    public var quality: ResponseQuality?
    /// What the privacy rule lets this report show (not encoded: the report shows it by what it
    /// leaves out). The pages that list single answers take it from here.
    public let disclosure: Disclosure

    enum CodingKeys: String, CodingKey {
        case meetingID = "meetingId", formID = "formId", formVersion, formState, generatedAt, filter, summary, versions, questions
        case earlierQuestions, timeline, languages, quality
    }

    /// The report of `counts` as seen at `now`.
    public init(_ counts: ResultsCounts, filter: ResultsFilter, now: Date = Date()) {
        let form = counts.form
        self.meetingID = counts.meeting.id
        self.formID = form.id
        self.formVersion = form.version
        self.formState = form.state(at: now)
        self.generatedAt = now
        self.filter = filter
        let disclosure = PrivacyRule.disclosure(of: counts, filter: filter)
        self.disclosure = disclosure
        self.quality = ResponseQuality(counts.quality, form: form.definition, filter: filter, disclosure: disclosure.quality)
        let timing = counts.times.split(start: counts.meeting.startsAt, end: counts.meeting.endsAt)
        let ofCheckedIn = ResponseRate.ofCheckedIn(
            counts.checkedInResponded, in: counts.checkIns, unlinkedMemberAnswers: counts.personalLinkAnswers,
            anonymous: form.definition.anonymous)
        let ofExpected = ResponseRate.of(counts.responses, in: counts.meeting.expectedHeadCount, base: .expectedHeadCount)
        self.summary = Summary(
            responses: counts.responses, responsesUnfiltered: counts.allResponses,
            responsesRemovedByHost: counts.removedByHost, filtered: !filter.isEmpty,
            checkedIn: counts.checkIns, possibleDuplicateCheckIns: counts.possibleDuplicateCheckIns,
            checkedInResponded: counts.checkedInResponded, expectedHeadCount: counts.meeting.expectedHeadCount,
            responseRateOfCheckedIn: ofCheckedIn.percent, responseRateOfCheckedInReason: ofCheckedIn.reason,
            responseRateOfExpected: ofExpected.percent, responseRateOfExpectedReason: ofExpected.reason,
            firstResponseAt: counts.firstResponseAt, lastResponseAt: counts.lastResponseAt,
            responsesBeforeMeeting: timing.before, responsesDuringMeeting: timing.during, responsesAfterMeeting: timing.after,
            medianMinutesAfterMeetingEnd: counts.times.from(counts.meeting.endsAt).medianMinutes(after: counts.meeting.endsAt)
                .map { (max(0, $0) * 10).rounded() / 10 })
        let earlier = counts.earlierVersions.sorted { $0.form.version < $1.form.version }
        self.versions =
            earlier.map {
                VersionSummary(
                    version: $0.form.version, formID: $0.form.id, publishedAt: $0.form.publishedAt, responses: $0.responses,
                    responsesUnfiltered: $0.allResponses)
            } + [
                VersionSummary(
                    version: form.version, formID: form.id, publishedAt: form.publishedAt, responses: counts.currentResponses,
                    responsesUnfiltered: counts.allResponses - earlier.reduce(0) { $0 + $1.allResponses })
            ]
        let merged = MergedQuestion.merge(
            current: form.definition, version: form.version, counts: counts.questions,
            unfiltered: filter.isEmpty ? nil : counts.unfilteredQuestions, responses: counts.currentResponses, earlier: earlier)
        self.questions = form.definition.questions.map { question in
            let tally = merged[question.key.rawValue]
            var result = ResultsBuilder.result(
                for: question, counts: tally?.counts ?? QuestionCounts(), responses: tally?.responses ?? 0, disclosure: disclosure)
            if !earlier.isEmpty, result.respondents != nil { result.versions = tally?.split }
            guard let condition = question.showWhen, let tally else { return result }
            return ResultsBuilder.followUp(
                result, condition: condition, shownTo: tally.shownTo, of: tally.responses, disclosure: disclosure)
        }
        self.earlierQuestions = earlier.flatMap { old in
            old.form.definition.questions.compactMap { question -> QuestionResult? in
                guard !form.definition.countsAnswers(of: old.form.definition, to: question.key) else { return nil }
                var result = ResultsBuilder.result(
                    for: question, counts: old.questions[question.key.rawValue] ?? QuestionCounts(), responses: old.responses,
                    disclosure: disclosure, in: old.form.id)
                result.version = old.form.version
                return result
            }
        }
        let firstPublished = earlier.first?.form.publishedAt ?? form.publishedAt
        let start = filter.since.map { max($0, firstPublished ?? $0) } ?? firstPublished ?? now
        let end = min(filter.until ?? now, form.closedTime(at: now) ?? now)
        self.timeline = Timeline.series(from: start, to: max(start, end), perMinute: counts.times.perMinute)
        // A language fewer than k answered in is a group like any other; one withheld row could
        // be read off the total, so the counts of every row go (docs/decisions/0009).
        self.languages = Self.languages(counts).map { disclosure.languagesShown ? $0 : $0.withheld(keepingCategories: true) }
    }

    /// The language series: one row per language of the current form (its own first), with the
    /// responses given in it. Responses stored without a language (to a version in one language)
    /// count as the form's own. Nil when the form and its responses speak one language.
    static func languages(_ counts: ResultsCounts) -> ChartSeries? {
        let form = counts.form.definition
        guard !form.translations.isEmpty || !counts.languages.isEmpty else { return nil }
        var tags = form.languages
        for tag in counts.languages.keys.compactMap(LanguageTag.init(rawValue:)).sorted() where !tags.contains(tag) { tags.append(tag) }
        let tagged = counts.languages.values.reduce(0, +)
        let rows = tags.map { tag in
            (category: tag.rawValue, label: tag.nativeName,
             count: counts.languages[tag.rawValue, default: 0] + (tag == form.language ? max(0, counts.responses - tagged) : 0))
        }
        return ChartSeries(unit: "responses", total: counts.responses, totalDescription: "responses by the language they were given in", categories: rows)
    }
}
