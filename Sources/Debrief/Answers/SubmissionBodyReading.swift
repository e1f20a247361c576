import Foundation

/// Why a submission body cannot be read, worded by the HTTP layer as every body's problems are:
/// a 400 for no document at all, a 422 naming each member otherwise.
public enum SubmissionBodyProblem: Error, Equatable, Sendable {
    /// No bytes (`body: a JSON body is required`).
    case missing
    /// No JSON document (`body: is not valid JSON`).
    case malformed
    /// Nested deeper than ``JSONTree/maxDepth`` levels.
    case tooDeep
    /// A well-formed body with a value of the wrong type, a number its member cannot hold, or
    /// members no one reads: each named (`answers[0].rating: expected an integer`).
    case fields([FieldProblem])
}

extension SubmissionJSON {
    /// Reads every submission body: the plain shape in one pass (``decode(_:)``), anything else
    /// through the same scanner into a ``JSONTree`` and then member by member (decision 89).
    ///
    /// The general path says what the app's decoding said before it (`Request.decodeJSON` over
    /// `JSONDecoder`), word for word, so clients and the bad-input corpus see the same problems:
    /// syntax and depth first; then the first member that cannot be read, in the order the
    /// shapes read them (the submission's members, then each answer's: the shared ones and those
    /// the registered kinds declare); then every member no one reads, ordered by path.
    public static func read(_ bytes: UnsafeRawBufferPointer) throws(SubmissionBodyProblem) -> SubmissionInput {
        if let input = Self.decode(bytes) { return input }
        return try Self.readInGeneral(bytes)
    }

    /// As above, for bytes in an array.
    public static func read(_ bytes: [UInt8]) throws(SubmissionBodyProblem) -> SubmissionInput {
        if let input = Self.decode(bytes) { return input }
        return try bytes.withUnsafeBytes { raw in Result { () throws(SubmissionBodyProblem) in try Self.readInGeneral(raw) } }.get()
    }

    /// The general path: a body the one-pass reader left.
    private static func readInGeneral(_ bytes: UnsafeRawBufferPointer) throws(SubmissionBodyProblem) -> SubmissionInput {
        guard bytes.count > 0 else { throw .missing }
        let document: (tree: JSONTree, unrepresentable: FieldProblem?)
        do {
            document = try JSONTree.read(bytes)
        } catch {
            throw error == .tooDeep ? .tooDeep : .malformed
        }
        var reading = GeneralReading()
        let input: SubmissionInput
        do throws(GeneralReading.Failure) {
            input = try reading.submission(document.tree)
        } catch {
            switch error {
            case .problem(let problem): throw .fields([problem])
            // As the decoder reported it: for the whole body, so the first value it could not
            // represent in the text is named (or none: the body is "not valid JSON").
            case .textNotUnicode: throw document.unrepresentable.map { .fields([$0]) } ?? .malformed
            }
        }
        let unknown = reading.unknown.sorted { $0.lexicographicallyPrecedes($1) }
        guard unknown.isEmpty else {
            throw .fields(unknown.map { FieldProblem(path: JSONTree.path($0), message: "is not a known field") })
        }
        return input
    }
}

/// Reads a submission's ``JSONTree`` as `JSONDecoder` read ``SubmissionInput``'s `Decodable`
/// shape: the same values, and the same first problem, at the same path.
private struct GeneralReading {
    enum Failure: Error {
        case problem(FieldProblem)
        /// A string read that is not Unicode: the decoder failed the whole body.
        case textNotUnicode
    }

    /// Where the reading is.
    var path: [JSONTree.PathPart] = []
    /// Members of the objects read that no shape reads, by path.
    var unknown: [[JSONTree.PathPart]] = []

    static let submissionMembers: Set<String> = ["participantToken", "answers", "language", "openedToken", "personalLink"]
    static let answerMembers = Set(["questionKey"] + QuestionKinds.answerMembers.map(\.name))

    mutating func submission(_ tree: JSONTree) throws(Failure) -> SubmissionInput {
        let members = try self.object(tree, known: Self.submissionMembers)
        var input = SubmissionInput()
        input.participantToken = try self.optional(members, "participantToken") { reading, value throws(Failure) in try reading.string(value) }
        input.answers = try self.optional(members, "answers") { reading, value throws(Failure) in
            try reading.array(value) { reading, element throws(Failure) in try reading.answer(element) }
        }
        input.language = try self.optional(members, "language") { reading, value throws(Failure) in try reading.string(value) }
        input.openedToken = try self.optional(members, "openedToken") { reading, value throws(Failure) in try reading.string(value) }
        input.personalLink = try self.optional(members, "personalLink") { reading, value throws(Failure) in try reading.string(value) }
        return input
    }

