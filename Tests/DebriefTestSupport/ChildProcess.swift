import Foundation

/// Runs a program to completion without holding a thread of Swift's cooperative pool.
///
/// The pool has one thread per core (two on CI). A test that read a child's pipe to its end or
/// called `waitUntilExit()` held one of them for the child's whole life — seconds for Python
/// under load, minutes for a `debrief export` in the property tests — and two such tests at once
/// stopped every task of the process: the in-process servers answered nothing and clients timed
/// out (`readTimeout` in the whole command, reproduced beside stress-ng). Here the output goes to
/// files and the exit arrives through `terminationHandler`, so the awaiting task holds no thread.
public enum ChildProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: Data
        public var errors: Data
    }

    /// Runs `executable arguments…` with `environment` (the test's own when nil), `input` on its
    /// standard input, and returns its exit status and what it wrote on each stream.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, input: Data? = nil
    ) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
        let outputFile = directory.appendingPathComponent("debrief-child-\(UUID().uuidString).out")
        let errorsFile = directory.appendingPathComponent("debrief-child-\(UUID().uuidString).err")
        let inputFile = directory.appendingPathComponent("debrief-child-\(UUID().uuidString).in")
        defer {
            for file in [outputFile, errorsFile, inputFile] { try? FileManager.default.removeItem(at: file) }
        }
        for file in [outputFile, errorsFile] { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
        try (input ?? Data()).write(to: inputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorsFile)
        let standardInput = try FileHandle(forReadingFrom: inputFile)
        defer {
            for handle in [output, errors, standardInput] { try? handle.close() }
        }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Result(status: status, output: try Data(contentsOf: outputFile), errors: try Data(contentsOf: errorsFile))
    }

    /// `python3 -c script arguments…`, found on the PATH as the tests' other tools are.
    public static func python(_ script: String, _ arguments: [String]) async throws -> Result {
        try await self.run("/usr/bin/env", ["python3", "-c", script] + arguments)
    }
}
