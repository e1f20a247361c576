import Foundation

/// The one JSON encoding of a chat message: keys sorted (a payload's bytes are stable, so a
/// delivery log and a test compare them) and slashes left as they are (URLs stay readable).
enum ChatJSON {
    static func data(_ message: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(message)
    }

    static func string(_ message: some Encodable) throws -> String {
        String(decoding: try Self.data(message), as: UTF8.self)
    }
}
