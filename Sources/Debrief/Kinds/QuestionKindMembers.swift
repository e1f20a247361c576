import Foundation

/// The JSON members a kind owns in a question (`QuestionInput`, ``Question``) or an answer
/// (`AnswerInput`, ``Answer``), declared by its descriptor and nowhere else (docs/decisions/0084).
///
/// The shared shapes do not list them: ``QuestionInput`` and ``AnswerInput`` keep them here, by
/// name, and decode exactly the members the registered kinds declare (``QuestionKinds``), each
/// as its declared type, so an unknown member is still refused by its name and a number is read
/// as exactly as a field of its own would be. A kind gives its members typed accessors in its own
/// file (`input.minimum`, `input.date`); a new kind adds no line to a shared shape.
public struct KindMembers: Sendable, Hashable {
    /// The present members, by name.
    public private(set) var values: [String: Value] = [:]

    public init() {}

    /// One member's JSON type.
    public enum ValueType: Sendable {
        case decimal, text, integer, bool
        /// An array of strings (a choice's option ids, a ranking's order).
        case texts
        /// An object of integers by name (a grid's value per statement).
        case integersByName
        /// An array of objects of a kind's own type (a choice's options, a grid's statements);
        /// a question's members only, the submission readers take scalars and lists of them.
        case objects(any KindMemberObject.Type)
    }

    /// One member's value, as its declared type decoded it.
    public enum Value: Sendable, Hashable {
        case decimal(Decimal)
        case text(String)
        case integer(Int)
        case texts([String])
        case integersByName([String: Int])
        case bool(Bool)
        case objects(MemberObjects)
    }

    /// An array of a kind's own objects, compared and hashed as its type.
    public struct MemberObjects: Sendable, Hashable {
        let elements: any Encodable & Hashable & Sendable

        init<Object: KindMemberObject>(_ elements: [Object]) { self.elements = elements }

        public static func == (lhs: MemberObjects, rhs: MemberObjects) -> Bool { AnyHashable(lhs.elements) == AnyHashable(rhs.elements) }
        public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(self.elements)) }
    }

    /// One member a kind declares: its JSON name and type.
    public struct Declaration: Sendable {
        public var name: String
        public var type: ValueType

        public init(_ name: String, _ type: ValueType) {
            self.name = name
            self.type = type
        }
    }

    /// Whether `name` is present.
    public func contains(_ name: String) -> Bool { self.values[name] != nil }

    /// A decimal member; nil when absent (or of another type, which its declaration rules out).
    public subscript(decimal name: String) -> Decimal? {
        get { if case .decimal(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.decimal) }
    }

    /// A text member; nil when absent.
    public subscript(text name: String) -> String? {
        get { if case .text(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.text) }
    }

    /// An integer member; nil when absent.
    public subscript(integer name: String) -> Int? {
        get { if case .integer(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.integer) }
    }

    /// An array-of-strings member; nil when absent.
    public subscript(texts name: String) -> [String]? {
        get { if case .texts(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.texts) }
    }

    /// An integers-by-name member; nil when absent.
    public subscript(integersByName name: String) -> [String: Int]? {
        get { if case .integersByName(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.integersByName) }
    }

    /// A true-or-false member; nil when absent.
    public subscript(bool name: String) -> Bool? {
        get { if case .bool(let value)? = self.values[name] { value } else { nil } }
        set { self.values[name] = newValue.map(Value.bool) }
    }

    /// An array-of-objects member of `Object`, the type its declaration names; nil when absent.
    public subscript<Object: KindMemberObject>(objects name: String) -> [Object]? {
        get { if case .objects(let value)? = self.values[name] { value.elements as? [Object] } else { nil } }
        set { self.values[name] = newValue.map { Value.objects(MemberObjects($0)) } }
    }

    /// Decodes the `declared` members present in `container`; each is asked for by name, so a
    /// recording decoder knows them (the unknown-member refusal) and reads each number itself.
    static func decode(
        _ declared: [Declaration], from container: KeyedDecodingContainer<JSONKey>
    ) throws -> KindMembers {
        var members = KindMembers()
        for member in declared {
            let key = JSONKey(member.name)
            switch member.type {
            case .decimal: members[decimal: member.name] = try container.decodeIfPresent(Decimal.self, forKey: key)
            case .text: members[text: member.name] = try container.decodeIfPresent(String.self, forKey: key)
            case .integer: members[integer: member.name] = try container.decodeIfPresent(Int.self, forKey: key)
            case .texts: members[texts: member.name] = try container.decodeIfPresent([String].self, forKey: key)
            case .integersByName: members[integersByName: member.name] = try container.decodeIfPresent([String: Int].self, forKey: key)
            case .bool: members[bool: member.name] = try container.decodeIfPresent(Bool.self, forKey: key)
            case .objects(let type): members.values[member.name] = try Self.decodeObjects(type, key, from: container)
            }
        }
        return members
    }

    private static func decodeObjects<Object: KindMemberObject>(
        _ type: Object.Type, _ key: JSONKey, from container: KeyedDecodingContainer<JSONKey>
    ) throws -> Value? {
        try container.decodeIfPresent([Object].self, forKey: key).map { .objects(MemberObjects($0)) }
    }

    /// Encodes the present members.
    func encode(into container: inout KeyedEncodingContainer<JSONKey>) throws {
        for (name, value) in self.values {
            switch value {
            case .decimal(let decimal): try container.encode(decimal, forKey: JSONKey(name))
            case .text(let text): try container.encode(text, forKey: JSONKey(name))
            case .integer(let integer): try container.encode(integer, forKey: JSONKey(name))
            case .texts(let texts): try container.encode(texts, forKey: JSONKey(name))
            case .integersByName(let integers): try container.encode(integers, forKey: JSONKey(name))
            case .bool(let bool): try container.encode(bool, forKey: JSONKey(name))
            case .objects(let objects): try container.encode(objects.elements, forKey: JSONKey(name))
            }
        }
    }
}

/// The objects of an array member a kind declares (``KindMembers/ValueType/objects(_:)``).
public protocol KindMemberObject: Codable, Hashable, Sendable {}

/// A JSON member's name as a coding key: the shared shapes' keys, and the members each kind
/// declares in its own file (`extension JSONKey { static let minimum = … }`).
public struct JSONKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ name: String) { self.stringValue = name }
    public init(stringValue: String) { self.stringValue = stringValue }
    public init(stringLiteral value: String) { self.stringValue = value }
    public init?(intValue: Int) { nil }
}

extension QuestionKinds {
    /// Every kind's own question members, in the registry's order (decoded by ``QuestionInput``).
    /// A member two kinds share (a grid's scale is a rating's) is declared by both and listed once.
    static let definitionMembers: [KindMembers.Declaration] = {
        var seen: Set<String> = []
        return all.flatMap { $0.definitionMembers }.filter { seen.insert($0.name).inserted }
    }()
    /// Every kind's own answer members (decoded by ``AnswerInput``).
    static let answerMembers: [KindMembers.Declaration] = all.flatMap { $0.answerMembers }
}
