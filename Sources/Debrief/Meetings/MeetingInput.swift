import Foundation

/// The body of a "create meeting" request as decoded from JSON (dates as ISO 8601 with a
/// zone, decoded by the HTTP layer). Every field is optional so a missing one becomes a
/// precise problem instead of a decoding failure.
public struct MeetingInput: Codable, Sendable, Equatable {
    /// Required, 1–200 characters, single line.
    public var title: String?
    /// Required.
    public var startsAt: Date?
    /// Required, after `startsAt`, at most 7 days later.
    public var endsAt: Date?
    /// Optional, at most 200 characters; blank means none.
    public var place: String?
    /// Optional, 1…100 000.
    public var expectedHeadCount: Int?
    /// The new series' time zone (an IANA name, ``HostTimeZone``); absent: the host's own zone,
    /// UTC when the host chose none. Only creating a series reads it (``validateNew()``).
    public var timeZone: String?
    /// How the new series repeats (``Repeats``: `none`, `weekly`, `everyTwoWeeks`, `monthly`);
    /// absent: `none`. Only creating a series reads it (``validateNew()``).
    public var repeats: String?
    /// The template the new series' form starts from (an id from `GET /v1/templates`); absent:
    /// no form yet. Only creating a series reads it (``validateNew()``).
    public var templateId: String?

    /// Creates an input; every field defaults to absent.
    public init(
        title: String? = nil, startsAt: Date? = nil, endsAt: Date? = nil, place: String? = nil, expectedHeadCount: Int? = nil,
        timeZone: String? = nil, repeats: String? = nil, templateId: String? = nil
    ) {
        self.templateId = templateId
        self.timeZone = timeZone
        self.repeats = repeats
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.expectedHeadCount = expectedHeadCount
    }

    /// The first session of a new series and the series' zone, or every problem found: those of
    /// ``validate()``, `timeZone` ("must be an IANA time zone name …") and `repeats`.
    public func validateNew() -> Result<NewSeriesMeeting, ValidationFailure> {
        var problems = ProblemCollector()
        var zone: String?
        if self.timeZone != nil { zone = HostTimeZone.check(self.timeZone, at: "timeZone", into: &problems) }
        let details = self.validate()
        if case .failure(let failure) = details { problems.add(contentsOf: failure) }
        let repeats = Repeats.check(self.repeats, at: "repeats", into: &problems)
        let template = problems.optionalText(self.templateId, at: "templateId", maxLength: 64)
        return problems.result {
            guard case .success(let details) = details else { return nil }
            return NewSeriesMeeting(details: details, timeZone: zone, repeats: repeats, templateID: template)
        }
    }

    /// The validated details, or every problem found. Paths: `title`, `startsAt`,
    /// `endsAt` ("must be after startsAt", "must be at most 7 days after startsAt"),
    /// `place`, `expectedHeadCount`.
    public func validate() -> Result<MeetingDetails, ValidationFailure> {
        var problems = ProblemCollector()
        let title = problems.requiredText(self.title, at: "title", maxLength: MeetingDetails.titleMaxLength)
        if startsAt == nil { problems.add("startsAt", "is required") }
        if endsAt == nil { problems.add("endsAt", "is required") }
        if let startsAt, let endsAt {
            if endsAt <= startsAt {
                problems.add("endsAt", "must be after startsAt")
            } else if endsAt.timeIntervalSince(startsAt) > MeetingDetails.maxDuration {
                problems.add("endsAt", "must be at most 7 days after startsAt")
            }
        }
        let place = problems.optionalText(self.place, at: "place", maxLength: MeetingDetails.placeMaxLength)
        if let count = expectedHeadCount {
            problems.checkRange(count, MeetingDetails.headCountRange, at: "expectedHeadCount")
        }
        return problems.result {
            guard let title, let startsAt, let endsAt else { return nil }
            return MeetingDetails(
                title: title, startsAt: startsAt, endsAt: endsAt,
                place: place, expectedHeadCount: expectedHeadCount
            )
        }
    }
}

/// A new series' first session and its zone, validated (``MeetingInput/validateNew()``).
public struct NewSeriesMeeting: Sendable, Equatable {
    public var details: MeetingDetails
    /// A zone ``HostTimeZone`` accepts, or nil for the host's own (UTC when they chose none).
    public var timeZone: String?
    /// How the series repeats: anything but ``Repeats/none`` is planned as a calendar series
    /// (``CalendarSeriesPlan/make(repeating:hostZone:budget:)``), not made as one session.
    public var repeats: Repeats
    /// The template the series' form starts from, as sent (whether the host may use it is the
    /// templates' owner's to say), or nil for no form yet.
    public var templateID: String?

    public init(details: MeetingDetails, timeZone: String?, repeats: Repeats = .none, templateID: String? = nil) {
        self.details = details
        self.timeZone = timeZone
        self.repeats = repeats
        self.templateID = templateID
    }
}
