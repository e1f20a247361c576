import Debrief
import Foundation
import Hummingbird

extension Request {
    /// Reads the body (up to the context's limit) and decodes it as JSON.
    ///
    /// Malformed JSON, and JSON nested more than ``JSONTree/maxDepth`` levels, is a 400 before
    /// `JSONDecoder` sees it (on some inputs at its own limit of 512 it traps instead of throwing);
    /// a well-formed body with a wrong type or a value out of range is a 422 naming the field,
    /// e.g. `questions[2].required: expected a boolean`, `expectedHeadCount: is out of range`;
    /// so is a member the route does not know (``KnownMembers``): `imageUrl: is not a known field`.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: AppRequestContext) async throws -> Value {
        let buffer = try await self.body.collect(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else {
            throw APIError.badRequest("body", "a JSON body is required")
        }
        let bytes = Array(buffer.readableBytesView)
        let document = try Self.readStructure(bytes)
        do {
            let (value, unknown) = try KnownMembers.decode(
                Value.self, from: Data(bytes), document: document.tree, with: context.requestDecoder)
            guard unknown.isEmpty else { throw APIError.validation(unknown) }
            return value
        } catch let error as DecodingError {
            throw Self.apiError(for: error, unrepresentable: document.unrepresentable)
        }
    }

    /// The body read by ``JSONTree`` (its syntax and depth checked), or the 400 saying why not.
    static func readStructure(_ bytes: [UInt8]) throws(APIError) -> (tree: JSONTree, unrepresentable: FieldProblem?) {
        do {
            return try JSONTree.read(bytes)
        } catch .tooDeep {
            throw .badRequest("body", "is nested more than \(JSONTree.maxDepth) levels deep")
        } catch {
            throw .badRequest("body", "is not valid JSON")
        }
    }

    /// The problem a decoding error stands for. `unrepresentable` is the first value of the body
    /// the decoder cannot represent, as ``JSONTree`` found it: the decoder names no member for it.
    static func apiError(for error: DecodingError, unrepresentable: FieldProblem?) -> APIError {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The syntax was checked: the decoder met a value it cannot represent.
            if let problem = unrepresentable {
                return .validation([problem])
            }
            return .badRequest("body", "is not valid JSON")
        case .dataCorrupted(let context):
            return .validation([.init(path: path(context.codingPath), message: Self.firstSentence(context.debugDescription))])
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let path = path(context.codingPath)
            return .validation([.init(path: path.isEmpty ? "body" : path, message: "expected \(describe(type))")])
        case .keyNotFound(let key, let context):
            return .validation([.init(path: path(context.codingPath + [key]), message: "is required")])
        @unknown default:
            return .badRequest("body", "could not be decoded")
        }
    }

    /// `questions[2].options[0].label` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type: return "an integer"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Date.Type: return "an ISO 8601 timestamp"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "an object"
        }
    }

    private static func firstSentence(_ text: String) -> String {
        text.isEmpty ? "is invalid" : text
    }
}
