import DebriefTestSupport
import Foundation
import Testing

/// The command-line tools the tests read images back with: zbarimg (zbar-tools) decodes QR
/// codes, rsvg-convert (librsvg2-bin) rasterizes SVG. `scripts/test` installs both.
enum DecoderTools {
    static let zbarimg = Self.find("zbarimg")
    static let rsvgConvert = Self.find("rsvg-convert")

    static var missingMessage: Comment {
        "zbarimg (zbar-tools) and rsvg-convert (librsvg2-bin) are needed; scripts/test installs them"
    }

    static var available: Bool { Self.zbarimg != nil && Self.rsvgConvert != nil }

    /// The tool's path on `PATH`, or nil.
    static func find(_ name: String) -> URL? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// What zbarimg reads from the image file: the payload bytes of every code found, as is.
    static func decode(_ image: URL) async throws -> Data {
        try await Self.run(try Self.require(Self.zbarimg), ["--raw", "-q", "-Sbinary", image.path])
    }

    /// Rasterizes an SVG file to a PNG file.
    static func rasterize(svg: URL, to png: URL) async throws {
        _ = try await Self.run(try Self.require(Self.rsvgConvert), ["--format=png", "--output", png.path, svg.path])
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func require(_ tool: URL?) throws -> URL {
        guard let tool else { throw Failure(description: "\(Self.missingMessage)") }
        return tool
    }

    /// Through ChildProcess, so a test awaiting the tool holds no thread of the cooperative pool.
    private static func run(_ tool: URL, _ arguments: [String]) async throws -> Data {
        let result = try await ChildProcess.run(tool.path, arguments)
        guard result.status == 0 else {
            throw Failure(description: "\(tool.lastPathComponent) \(arguments.joined(separator: " ")) exited with \(result.status): \(String(decoding: result.errors, as: UTF8.self))")
        }
        return result.output
    }
}
