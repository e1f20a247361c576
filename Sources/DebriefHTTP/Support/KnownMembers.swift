import Debrief
import Foundation
import Hummingbird

/// Unknown members of a request body are refused, on every route, with their path
/// (`questions[1].colour: is not a known field`), rather than dropped: a client that misspells a
/// field or sends one this version does not have (`PATCH /v1/me {"email": …}`) learns it at once
/// instead of getting a 200 that changed nothing.
///
/// The body is decoded through ``MemberRecordingDecoder``, which notes each member a type asked
/// for (decoded, or looked up with `contains`) at each object's path; every member of the JSON
/// that no type asked for is unknown. A type that reads all keys of an object (a dictionary) makes
/// every member of that object known. Nothing has to be declared per type, so a new input type
/// cannot forget it.
enum KnownMembers {
    /// Decodes `bytes` as `Value` and returns it with the problems of the members it never read.
    /// `document` is the body as ``JSONTree`` read it when checking its structure, which lists its
    /// members (names decoded, escapes included) without a second parse.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: Data, document: JSONTree, with decoder: JSONDecoder
    ) throws -> (Value, [FieldProblem]) {
        let log = MemberLog()
        decoder.userInfo[MemberLog.userInfoKey] = log
        let value = try decoder.decode(Recorded<Value>.self, from: bytes).value
        var members: [Member] = []
        Self.collectMembers(of: document, at: [], into: &members)
        return (value, Self.unknown(members, log: log))
    }

    /// An object member: the path of its object and its name.
    struct Member {
        let object: [JSONTree.PathPart]
        let name: String
    }

    /// Every object member of `tree`, in text order. A name that is not Unicode is left out: no
    /// decoder reads such a body, so it never gets this far.
    private static func collectMembers(of tree: JSONTree, at path: [JSONTree.PathPart], into members: inout [Member]) {
        switch tree {
        case .object(let entries):
            for entry in entries {
                guard let name = entry.name else { continue }
                members.append(Member(object: path, name: name))
                Self.collectMembers(of: entry.value, at: path + [.key(name)], into: &members)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                Self.collectMembers(of: element, at: path + [.index(index)], into: &members)
            }
        case .string, .number, .bool, .null:
            break
        }
    }

    /// The members no type asked for, each once, ordered by path (names alphabetically, before
    /// positions). A member inside an unknown one is not listed again: its object was never
    /// opened, so nothing was asked of it.
    private static func unknown(_ members: [Member], log: MemberLog) -> [FieldProblem] {
        var seen: [String: Set<String>] = [:]
        var found: [(path: [JSONTree.PathPart], problem: FieldProblem)] = []
        for member in members {
            let object: [any CodingKey] = member.object.map { component in
                switch component {
                case .key(let name): MemberKey(stringValue: name)
                case .index(let index): MemberKey(intValue: index)
                }
            }
            // The same key the decoding recorded, built by the same function.
            let here = MemberLog.key(object)
            guard let asked = log.asked[here], !log.readsAllKeys.contains(here), !asked.contains(member.name),
                seen[here, default: []].insert(member.name).inserted
            else { continue }
            let problem = FieldProblem(path: Request.path(object + [MemberKey(stringValue: member.name)]), message: "is not a known field")
            found.append((member.object + [.key(member.name)], problem))
        }
        return found.sorted { $0.path.lexicographicallyPrecedes($1.path) }.map(\.problem)
    }
}

/// The members each object's decoding asked for, by the object's path.
//
// `@unchecked Sendable`: one decoding uses it, on one thread.
final class MemberLog: @unchecked Sendable {
    static let userInfoKey = CodingUserInfoKey(rawValue: "debrief.memberLog")!
    var asked: [String: Set<String>] = [:]
    var readsAllKeys: Set<String> = []

    /// An object at `path` was opened; returns its key, which its container keeps for ``ask(_:at:)``
    /// (a path's key is built once per object, not once per member).
    func opened(_ path: [any CodingKey]) -> String {
        let key = Self.key(path)
        if self.asked[key] == nil { self.asked[key] = [] }
        return key
    }

