/// The body of a "plan the next session" request: the new session's fields as a meeting patch
/// (``MeetingPatchInput``, times required), and whether the session it follows stops taking
/// answers (`closePreviousForm`, false when absent: an API client asks for it explicitly).
public struct NextSessionInput: Decodable, Sendable, Equatable {
    public var patch: MeetingPatchInput
    public var closePreviousForm: Bool

    public init(patch: MeetingPatchInput, closePreviousForm: Bool = false) {
        self.patch = patch
        self.closePreviousForm = closePreviousForm
    }

    private enum CodingKeys: String, CodingKey {
        case closePreviousForm
    }

    /// The patch's members and `closePreviousForm` side by side in one object.
    public init(from decoder: any Decoder) throws {
        self.patch = try MeetingPatchInput(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.closePreviousForm = try container.decodeIfPresent(Bool.self, forKey: .closePreviousForm) ?? false
    }
}