    mutating func answer(_ tree: JSONTree) throws(Failure) -> AnswerInput {
        let members = try self.object(tree, known: Self.answerMembers)
        var answer = AnswerInput()
        answer.questionKey = try self.optional(members, "questionKey") { reading, value throws(Failure) in try reading.string(value) }
        for member in QuestionKinds.answerMembers {
            let name = member.name
            switch member.type {
            case .text:
                answer.kindMembers[text: name] = try self.optional(members, name) { reading, value throws(Failure) in try reading.string(value) }
            case .decimal:
                answer.kindMembers[decimal: name] = try self.optional(members, name) { reading, value throws(Failure) in try reading.decimal(value) }
            case .integer:
                // An optional integer: the decoder's number check named the optional type, whose
                // failures all read "is out of range" (`JSONNumberReading.message`).
                answer.kindMembers[integer: name] = try self.optional(members, name) { reading, value throws(Failure) in
                    try reading.integer(value, fractionMessage: "is out of range")
                }
            case .texts:
                answer.kindMembers[texts: name] = try self.optional(members, name) { reading, value throws(Failure) in try reading.strings(value) }
            case .integersByName:
                answer.kindMembers[integersByName: name] = try self.optional(members, name) { reading, value throws(Failure) in try reading.integersByName(value) }
            case .bool, .objects:
                // A question's member types; no answer declares one (QuestionKindRegistryTests).
                throw self.problem("is not an answer's member")
            }
        }
        return answer
    }

    // MARK: - Shapes

    /// An object's members by name (the first of a repeated name, as the decoder keeps it),
    /// noting those not `known`.
    mutating func object(_ tree: JSONTree, known: Set<String>?) throws(Failure) -> [String: JSONTree] {
        guard case .object(let members) = tree else { throw self.problem("expected an object") }
        var byName: [String: JSONTree] = [:]
        var unknown: Set<String> = []
        for member in members {
            guard let name = member.name else { throw .textNotUnicode }
            if byName[name] == nil { byName[name] = member.value }
            if let known, !known.contains(name), unknown.insert(name).inserted {
                self.unknown.append(self.path + [.key(name)])
            }
        }
        return byName
    }

    /// A member's value read by `read` at its path; nil when absent or `null`.
    mutating func optional<Value>(
        _ members: [String: JSONTree], _ name: String, _ read: (inout GeneralReading, JSONTree) throws(Failure) -> Value
    ) throws(Failure) -> Value? {
        guard let value = members[name] else { return nil }
        if case .null = value { return nil }
        self.path.append(.key(name))
        defer { self.path.removeLast() }
        return try read(&self, value)
    }

    mutating func array<Element>(_ tree: JSONTree, _ read: (inout GeneralReading, JSONTree) throws(Failure) -> Element) throws(Failure) -> [Element] {
        guard case .array(let elements) = tree else { throw self.problem("expected an array") }
        var list: [Element] = []
        list.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            self.path.append(.index(position))
            list.append(try read(&self, element))
            self.path.removeLast()
        }
        return list
    }

    /// Integers by name (a grid's ratings): every member of the object is a name's (none is unknown).
    mutating func integersByName(_ tree: JSONTree) throws(Failure) -> [String: Int] {
        guard case .object(let members) = tree else { throw self.problem("expected an object") }
        var ratings: [String: Int] = [:]
        var first: [(String, JSONTree)] = []
        for member in members {
            guard let name = member.name else { throw .textNotUnicode }
            if !first.contains(where: { $0.0 == name }) { first.append((name, member.value)) }
        }
        for (name, value) in first {
            self.path.append(.key(name))
            ratings[name] = try self.integer(value, fractionMessage: nil)
            self.path.removeLast()
        }
        return ratings
    }

    // MARK: - Values

    mutating func string(_ tree: JSONTree) throws(Failure) -> String {
        guard case .string(let text) = tree else { throw self.problem("expected a string") }
        guard let text else { throw .textNotUnicode }
        return text
    }

    mutating func strings(_ tree: JSONTree) throws(Failure) -> [String] {
        try self.array(tree) { reading, element throws(Failure) in try reading.string(element) }
    }

    /// An integer as `JSONDecoder` reads an `Int` (``JSONNumbers/integer(_:isIntegral:)``). A
    /// number it cannot hold is "out of range", or — when `fractionMessage` is nil — "expected an
    /// integer" when it is a finite fraction.
    mutating func integer(_ tree: JSONTree, fractionMessage: String?) throws(Failure) -> Int {
        guard case .number(let number) = tree else { throw self.problem("expected an integer") }
        if let value = JSONNumbers.integer(number.text, isIntegral: number.isIntegral) { return value }
        if let fractionMessage { throw self.problem(fractionMessage) }
        let double = JSONNumbers.double(number.text)
        throw self.problem(double.map { $0.rounded() != $0 } == true ? "expected an integer" : "is out of range")
    }

    /// A decimal as `JSONDecoder` reads one; anything but a number is "expected an object", as the
    /// decoder's type mismatch for `Decimal` was worded.
    mutating func decimal(_ tree: JSONTree) throws(Failure) -> Decimal {
        guard case .number(let number) = tree else { throw self.problem("expected an object") }
        guard let value = Decimal(string: number.text) else { throw self.problem("is out of range") }
        return value
    }

    func problem(_ message: String) -> Failure {
        let path = JSONTree.path(self.path)
        return .problem(FieldProblem(path: path.isEmpty ? "body" : path, message: message))
    }
}
