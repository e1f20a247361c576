/// The bounds of action items, named once: the validation, the store's cap and the
/// documentation read them here.
public enum ActionItemRules {
    /// Most actions one session holds. A host records a handful; fifty keeps the review, the
    /// presenter's slide and each request's work small. The store counts inside the transaction
    /// that locks the meeting, so two concurrent adds cannot pass it together.
    public static let maxPerSession = 50
    /// Most actions a review or the series' list of open actions shows (the oldest first,
    /// decision 85): open actions stay in every review, so a series that never closes any would
    /// otherwise make each review's work grow without bound.
    public static let maxListed = 500
    /// The longest title, in code points (the text rules of a single-line short answer).
    public static let titleMaxLength = 200
    /// The problem a session at the cap gives, naming the cap.
    public static var capReached: DebriefError {
        DebriefError(
            .conflict, "a session holds at most \(Self.maxPerSession) actions (maxPerSession); mark some done or delete them",
            field: "maxPerSession")
    }
}