    func ask(_ member: String, at objectKey: String) {
        self.asked[objectKey, default: []].insert(member)
    }

    func readAll(at objectKey: String) {
        self.readsAllKeys.insert(objectKey)
    }

    static func key(_ path: [any CodingKey]) -> String {
        path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
}

struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Decodes `Value` through a ``MemberRecordingDecoder`` writing to the decoder's ``MemberLog``.
private struct Recorded<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        let log = decoder.userInfo[MemberLog.userInfoKey] as? MemberLog ?? MemberLog()
        self.value = try MemberRecordingDecoder.decode(Value.self, from: decoder, log: log)
    }
}

/// A decoder that forwards to JSONDecoder's and notes which members were asked for.
struct MemberRecordingDecoder: Decoder {
    let base: any Decoder
    let log: MemberLog

    var codingPath: [any CodingKey] { self.base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { self.base.userInfo }

    /// `type` decoded from `decoder`, recording; the values JSONDecoder decodes itself (dates with
    /// the API's strategy, data, URLs, decimals) are left to it.
    static func decode<T: Decodable>(_ type: T.Type, from decoder: any Decoder, log: MemberLog) throws -> T {
        try T(from: MemberRecordingDecoder(base: decoder, log: log))
    }

    static func isLeaf(_ type: Any.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self || type == UUID.self
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let container = try self.base.container(keyedBy: type)
        let objectKey = self.log.opened(self.codingPath)
        return KeyedDecodingContainer(RecordingKeyedContainer(base: container, log: self.log, objectKey: objectKey))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        RecordingUnkeyedContainer(base: try self.base.unkeyedContainer(), log: self.log)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RecordingSingleValueContainer(base: try self.base.singleValueContainer(), decoder: self)
    }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let base: KeyedDecodingContainer<Key>
    let log: MemberLog
    /// This object's path as ``MemberLog`` keys it.
    let objectKey: String

    var codingPath: [any CodingKey] { self.base.codingPath }
    var allKeys: [Key] {
        self.log.readAll(at: self.objectKey)
        return self.base.allKeys
    }

    private func ask(_ key: Key) {
        self.log.ask(key.stringValue, at: self.objectKey)
    }

    /// A number member, named when the decoder cannot represent it (``JSONNumberReading``).
    private func number<T>(_ key: Key, _ decode: () throws -> T) throws -> T {
        try JSONNumberReading.read(T.self, at: self.codingPath + [key], asDouble: { try? self.base.decode(Double.self, forKey: key) }, decode)
    }

    func contains(_ key: Key) -> Bool {
        self.ask(key)
        return self.base.contains(key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        self.ask(key)
        return try self.base.decodeNil(forKey: key)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { self.ask(key); return try self.base.decode(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { self.ask(key); return try self.base.decode(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { self.ask(key); return try self.number(key) { try self.base.decode(type, forKey: key) } }

    // Optional members straight to the base: the protocol's default `decodeIfPresent` would ask
    // three times (contains, decodeNil, decode), each through this wrapper, for every optional
    // member of every body.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { self.ask(key); return try self.base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { self.ask(key); return try self.base.decodeIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { self.ask(key); return try self.number(key) { try self.base.decodeIfPresent(type, forKey: key) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { self.ask(key); return try self.number(key) { try self.base.decodeIfPresent(type, forKey: key) } }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        self.ask(key)
        guard self.base.contains(key), try !self.base.decodeNil(forKey: key) else { return nil }
        return try self.decode(type, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        self.ask(key)
        // A missing member or a JSONDecoder leaf goes to the base (its errors and strategies).
        if type == Decimal.self { return try self.number(key) { try self.base.decode(type, forKey: key) } }
        guard !MemberRecordingDecoder.isLeaf(type), self.base.contains(key) else { return try self.base.decode(type, forKey: key) }
        return try MemberRecordingDecoder.decode(type, from: try self.base.superDecoder(forKey: key), log: self.log)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        self.ask(key)
        return try MemberRecordingDecoder(base: try self.base.superDecoder(forKey: key), log: self.log).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        self.ask(key)
        return try MemberRecordingDecoder(base: try self.base.superDecoder(forKey: key), log: self.log).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        MemberRecordingDecoder(base: try self.base.superDecoder(), log: self.log)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        self.ask(key)
        return MemberRecordingDecoder(base: try self.base.superDecoder(forKey: key), log: self.log)
    }
}

private struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    var base: any UnkeyedDecodingContainer
    let log: MemberLog

    var codingPath: [any CodingKey] { self.base.codingPath }
    var count: Int? { self.base.count }
    var isAtEnd: Bool { self.base.isAtEnd }
    var currentIndex: Int { self.base.currentIndex }

    mutating func decodeNil() throws -> Bool { try self.base.decodeNil() }

    /// The next element, a number, named when the decoder cannot represent it (``JSONNumberReading``);
    /// a failed read does not advance, so it is read again as a `Double` to say why.
    private mutating func number<T>(_ decode: (inout any UnkeyedDecodingContainer) throws -> T) throws -> T {
        let path = self.codingPath + [MemberKey(intValue: self.currentIndex)]
        do {
            return try decode(&self.base)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw JSONNumberReading.error(T.self, at: path, value: try? self.base.decode(Double.self), underlying: error)
        }
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try self.base.decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try self.base.decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try self.number { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try self.number { try $0.decode(type) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Decimal.self { return try self.number { try $0.decode(type) } }
        guard !MemberRecordingDecoder.isLeaf(type), !self.isAtEnd else { return try self.base.decode(type) }
        return try MemberRecordingDecoder.decode(type, from: try self.base.superDecoder(), log: self.log)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try MemberRecordingDecoder(base: try self.base.superDecoder(), log: self.log).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try MemberRecordingDecoder(base: try self.base.superDecoder(), log: self.log).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        MemberRecordingDecoder(base: try self.base.superDecoder(), log: self.log)
    }
}

private struct RecordingSingleValueContainer: SingleValueDecodingContainer {
    let base: any SingleValueDecodingContainer
    let decoder: MemberRecordingDecoder

    var codingPath: [any CodingKey] { self.base.codingPath }

    func decodeNil() -> Bool { self.base.decodeNil() }
    func decode(_ type: Bool.Type) throws -> Bool { try self.base.decode(type) }
    func decode(_ type: String.Type) throws -> String { try self.base.decode(type) }
    func decode(_ type: Double.Type) throws -> Double { try self.number { try self.base.decode(type) } }
    func decode(_ type: Float.Type) throws -> Float { try self.number { try self.base.decode(type) } }
    func decode(_ type: Int.Type) throws -> Int { try self.number { try self.base.decode(type) } }
    func decode(_ type: Int8.Type) throws -> Int8 { try self.number { try self.base.decode(type) } }
    func decode(_ type: Int16.Type) throws -> Int16 { try self.number { try self.base.decode(type) } }
    func decode(_ type: Int32.Type) throws -> Int32 { try self.number { try self.base.decode(type) } }
    func decode(_ type: Int64.Type) throws -> Int64 { try self.number { try self.base.decode(type) } }
    func decode(_ type: UInt.Type) throws -> UInt { try self.number { try self.base.decode(type) } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try self.number { try self.base.decode(type) } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try self.number { try self.base.decode(type) } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try self.number { try self.base.decode(type) } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try self.number { try self.base.decode(type) } }

    /// The value, a number, named when the decoder cannot represent it (``JSONNumberReading``).
    private func number<T>(_ decode: () throws -> T) throws -> T {
        try JSONNumberReading.read(T.self, at: self.codingPath, asDouble: { try? self.base.decode(Double.self) }, decode)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Decimal.self { return try self.number { try self.base.decode(type) } }
        guard !MemberRecordingDecoder.isLeaf(type) else { return try self.base.decode(type) }
        return try MemberRecordingDecoder.decode(type, from: self.decoder.base, log: self.decoder.log)
    }
}
