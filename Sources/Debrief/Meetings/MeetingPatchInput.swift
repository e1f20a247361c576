import Foundation

/// A field of a partial update that can also be cleared.
///
/// JSON has two ways to "not give a value": leaving the key out and sending `null`.
/// For clearable fields they mean different things: absent leaves the value alone,
/// `null` removes it.
public enum PatchField<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The key was absent: keep the current value.
    case unchanged
    /// The key was `null`: remove the value.
    case clear
    /// A new value.
    case set(Value)

    /// The value after applying this change to `current`.
    public func resolved(current: Value?) -> Value? {
        switch self {
        case .unchanged: return current
        case .clear: return nil
        case .set(let value): return value
        }
    }
}

extension KeyedDecodingContainer {
    /// A clearable member of a patch: absent is ``PatchField/unchanged``, `null` is
    /// ``PatchField/clear`` (a synthesized decoder cannot tell the two apart).
    public func decodePatch<Value: Decodable & Sendable & Equatable>(_ type: Value.Type, forKey key: Key) throws -> PatchField<Value> {
        guard self.contains(key) else { return .unchanged }
        if try self.decodeNil(forKey: key) { return .clear }
        return .set(try self.decode(Value.self, forKey: key))
    }
}

/// The body of a "edit meeting" request.
///
/// `title`, `startsAt` and `endsAt` cannot be removed, so for them absent and `null` both
/// mean "leave unchanged". `place` and `expectedHeadCount` distinguish the two (see
/// ``PatchField``): `{"place": null}` removes the place, `{}` keeps it. Sending
/// `"place": ""` also removes it, like on creation.
public struct MeetingPatchInput: Decodable, Sendable, Equatable {
    /// New title, or nil to keep it.
    public var title: String?
    /// New start, or nil to keep it.
    public var startsAt: Date?
    /// New end, or nil to keep it.
    public var endsAt: Date?
    /// Change to the place.
    public var place: PatchField<String>
    /// Change to the expected head count.
    public var expectedHeadCount: PatchField<Int>

    /// Creates a patch; by default nothing changes.
    public init(
        title: String? = nil, startsAt: Date? = nil, endsAt: Date? = nil,
        place: PatchField<String> = .unchanged, expectedHeadCount: PatchField<Int> = .unchanged
    ) {
        self.title = title
        self.startsAt = startsAt
        self.endsAt = endsAt
        self.place = place
        self.expectedHeadCount = expectedHeadCount
    }

    private enum CodingKeys: String, CodingKey {
        case title, startsAt, endsAt, place, expectedHeadCount
    }

    /// Decodes a patch, telling an absent key from an explicit `null`. (A synthesized
    /// decoder cannot: it maps both to nil.)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        startsAt = try container.decodeIfPresent(Date.self, forKey: .startsAt)
        endsAt = try container.decodeIfPresent(Date.self, forKey: .endsAt)
        place = try container.decodePatch(String.self, forKey: .place)
        expectedHeadCount = try container.decodePatch(Int.self, forKey: .expectedHeadCount)
    }
}
