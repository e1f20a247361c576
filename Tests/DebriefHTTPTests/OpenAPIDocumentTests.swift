@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PQ
import Testing
import Yams

/// Keeps the OpenAPI document honest. It is kept in parts (`Sources/DebriefHTTP/OpenAPI`: a root
/// `openapi.yaml` joining `paths/*.yaml` and `components/*.yaml` by `$ref`) and served joined:
/// every reference between the parts resolves, the joined document is well formed, complete
/// (every route of the router and nothing else), consistent (errors are problem documents, or
/// HTML pages on the routes of the `Pages` tag; examples fit their schemas) and served exactly.
@Suite("OpenAPI document")
struct OpenAPIDocumentTests {
    /// The folder of the parts, and the root file that joins them.
    static let partsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/DebriefHTTP/OpenAPI").standardized
    static let rootURL = Self.partsFolder.appendingPathComponent("openapi.yaml")

    /// The HTTP methods an OpenAPI path item may hold.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    // MARK: - Tests

    @Test func documentIsOpenAPI31AndEveryReferenceResolves() throws {
        let document = try Self.loadDocument()
        let version = try #require(document["openapi"] as? String)
        #expect(version.hasPrefix("3.1"), "openapi is \(version)")
        let info = try #require(document["info"] as? [String: Any])
        #expect(info["title"] as? String == "Debrief API")
        #expect(info["version"] as? String == "0.1.0")

        let paths = try #require(document["paths"] as? [String: Any])
        #expect(!paths.isEmpty)
        var problems: [String] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            guard path.hasPrefix("/"), !path.contains(":") else {
                problems.append("\(path): paths start with / and use {name}, not :name")
                continue
            }
            guard let item = item as? [String: Any] else {
                problems.append("\(path): not an object")
                continue
            }
            let operations = Self.methods.filter { item[$0] != nil }
            if operations.isEmpty { problems.append("\(path): no operation") }
            let pathParameters = Self.parameterNames(item["parameters"], in: document)
            for method in operations {
                let operation = item[method] as? [String: Any] ?? [:]
                let where_ = "\(method.uppercased()) \(path)"
                if (operation["responses"] as? [String: Any])?.isEmpty ?? true {
                    problems.append("\(where_): no responses")
                }
                // Every `{name}` of the template is declared as a path parameter.
                let declared = pathParameters.union(Self.parameterNames(operation["parameters"], in: document))
                for name in Self.templateNames(path) where !declared.contains(name) {
                    problems.append("\(where_): path parameter {\(name)} is not declared")
                }
            }
        }
        for (location, reference) in Self.references(in: document, at: "#") {
            if Self.resolve(reference, in: document) == nil {
                problems.append("\(location): $ref \(reference) does not resolve")
            }
        }
        #expect(problems.isEmpty, "openapi.yaml:\n\(problems.joined(separator: "\n"))")
    }

    @Test func errorsAreProblemDocumentsAndBodiesHaveExamples() throws {
        let document = try Self.loadDocument()
        var problems: [String] = []
        for (where_, _, operation) in Self.operations(in: document) {
            if let body = Self.resolved(operation["requestBody"], in: document) as? [String: Any] {
                // An image's bytes cannot be written in YAML, and a string standing for them is a
                // schema-valid body the server must refuse (schemathesis would call that a bug).
                for (mediaType, media) in Self.content(of: body)
                where !mediaType.hasPrefix("image/") && Self.examples(of: media, in: document).isEmpty {
                    problems.append("\(where_): request body \(mediaType) has no example")
                }
            }
            let responses = operation["responses"] as? [String: Any] ?? [:]
            for (status, raw) in responses.sorted(by: { $0.key < $1.key }) {
                let response = Self.resolved(raw, in: document) as? [String: Any] ?? [:]
                let code = Int(status) ?? 0
                if (200...299).contains(code) {
                    for (mediaType, media) in Self.content(of: response) where Self.examples(of: media, in: document).isEmpty {
                        problems.append("\(where_) \(status): \(mediaType) has no example")
                    }
                    continue
                }
                guard code >= 400 || status == "default" else { continue }
                let content = Self.content(of: response)
                // The HTML pages answer errors with a page in the visitor's language.
                let (mediaType, schemaName) = Self.isPage(operation)
                    ? ("text/html", "HTMLPage") : ("application/problem+json", "Problem")
                let schema = content[mediaType]?["schema"] as? [String: Any]
                if content.keys.sorted() != [mediaType] || schema?["$ref"] as? String != "#/components/schemas/\(schemaName)" {
                    problems.append("\(where_) \(status): must be \(mediaType) with the \(schemaName) schema")
                }
                let headers = Set((response["headers"] as? [String: Any] ?? [:]).keys.map { $0.lowercased() })
                if code == 401, !headers.contains("www-authenticate") {
                    problems.append("\(where_) 401: no WWW-Authenticate header")
                }
                if code == 429 || code == 503, !headers.contains("retry-after") {
                    problems.append("\(where_) \(status): no Retry-After header")
                }
            }
        }
        #expect(problems.isEmpty, "openapi.yaml:\n\(problems.joined(separator: "\n"))")
    }

    @Test func routerAndDocumentDescribeTheSameRoutes() async throws {
        let document = try Self.loadDocument()
        let documented = Set(Self.operations(in: document).map(\.endpoint))

        // The router exactly as the app builds it; the database opens no connection until used.
        let database = Database(
            configuration: DatabaseConfiguration(url: "postgresql://unused@127.0.0.1:1/none"), logger: TestDatabase.logger)
        let router = buildRouter(AppServices(configuration: AppConfiguration(), database: database))
        let routed = Set(
            router.routes
                .filter { $0.method != .head }
                .map { Endpoint(method: $0.method.rawValue.uppercased(), path: Self.normalize("\($0.path)")) })
        await database.shutdown()

        #expect(routed.count > 10, "the router lists \(routed.count) routes")
        let undocumented = routed.subtracting(documented).sorted()
        let unrouted = documented.subtracting(routed).sorted()
        #expect(
            undocumented.isEmpty && unrouted.isEmpty,
            """
            routes missing from openapi.yaml: \(undocumented.isEmpty ? "none" : undocumented.map(\.description).joined(separator: ", "))
            documented in openapi.yaml but not routed: \(unrouted.isEmpty ? "none" : unrouted.map(\.description).joined(separator: ", "))
            """)
    }

    @Test func everyReferenceBetweenThePartsResolvesAndTheJoinedDocumentHasNoneLeft() throws {
        let files = try Self.partFiles()
        #expect(files.count > 2, "found \(files) in \(Self.partsFolder.path)")
        var problems: [String] = []
        var referred: Set<String> = []
        for file in files {
            let part = try #require(try Self.loadPart(file))
            for (location, reference) in Self.references(in: part, at: "#") {
                // A discriminator may name a schema instead of referring to it.
                guard reference.contains("#") || reference.hasSuffix(".yaml") else { continue }
                let (target, pointer) = Self.split(reference, in: file)
                var document = part
                if target != file {
                    referred.insert(target)
                    guard let other = try Self.loadPart(target) else {
                        problems.append("\(file) \(location): $ref \(reference): no part \(target)")
                        continue
                    }
                    document = other
                }
                if let pointer, Self.resolve(pointer, in: document) == nil {
                    problems.append("\(file) \(location): $ref \(reference) does not resolve")
                }
            }
        }
        #expect(problems.isEmpty, "OpenAPI parts:\n\(problems.joined(separator: "\n"))")
        // The kinds' parts are read through the registry (`x-each-kind`), not by reference.
        let kindParts = Set(OpenAPIController.kinds.map { "components/kinds/\($0).yaml" })
        #expect(Set(files).subtracting(referred).subtracting(kindParts) == ["openapi.yaml"], "parts nothing refers to, besides the root")

        let left = Self.references(in: try Self.loadDocument(), at: "#").filter { !$0.reference.hasPrefix("#/") }
        #expect(left.isEmpty, "references pointing outside the joined document: \(left.map(\.reference))")
    }

    /// Issue 49: each registered question kind keeps its schemas in one part, and no other part
    /// names a kind where a list of kinds or a kind's own member stands (they hold `x-each-kind`).
    @Test func everyRegisteredKindHasItsPartAndNoOther() throws {
        let parts = Set(try Self.partFiles().filter { $0.hasPrefix("components/kinds/") })
        #expect(parts == Set(OpenAPIController.kinds.map { "components/kinds/\($0).yaml" }))
        let document = try Self.loadDocument()
        let components = try #require(document["components"] as? [String: Any])
        let schemas = try #require(components["schemas"] as? [String: Any])
        let input = try #require(schemas["QuestionInput"] as? [String: Any])
        let kind = try #require((input["properties"] as? [String: Any])?["kind"] as? [String: Any])
        #expect(kind["enum"] as? [String] == OpenAPIController.kinds)
        let question = try #require(schemas["Question"] as? [String: Any])
        #expect((question["oneOf"] as? [Any])?.count == OpenAPIController.kinds.count)
        let joined = try Self.joinedText()
        #expect(!joined.contains(OpenAPIBundler.eachKind), "a marker left in the joined document")
    }

    /// Issue 33: `paths/pages.yaml` had grown to 2,449 lines and `components/results.yaml` to
    /// 1,151; a part a reader can take in holds one subject, so none may pass 800 lines.
    @Test func noPartIsOver800Lines() throws {
        var long: [String] = []
        for file in try Self.partFiles() {
            let text = try String(contentsOf: Self.partsFolder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            if lines > 800 { long.append("\(file): \(lines) lines") }
        }
        #expect(long.isEmpty, "OpenAPI parts over 800 lines (split them by subject): \(long.joined(separator: ", "))")
    }

    @Test func servedDocumentIsTheJoinedParts() async throws {
        let joined = Data(try Self.joinedText().utf8)
        try await TestDatabase.withMigrated(maxConnections: 1) { database in
            let app = buildApplication(configuration: AppConfiguration(), database: database, logger: TestDatabase.logger)
            try await app.test(.router) { client in
                try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                    #expect(response.status == .ok)
                    let contentType = response.headers[.contentType] ?? ""
                    #expect(contentType.hasPrefix("application/yaml"), "Content-Type is \(contentType)")
                    #expect(Data(response.body.readableBytesView) == joined, "the served document differs from the joined parts")
                }
            }
        }
    }

    @Test func examplesFitTheirSchemas() throws {
        let document = try Self.loadDocument()
        var problems: [String] = []
        var checked = 0
        for (where_, _, operation) in Self.operations(in: document) {
            var bodies: [(String, [String: Any])] = []
            if let body = Self.resolved(operation["requestBody"], in: document) as? [String: Any] {
                bodies.append(("request", body))
            }
            for (status, raw) in (operation["responses"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
                if let response = Self.resolved(raw, in: document) as? [String: Any] { bodies.append((status, response)) }
            }
            for (label, body) in bodies {
                for (mediaType, media) in Self.content(of: body) {
                    guard let schema = media["schema"] else { continue }
                    for (name, value) in Self.examples(of: media, in: document) {
                        checked += 1
                        problems += Self.mismatches(
                            value, schema, at: "\(where_) \(label) \(mediaType) example \(name)", in: document)
                    }
                }
            }
        }
        #expect(checked > 0)
        #expect(problems.isEmpty, "examples that do not fit their schema:\n\(problems.joined(separator: "\n"))")
    }

    // MARK: - Loading and walking the document

    struct Endpoint: Hashable, Comparable, CustomStringConvertible {
        var method: String
        /// Without leading or trailing slash, captures as `{name}`.
        var path: String

        var description: String { "\(method) /\(path)" }
        static func < (lhs: Endpoint, rhs: Endpoint) -> Bool { (lhs.path, lhs.method) < (rhs.path, rhs.method) }
    }
}
