import Foundation
import Testing
import Yams

/// No Docker engine runs where the suite runs, so these checks keep the container files honest.
@Suite("docker-compose.yml and Dockerfile")
struct DeploymentFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    func compose() throws -> [String: Any] {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docker-compose.yml"), encoding: .utf8)
        return try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    @Test func databaseServiceIsPostgres15WithHealthCheckAndVolume() throws {
        let compose = try self.compose()
        let services = try #require(compose["services"] as? [String: Any])
        let db = try #require(services["db"] as? [String: Any])
        let image = try #require(db["image"] as? String)
        let version = try #require(Int(image.split(separator: ":").last?.split(separator: ".").first ?? ""))
        #expect(image.hasPrefix("postgres:") && version >= 15)
        let health = try #require(db["healthcheck"] as? [String: Any])
        let test = try #require(health["test"] as? [String])
        #expect(test.joined(separator: " ").contains("pg_isready"))
        let volumes = try #require(db["volumes"] as? [String])
        let named = try #require(volumes.first?.split(separator: ":").first.map(String.init))
        let declared = try #require(compose["volumes"] as? [String: Any])
        #expect(declared.keys.contains(named))
    }

    @Test func debriefIsBuiltWiredAndWaitsForHealthyDatabase() throws {
        let compose = try self.compose()
        let services = try #require(compose["services"] as? [String: Any])
        let db = try #require(services["db"] as? [String: Any])
        let app = try #require(services["debrief"] as? [String: Any])
        let build = try #require(app["build"] as? [String: Any])
        let dockerfile = (build["dockerfile"] as? String) ?? "Dockerfile"
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(dockerfile).path))
        let environment = try #require(app["environment"] as? [String: Any])
        let databaseURL = try #require(environment["DATABASE_URL"] as? String)
        let url = try #require(URLComponents(string: databaseURL))
        let dbEnvironment = try #require(db["environment"] as? [String: Any])
        #expect(url.host == "db")
        #expect(url.user == dbEnvironment["POSTGRES_USER"] as? String)
        #expect(url.password == dbEnvironment["POSTGRES_PASSWORD"] as? String)
        #expect(url.path == "/" + (dbEnvironment["POSTGRES_DB"] as? String ?? ""))
        #expect(environment["DEBRIEF_HOST"] as? String == "0.0.0.0")
        let ports = try #require(app["ports"] as? [String])
        #expect(ports.contains { $0.hasSuffix(":8080") })
        let dependsOn = try #require(app["depends_on"] as? [String: Any])
        let condition = try #require(dependsOn["db"] as? [String: Any])
        #expect(condition["condition"] as? String == "service_healthy")
    }

    /// The app's own health check probes /healthz or /readyz with a tool the run stage installs.
    @Test func debriefHasAHealthCheckTheImageCanRun() throws {
        let compose = try self.compose()
        let services = try #require(compose["services"] as? [String: Any])
        let app = try #require(services["debrief"] as? [String: Any])
        let health = try #require(app["healthcheck"] as? [String: Any])
        let test = try #require(health["test"] as? [String])
        #expect(["CMD", "CMD-SHELL"].contains(test.first ?? ""), "test is \(test)")
        let command = test.dropFirst().joined(separator: " ")
        #expect(command.contains("/healthz") || command.contains("/readyz"), "the health check runs \(command)")
        let tool = try #require(command.split(separator: " ").first.map(String.init))
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let stages = ("\n" + text).components(separatedBy: "\nFROM ").dropFirst()
        let runStage = Set((stages.last ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init))
        #expect(runStage.contains(tool), "the run stage does not install \(tool), which the health check runs")
    }

    /// The image resolves from Package.swift's pinned versions (record 39): a committed
    /// Package.resolved would carry the commit ids of the machine that wrote it, which a clone
    /// elsewhere cannot check out. So git ignores it, the image never copies it, and the build
    /// uses what the image's own resolve step chose.
    @Test func imageResolvesFromPackageSwift() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(!lines.contains { $0.hasPrefix("COPY ") && $0.contains("Package.resolved") })
        let copy = try #require(lines.firstIndex { $0.hasPrefix("COPY ") && $0.contains("Package.swift") })
        let resolve = try #require(lines.firstIndex { $0.contains("swift package resolve") })
        #expect(copy < resolve, "Package.swift is copied after dependencies are resolved")
        #expect(lines.contains { $0.contains("swift build") && $0.contains("--force-resolved-versions") })
        let ignored = try String(contentsOf: Self.root.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(ignored.contains { $0 == "Package.resolved" || $0 == "/Package.resolved" }, ".gitignore does not ignore Package.resolved")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let unpinned = manifest.split(separator: "\n").filter { $0.contains(".package(url:") && !$0.contains(".upToNextMinor(from:") }
        #expect(unpinned.isEmpty, "dependencies without a pinned minor release: \(unpinned)")
    }

    /// `docker run` gets the same liveness probe as compose, and the image can back up and
    /// restore (`debrief backup` runs pg_dump, `debrief restore` pg_restore).
    @Test func imageHasAHealthCheckAndTheBackupPrograms() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let runStage = ("\n" + text).components(separatedBy: "\nFROM ").last ?? ""
        // The HEALTHCHECK instruction with its continuation lines.
        let lines = runStage.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("HEALTHCHECK ") })
        var instruction = [lines[start]]
        while instruction.last?.hasSuffix("\\") == true, start + instruction.count < lines.count {
            instruction.append(lines[start + instruction.count])
        }
        let healthCheck = instruction.joined(separator: "\n")
        #expect(healthCheck.contains(" CMD "), "\(healthCheck)")
        #expect(healthCheck.contains("/healthz"), "\(healthCheck)")
        #expect(healthCheck.contains("--start-period="), "\(healthCheck)")
        let words = Set(runStage.split(whereSeparator: { $0.isWhitespace }).map(String.init))
        #expect(words.contains("curl"))
        #expect(words.contains("postgresql-client"), "the run stage lacks pg_dump and pg_restore")
        // The client matches the compose file's server (bookworm ships PostgreSQL 15).
        let compose = try self.compose()
        let services = try #require(compose["services"] as? [String: Any])
        let db = try #require(services["db"] as? [String: Any])
        #expect((db["image"] as? String)?.hasSuffix(":15") == true)
        #expect(runStage.contains("bookworm"))
    }

    @Test func dockerfileBuildsWithSwiftAndRunsSlimWithLibpq() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let stages = text.split(separator: "\n").filter { $0.hasPrefix("FROM ") }
        #expect(stages.count == 2)
        #expect(stages.first?.contains("swift:") == true)
        #expect(stages.last?.contains("slim") == true)
        #expect(text.contains("libpq5"))
        #expect(text.contains("libpq-dev"))
        #expect(text.contains("EXPOSE 8080"))
        // The resource bundles (migrations, OpenAPI) must ship next to the binary.
        #expect(text.contains(".resources"))
    }

    /// Each C library the package links: its headers where the binary is built, the shared
    /// library where it runs.
    @Test(arguments: [("libpq-dev", "libpq5"), ("libqrencode-dev", "libqrencode4"), ("zlib1g-dev", "zlib1g")])
    func dockerfileInstallsEachSystemLibrary(development: String, runtime: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        // Whatever precedes the first FROM (comments) is no stage.
        let stages = ("\n" + text).components(separatedBy: "\nFROM ").dropFirst()
        #expect(stages.count == 2)
        let words = stages.map { Set($0.split(whereSeparator: { $0.isWhitespace }).map(String.init)) }
        #expect(words.first?.contains(development) == true, "build stage lacks \(development)")
        #expect(words.last?.contains(runtime) == true, "run stage lacks \(runtime)")
    }
}
