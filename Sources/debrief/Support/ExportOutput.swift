import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `debrief export` writes: standard output, or a file that only appears, whole, once the
/// export has succeeded.
///
/// A file is written to a temporary name in its own folder (so the final `rename` is atomic, on the
/// same file system) and renamed over the target at the end; on any failure the temporary file is
/// deleted, so an earlier file of that name stays as it was and no truncated file is left behind.
final class ExportOutput {
    private let descriptor: Int32
    /// The file to create, or nil for standard output.
    private let path: String?
    private let temporaryPath: String?
    private var closed = false
    /// Bytes written so far.
    private(set) var bytesWritten = 0

    static func standardOutput() -> ExportOutput {
        ExportOutput(descriptor: STDOUT_FILENO, path: nil, temporaryPath: nil)
    }

    /// Opens a temporary file beside `path`.
    static func file(_ path: String) throws -> ExportOutput {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var template = Array((folder + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw CommandFailure.usage("--output: cannot create a file in \(folder): \(String(cString: strerror(errno)))")
        }
        // mkstemp makes the file private (0600); give it the mode a newly created file would have.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return ExportOutput(descriptor: descriptor, path: path, temporaryPath: temporary)
    }

    private init(descriptor: Int32, path: String?, temporaryPath: String?) {
        self.descriptor = descriptor
        self.path = path
        self.temporaryPath = temporaryPath
    }

    /// Writes every byte of `bytes`, retrying short writes and interruptions.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(self.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE, self.path == nil { throw ExportOutputError.readerGone }
                    throw ExportOutputError.failed(path: self.path, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
        }
        self.bytesWritten += bytes.count
    }

    /// Makes the file appear under its name (flushed to disk first).
    func commit() throws {
        guard let path, let temporaryPath, !self.closed else { return }
        self.closed = true
        if fsync(self.descriptor) != 0 || close(self.descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw ExportOutputError.failed(path: path, reason: reason)
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw ExportOutputError.failed(path: path, reason: reason)
        }
    }

    /// Deletes the temporary file after a failure.
    func discard() {
        guard let temporaryPath, !self.closed else { return }
        self.closed = true
        close(self.descriptor)
        unlink(temporaryPath)
    }
}

/// libc's `write(2)` (the method above shadows the name).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

enum ExportOutputError: Error, CustomStringConvertible {
    case failed(path: String?, reason: String)
    /// Standard output's reader closed it (a pipe into `head`): the export stops quietly.
    case readerGone

    var description: String {
        switch self {
        case .failed(let path, let reason): return "could not write \(path ?? "standard output"): \(reason)"
        case .readerGone: return "the reader closed standard output"
        }
    }
}
