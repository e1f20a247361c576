import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs the real `debrief` binary that `swift build` put next to the test bundle.
struct DebriefProcess {
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("debrief")
    }

    /// Runs `debrief arguments…` to completion.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil
    ) async throws -> (status: Int32, output: String) {
        let process = try self.start(arguments, environment: environment, standardInput: standardInput)
        return await process.wait()
    }

    /// Starts `debrief arguments…` with stdout and stderr captured together.
    static func start(_ arguments: [String], environment: [String: String] = [:], standardInput: String? = nil) throws -> Running {
        let process = Process()
        process.executableURL = self.binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DATABASE_URL"] = nil
        env["LOG_LEVEL"] = "info"
        env.merge(environment) { $1 }
        process.environment = env
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("debrief-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let standardInput { input.fileHandleForWriting.write(Data(standardInput.utf8)) }
        try input.fileHandleForWriting.close()
        return Running(process: process, outputFile: output)
    }

    final class Running: Sendable {
        let process: Process
        let outputFile: URL

        init(process: Process, outputFile: URL) {
            self.process = process
            self.outputFile = outputFile
        }

        var output: String {
            (try? String(contentsOf: self.outputFile, encoding: .utf8)) ?? ""
        }

        func wait() async -> (status: Int32, output: String) {
            while self.process.isRunning {
                try? await Task.sleep(for: .milliseconds(50))
            }
            let output = self.output
            try? FileManager.default.removeItem(at: self.outputFile)
            return (self.process.terminationStatus, output)
        }

        func signal(_ signal: Int32) {
            kill(self.process.processIdentifier, signal)
        }
    }

    /// A TCP port nobody listens on right now.
    static func freePort() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// GETs `url`, returning the status code, or nil when nothing answers.
    static func status(of url: String) async -> Int? {
        guard let url = URL(string: url) else { return nil }
        var request = URLRequest(url: url)
        request.timeoutInterval = 2
        guard let (_, response) = try? await URLSession.shared.data(for: request) else { return nil }
        return (response as? HTTPURLResponse)?.statusCode
    }

    /// Polls `url` until it answers `expected`, for `timeout` at most.
    static func waitFor(_ url: String, status expected: Int, timeout: Duration) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if await self.status(of: url) == expected { return true }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }
}
