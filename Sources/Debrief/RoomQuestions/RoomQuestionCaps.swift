/// How many questions the room may post to one meeting: the caps ``StoredAdmission`` counts
/// (docs/decisions/0075). Votes need no cap of their own: one per voter and question is all the
/// table can hold, and voters are identities the server issued, at a rate per address (the
/// room's rates in `AdmissionSettings`).
public enum RoomQuestionCaps {
    /// Posts of one participant (one voter identity) to one meeting.
    public static let perParticipant = 20
    /// Posts to one meeting that the host has not hidden (issue 67: hidden ones no longer count,
    /// so a flood the host hid or deleted gives the room its space back).
    public static let perMeeting = 500

    /// The refusal past ``perParticipant`` (409 naming `text`), one value the pages compare with.
    public static let participantReached = DebriefError(
        .conflict, "you posted the most questions one participant may post to this meeting (\(Self.perParticipant))", field: "text")
    /// The refusal past ``perMeeting``.
    public static let meetingReached = DebriefError(
        .conflict, "this meeting has the most questions it may have (\(Self.perMeeting))", field: "text")
}
