import DebriefTestSupport
import Foundation
import PQ
import Testing

@Suite("The debrief command")
struct ServeAndMigrateCommandTests {
    @Test func twoMigrateProcessesAtOnceBothSucceed() async throws {
        try await TestDatabase.withEmpty { url in
            async let first = DebriefProcess.run(["migrate", "--database-url", url, "--log-format", "text"])
            async let second = DebriefProcess.run(["migrate", "--database-url", url, "--log-format", "text"])
            let results = try await [first, second]
            #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.output))")
            let outputs = results.map(\.output)
            #expect(outputs.contains { $0.contains("Applied") })
            #expect(outputs.contains { $0.contains("Database is up to date.") })
            let database = Database(configuration: DatabaseConfiguration(url: url, maxConnections: 1), logger: TestDatabase.logger)
            let count = try #require(try await database.query("SELECT count(*) AS n, count(DISTINCT version) AS d FROM schema_migrations").first)
            #expect(try count.decode("n", as: Int.self) == count.decode("d", as: Int.self))
            await database.shutdown()
        }
    }

    @Test func migrateWithUnreachableDatabaseExitsThree() async throws {
        let result = try await DebriefProcess.run(["migrate", "--database-url", "postgresql://nobody@127.0.0.1:1/none"])
        #expect(result.status == 3)
        #expect(result.output.contains("could not connect to PostgreSQL at 127.0.0.1:1"))
        #expect(!result.output.contains("Stack"))
    }

    @Test func badFlagExitsWithUsageError() async throws {
        let result = try await DebriefProcess.run(["serve", "--port", "70000"])
        #expect(result.status != 0)
        #expect(result.output.contains("--port (PORT): must be a whole number from 0 to 65535"), "\(result.output)")
    }

    /// A millisecond setting out of range stops `serve` with exit 2, naming the flag and the
    /// variable, whichever of the two gave it.
    @Test(arguments: [
        ("--results-staleness", "DEBRIEF_RESULTS_STALENESS_MS", "10001", "must be whole milliseconds from 0 to 10000"),
        ("--token-cache", "DEBRIEF_TOKEN_CACHE_MS", "60001", "must be whole milliseconds from 0 to 60000"),
    ])
    func aMillisecondSettingOutOfRangeStopsServeWithExitTwo(flag: String, variable: String, tooLarge: String, range: String) async throws {
        let byFlag = try await DebriefProcess.run(["serve", flag, tooLarge])
        #expect(byFlag.status == 2, "\(byFlag.output)")
        #expect(byFlag.output.contains("\(flag) (\(variable)): \(range)"), "\(byFlag.output)")
        let byEnvironment = try await DebriefProcess.run(["serve"], environment: [variable: "-1"])
        #expect(byEnvironment.status == 2, "\(byEnvironment.output)")
        #expect(byEnvironment.output.contains(variable), "\(byEnvironment.output)")
    }

    @Test func aMalformedCORSOriginStopsServeWithExitTwo() async throws {
        let flag = try await DebriefProcess.run(["serve", "--cors-origin", "https://ok.example,https://app.example/"])
        #expect(flag.status == 2, "\(flag.output)")
        #expect(flag.output.contains("invalid CORS origin 'https://app.example/': must be scheme://host[:port] only"), "\(flag.output)")
        let environment = try await DebriefProcess.run(["serve"], environment: ["DEBRIEF_CORS_ORIGINS": "*"])
        #expect(environment.status == 2, "\(environment.output)")
        #expect(environment.output.contains("DEBRIEF_CORS_ORIGINS"), "\(environment.output)")
        #expect(environment.output.contains("invalid CORS origin '*'"), "\(environment.output)")
    }

    @Test func serveAnswersAndStopsGracefullyOnSIGTERM() async throws {
        try await TestDatabase.withEmpty { url in
            let port = DebriefProcess.freePort()
            // A long shutdown timeout: a stop that waited for it instead of ending when idle would take
            // ten minutes, far from a graceful stop on any machine, however busy.
            let server = try DebriefProcess.start(["serve", "--database-url", url, "--port", String(port), "--shutdown-timeout", "600"])
            let ready = await DebriefProcess.waitFor("http://127.0.0.1:\(port)/readyz", status: 200, timeout: .seconds(120))
            #expect(ready, "server never became ready:\n\(server.output)")
            server.signal(SIGTERM)
            let start = ContinuousClock.now
            let (status, output) = await server.wait()
            #expect(status == 0, "\(output)")
            #expect(ContinuousClock.now - start < .seconds(300), "the stop waited for the shutdown timeout")
            // Logs are structured: one JSON object per line.
            let lines = output.split(separator: "\n").filter { !$0.isEmpty }
            #expect(!lines.isEmpty)
            for line in lines {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
            }
        }
    }
}
