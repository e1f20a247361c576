/// What a participant posts to the room: the text (the rules of a short answer's text,
/// 1–280 characters) and, where the host asks for names, a display name (``PersonName``).
public struct RoomQuestionPost: Sendable, Equatable {
    /// A post's longest text, in code points as sent (the short answer's way of counting).
    public static let maxLength = 280

    public let text: String
    /// The author's name; always nil where the host set the room anonymous.
    public let name: PersonName?

    /// Validates `input` against the meeting's `settings`: on an anonymous room a sent name is
    /// checked but not kept (as a check-in on an anonymous form), on a named one it is required.
    public static func validated(_ input: RoomQuestionInput, settings: RoomQuestionSettings) throws -> RoomQuestionPost {
        var problems = ProblemCollector()
        let text = problems.requiredText(input.text, at: "text", lines: .multiple, maxLength: Self.maxLength)
        // A name that is sent is checked either way (as a check-in's), so one body suits every room.
        let sent: PersonName? =
            settings.names == .named || input.name != nil ? PersonName.validate(input.name, at: "name", into: &problems) : nil
        let name = settings.names == .named ? sent : nil
        return try problems.result { text.map { RoomQuestionPost(text: $0, name: name) } }.get()
    }

    private init(text: String, name: PersonName?) {
        self.text = text
        self.name = name
    }
}

/// `POST /v1/f/{code}/room-questions` body (and the participant page's post form).
public struct RoomQuestionInput: Sendable, Decodable {
    public var text: String?
    public var name: String?

    public init(text: String?, name: String? = nil) {
        self.text = text
        self.name = name
    }
}
