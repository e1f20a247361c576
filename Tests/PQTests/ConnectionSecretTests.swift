import DebriefTestSupport
import Foundation
import PQ
import Testing

/// The database password never reaches an error message (and so never a log line or stderr),
/// whatever libpq quotes back about a URL it could not use.
@Suite("Connection errors keep the password out")
struct ConnectionSecretTests {
    static let password = "Sup3r-s3cret-pw"

    static let urls = [
        // Malformed: libpq quotes the whole URL in its message.
        "postgresql://ana:\(password)@[::1/db",
        "postgresql://ana:\(password)@127.0.0.1:1/db?bogus=1",
        // Well formed but unreachable.
        "postgresql://ana:\(password)@127.0.0.1:1/db",
        // Percent-encoded in the URL.
        "postgresql://ana:Sup3r%2Ds3cret%2Dpw@[::1/db",
        // A conninfo string with a syntax error after the password.
        "host=127.0.0.1 port=1 password=\(password) dbname",
        "host=127.0.0.1 port=1 password='\(password)' sslmode=nonsense",
    ]

    @Test(arguments: urls)
    func theMessageNamesNeitherThePasswordNorTheURL(_ url: String) async throws {
        let database = Database(
            configuration: DatabaseConfiguration(url: url, maxConnections: 1, connectTimeoutSeconds: 2), logger: TestDatabase.logger)
        let error = await #expect(throws: PQError.self) { try await database.query("SELECT 1") }
        await database.shutdown()
        let failure = try #require(error)
        #expect(failure.code == .connectionFailed)
        for text in [failure.description, failure.debugDescription, String(reflecting: failure), failure.message] {
            #expect(!text.contains(Self.password), "\(text)")
            #expect(!text.contains("Sup3r%2Ds3cret"), "\(text)")
            #expect(!text.contains(url), "\(text)")
        }
    }
}
