import Foundation
import Testing

/// One owner of token validity and revocation (docs/decisions/0038-token-cache.md, issue 31):
/// only `TokenStore` and its extensions read or write `access_tokens`. A new query elsewhere
/// (another validity predicate, a revocation that forgets no cache entry) fails here.
@Suite("Tokens: one owner")
struct TokenOwnershipTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")
        .standardized

    @Test func onlyTokenStoreTouchesTheTokenTable() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100, "read \(files.count) source files under \(Self.sources.path)")
        var readers: [String] = []
        for file in files where !file.lastPathComponent.hasPrefix("TokenStore") {
            let code = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains("access_tokens") }) { readers.append(file.lastPathComponent) }
        }
        #expect(readers == [], "access_tokens outside TokenStore")
    }
}
