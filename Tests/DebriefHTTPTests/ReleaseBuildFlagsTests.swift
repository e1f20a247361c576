import Foundation
import Testing

/// Issue 33: the benchmark measured a binary built with other compiler flags than the one
/// `DEBRIEF_BUILD=release scripts/serve` and the Dockerfile build. The optimizer workaround lives
/// in Package.swift alone (every release build gets it); the three builds add no flags.
@Suite("Release builds: one set of flags")
struct ReleaseBuildFlagsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `path` that run `swift build`, comments left out.
    static func buildLines(_ path: String) throws -> [String] {
        try Self.text(path).split(separator: "\n").map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && $0.contains("swift build") }
    }

    @Test(arguments: ["Dockerfile", "scripts/serve", "scripts/lib/bench.sh"])
    func buildsAddNoCompilerFlags(path: String) throws {
        let lines = try Self.buildLines(path)
        #expect(!lines.isEmpty, "\(path) builds debrief")
        for line in lines {
            #expect(!line.contains("-Xswiftc") && !line.contains("-Xfrontend") && !line.contains("copy-propagation"), "\(path): \(line)")
        }
        let bench = try Self.text("scripts/lib/bench.sh")
        #expect(bench.contains("${BENCH_SWIFT_FLAGS:-}"), "the benchmark's extra flags are empty unless asked for")
    }

    @Test func theWorkaroundIsInPackageSwiftForReleaseBuildsOfTheDomain() throws {
        let manifest = try Self.text("Package.swift")
        #expect(manifest.contains(#".unsafeFlags(["-Xfrontend", "-enable-copy-propagation=false"], .when(configuration: .release))"#))
    }
}
