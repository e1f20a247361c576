import Foundation

/// The validated description of a meeting that feedback is collected for.
///
/// Invariants (established by ``MeetingInput/validate()``): `title` is 1–200 characters
/// on one line; `startsAt < endsAt`; the meeting lasts at most ``maxDuration``; `place`
/// is nil or 1–200 characters; `expectedHeadCount` is nil or within ``headCountRange``.
public struct MeetingDetails: Sendable, Equatable, Codable {
    /// Longest title, in Unicode code points as sent (see ``TextRules``).
    public static let titleMaxLength = 200
    /// Longest place, in Unicode code points as sent (see ``TextRules``).
    public static let placeMaxLength = 200
    /// Longest meeting: 7 days. Longer spans are almost always a date typo (wrong month
    /// or year), and would make "minutes after the meeting ended" statistics meaningless.
    public static let maxDuration: TimeInterval = 7 * 24 * 60 * 60
    /// Accepted expected head counts.
    public static let headCountRange = 1...100_000

    /// What the meeting is called.
    public var title: String
    /// When it starts.
    public var startsAt: Date
    /// When it ends (strictly after `startsAt`).
    public var endsAt: Date
    /// Where it happens (a room, a city, a video link), if given.
    public var place: String?
    /// How many people are expected, used to show a response rate.
    public var expectedHeadCount: Int?

    /// Creates details from already-valid parts (use ``MeetingInput/validate()`` for
    /// anything coming from a client).
    public init(title: String, startsAt: Date, endsAt: Date, place: String? = nil, expectedHeadCount: Int? = nil) {
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.expectedHeadCount = expectedHeadCount
    }

    /// How long the meeting lasts, in seconds.
    public var duration: TimeInterval { endsAt.timeIntervalSince(startsAt) }

    /// These details with `patch` applied, re-validated as a whole (so that moving only
    /// `endsAt` before the existing `startsAt` is caught).
    public func applying(_ patch: MeetingPatchInput) -> Result<MeetingDetails, ValidationFailure> {
        let merged = MeetingInput(
            title: patch.title ?? title,
            startsAt: patch.startsAt ?? startsAt,
            endsAt: patch.endsAt ?? endsAt,
            place: patch.place.resolved(current: place),
            expectedHeadCount: patch.expectedHeadCount.resolved(current: expectedHeadCount)
        )
        return merged.validate()
    }
}
