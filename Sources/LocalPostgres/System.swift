import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin, thread-safe wrappers over the POSIX calls the cluster needs.
enum System {
    struct Account: Sendable, Equatable {
        var name: String
        var uid: uid_t
        var gid: gid_t
    }

    static var isRoot: Bool { geteuid() == 0 }

    /// The account of the effective user; when it has no passwd entry, `fallbackName` (the
    /// caller's `$USER`) names it.
    static func currentAccount(fallbackName: String?) -> Account {
        let uid = geteuid()
        if let account = account(uid: uid) { return account }
        return Account(name: fallbackName ?? "postgres", uid: uid, gid: getegid())
    }

    static func account(named name: String) -> Account? {
        withPasswdBuffer { pwd, buffer, size, result in
            getpwnam_r(name, &pwd, buffer, size, &result)
        }
    }

    static func account(uid: uid_t) -> Account? {
        withPasswdBuffer { pwd, buffer, size, result in
            getpwuid_r(uid, &pwd, buffer, size, &result)
        }
    }

    private static func withPasswdBuffer(
        _ lookup: (inout passwd, UnsafeMutablePointer<CChar>, Int, inout UnsafeMutablePointer<passwd>?) -> Int32
    ) -> Account? {
        var size = 16_384
        while size <= 1 << 20 {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
            defer { buffer.deallocate() }
            var pwd = passwd()
            var result: UnsafeMutablePointer<passwd>?
            let rc = lookup(&pwd, buffer, size, &result)
            if rc == ERANGE {
                size *= 4
                continue
            }
            guard rc == 0, let entry = result, let cName = entry.pointee.pw_name else { return nil }
            return Account(name: String(cString: cName), uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
        }
        return nil
    }

    /// All group ids of an account (primary and supplementary).
    static func groups(of account: Account) -> [gid_t] {
        var count: Int32 = 64
        while count <= 65_536 {
            var groups = [gid_t](repeating: 0, count: Int(count))
            var n = count
            #if canImport(Darwin)
            let rc = groups.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: Int32.self) {
                    getgrouplist(account.name, Int32(bitPattern: account.gid), $0.baseAddress, &n)
                }
            }
            #else
            let rc = getgrouplist(account.name, account.gid, &groups, &n)
            #endif
            if rc >= 0 { return Array(groups.prefix(Int(n))) }
            count = max(n, count * 2)
        }
        return [account.gid]
    }

    /// A TCP port on 127.0.0.1 that is free right now (bind to port 0, read it back, close).
    static func freeLoopbackPort() throws -> Int {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw posixError("socket()") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw posixError("bind(127.0.0.1:0)") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw posixError("getsockname()") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct FileStatus: Sendable {
        var uid: uid_t
        var gid: gid_t
        var mode: mode_t
        var isDirectory: Bool
    }

    static func status(_ path: String) -> FileStatus? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileStatus(uid: st.st_uid, gid: st.st_gid, mode: st.st_mode, isDirectory: (st.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Whether `account` may search (traverse) the directory, by the POSIX owner/group/other rule.
    static func canTraverse(_ status: FileStatus, as account: Account, groups: [gid_t]) -> Bool {
        if status.uid == account.uid { return status.mode & S_IXUSR != 0 }
        if groups.contains(status.gid) { return status.mode & S_IXGRP != 0 }
        return status.mode & S_IXOTH != 0
    }

    static func makeDirectory(_ path: String, mode: mode_t) throws {
        guard mkdir(path, mode) == 0 || errno == EEXIST else { throw posixError("mkdir \(path)") }
    }

    static func changeOwner(_ path: String, to account: Account) throws {
        guard chown(path, account.uid, account.gid) == 0 else { throw posixError("chown \(account.name) \(path)") }
    }

    static func changeMode(_ path: String, _ mode: mode_t) throws {
        guard chmod(path, mode) == 0 else { throw posixError("chmod \(path)") }
    }

    static func posixError(_ operation: String) -> LocalPostgresError {
        let code = errno
        return LocalPostgresError(.dataDirectoryUnusable, "\(operation) failed: \(String(cString: strerror(code)))")
    }

    /// Quotes one word for /bin/sh (pg_ctl hands its `-o` options to the shell).
    static func shellQuote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "/._-=:,+@".contains($0)) }) {
            return word
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The last `count` lines of a file (reads at most its last 64 KiB).
    static func tailOfFile(_ path: String, lines count: Int = 20) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd() else { return nil }
        let start = end > 65_536 ? end - 65_536 : 0
        try? handle.seek(toOffset: start)
        guard let data = try? handle.readToEnd() else { return nil }
        return lastLines(String(decoding: data, as: UTF8.self), count)
    }

    static func lastLines(_ text: String, _ count: Int = 20) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var trimmed = lines[...]
        while let last = trimmed.last, last.trimmingCharacters(in: .whitespaces).isEmpty {
            trimmed = trimmed.dropLast()
        }
        return trimmed.suffix(count).joined(separator: "\n")
    }
}
