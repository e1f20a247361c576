import ArgumentParser
import Foundation
import Logging
import PQ

/// Maps failures to one message on standard error and a documented exit code.
///
/// Exit codes: 0 done; 1 other failure; 2 bad arguments or unknown meeting, series or host;
/// 3 database unreachable; 4 `serve`'s listening address in use (nothing was started).
enum CommandRunner {
    static func run<Value>(logger: Logger, _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch {
            throw Self.exit(for: error, logger: logger)
        }
    }

    static func exit(for error: any Error, logger: Logger) -> any Error {
        if error is ExitCode || error is CleanExit { return error }
        // Like a writer killed by SIGPIPE (128 + 13), without a message: the reader left on purpose.
        if case ExportOutputError.readerGone = error { return ExitCode(141) }
        let code: Int32
        switch error {
        case CommandFailure.usage:
            code = 2
        case CommandFailure.unavailable:
            code = 3
        case CommandFailure.addressUnavailable:
            code = 4
        case let error as PQError where error.isUnavailable:
            code = 3
        default:
            code = 1
        }
        FileHandle.standardError.write(Data("debrief: \(error)\n".utf8))
        return ExitCode(code)
    }
}
