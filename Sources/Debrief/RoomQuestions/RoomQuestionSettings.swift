/// A meeting's questions from the room, as its host set them (docs/decisions/0075): whether the
/// room may post, whether a post waits for the host, and whether posts carry a name.
public struct RoomQuestionSettings: Sendable, Equatable, Codable {
    /// Whether a post is shown before the host looked at it.
    public enum Moderation: String, Sendable, Equatable, Codable, CaseIterable {
        /// A post waits, invisible to the room, until the host approves it.
        case approveFirst
        /// A post is shown at once; the host may hide it.
        case postThenHide
    }

    /// Whether a post carries its author's name.
    public enum Names: String, Sendable, Equatable, Codable, CaseIterable {
        /// No name is asked for or kept.
        case anonymous
        /// A display name is required with every post.
        case named
    }

    public var enabled: Bool
    public var moderation: Moderation
    public var names: Names

    /// A meeting whose host never set them: off, and when turned on, shown at once and anonymous.
    public static let off = RoomQuestionSettings(enabled: false, moderation: .postThenHide, names: .anonymous)

    public init(enabled: Bool, moderation: Moderation, names: Names) {
        self.enabled = enabled
        self.moderation = moderation
        self.names = names
    }

    /// Whether a new post is shown to the room without the host's approval.
    public var postsShowAtOnce: Bool { self.moderation == .postThenHide }
}

/// `PUT /v1/meetings/{id}/room-questions/settings` body: every field required, so a client
/// cannot turn the feature on with settings it did not choose.
public struct RoomQuestionSettingsInput: Sendable, Decodable {
    public var enabled: Bool?
    public var moderation: String?
    public var names: String?

    public init(enabled: Bool?, moderation: String?, names: String?) {
        self.enabled = enabled
        self.moderation = moderation
        self.names = names
    }

    /// The settings, or every problem at once (each naming its field).
    public func validated() throws -> RoomQuestionSettings {
        var problems = ProblemCollector()
        if self.enabled == nil { problems.add("enabled", "is required") }
        let moderation = Self.choice(self.moderation, RoomQuestionSettings.Moderation.self, at: "moderation", into: &problems)
        let names = Self.choice(self.names, RoomQuestionSettings.Names.self, at: "names", into: &problems)
        return try problems.result { () -> RoomQuestionSettings? in
            guard let enabled = self.enabled, let moderation, let names else { return nil }
            return RoomQuestionSettings(enabled: enabled, moderation: moderation, names: names)
        }.get()
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ raw: String?, _ type: Value.Type, at path: String, into problems: inout ProblemCollector
    ) -> Value? where Value.RawValue == String {
        guard let raw else {
            problems.add(path, "is required")
            return nil
        }
        guard let value = Value(rawValue: raw) else {
            problems.add(path, "must be one of " + Value.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            return nil
        }
        return value
    }
}
