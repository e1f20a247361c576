import Foundation

/// How many reactions one participant (one room identity, ``RoomVoters``) may send to one
/// meeting: the caps ``StoredAdmission`` counts (docs/decisions/0100). A tap of a button is a
/// reaction, so a participant who keeps tapping is slowed to ``perMinute`` and stopped at
/// ``perMeeting``; the room's rates per address (`RoomQuestionRates`) bound the identities.
public enum ReactionCaps {
    /// Reactions of one identity to one meeting within ``window``.
    public static let perMinute = 10
    /// The window of ``perMinute``, in seconds.
    public static let window = 60
    /// Reactions of one identity to one meeting in all.
    public static let perMeeting = 200
    /// How long what the caps need (a keyed hash of the identity and two counts) is kept after
    /// its last reaction: longer than a meeting, so the overall cap holds for the session.
    public static let keepSeconds = 86_400

    /// The refusal past ``perMinute``: 429 with the seconds to wait.
    public static func minuteReached(retryAfter seconds: Int) -> DebriefError {
        DebriefError(
            .rateLimited, "you sent the most reactions one participant may send in a minute (\(Self.perMinute)); retry after \(seconds) seconds",
            field: "reaction", retryAfterSeconds: seconds)
    }

    /// The refusal past ``perMeeting``: 429 until the record of the identity expires.
    public static let meetingReached = DebriefError(
        .rateLimited, "you sent the most reactions one participant may send to this meeting (\(Self.perMeeting))", field: "reaction",
        retryAfterSeconds: Self.keepSeconds)
}
