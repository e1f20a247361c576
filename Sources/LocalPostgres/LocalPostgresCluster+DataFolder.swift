import Foundation

/// The data folder's checks and preparation before the server starts (the parent folder exists).
extension LocalPostgresCluster {
    /// Creates the data and run folders and the log file, hands them to the server's user,
    /// and checks the data folder. Returns whether it already holds a cluster.
    func prepareDirectories(identity: ServerIdentity, hasVersionFile: Bool) throws -> Bool {
        let fileManager = FileManager.default
        let data = paths.dataDirectory
        let account = identity.account
        let fix = identity.switchesUser
            ? "As root, debrief runs PostgreSQL as the `postgres` user; run `chown -R postgres: \(data)`, or remove the folder to start afresh."
            : "Run debrief as that user, or remove the folder to start afresh."

        var initialized = false
        if let status = System.status(data) {
            guard status.isDirectory else {
                throw LocalPostgresError(.dataDirectoryUnusable, "The PostgreSQL data folder \(data) exists but is not a folder; remove it or choose another path.")
            }
            let contents = (try? fileManager.contentsOfDirectory(atPath: data)) ?? []
            if hasVersionFile {
                initialized = true
                guard status.uid == account.uid else {
                    let owner = System.account(uid: status.uid)?.name ?? "uid \(status.uid)"
                    throw LocalPostgresError(
                        .dataDirectoryUnusable,
                        "The PostgreSQL data folder \(data) belongs to \(owner), but the server must run as \(account.name). \(fix)"
                    )
                }
            } else if !contents.isEmpty {
                throw LocalPostgresError(
                    .dataDirectoryUnusable,
                    "The folder \(data) is not empty but holds no PostgreSQL cluster (no PG_VERSION file); remove it or choose another data folder."
                )
            }
        } else {
            try System.makeDirectory(data, mode: 0o700)
        }
        try System.makeDirectory(paths.runDirectory, mode: 0o700)
        if !fileManager.fileExists(atPath: paths.logFile) {
            _ = fileManager.createFile(atPath: paths.logFile, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        if identity.switchesUser {
            if !initialized { try System.changeOwner(data, to: account) }
            try System.changeOwner(paths.runDirectory, to: account)
            try System.changeMode(paths.runDirectory, 0o700)
            try System.changeOwner(paths.logFile, to: account)
            try checkReachable(data, by: account)
        }
        return initialized
    }

    /// As root, the `postgres` user must be able to walk down to the data folder.
    private func checkReachable(_ path: String, by account: System.Account) throws {
        let groups = System.groups(of: account)
        var ancestor = (path as NSString).deletingLastPathComponent
        var chain: [String] = []
        while true {
            chain.append(ancestor)
            if ancestor == "/" || ancestor.isEmpty { break }
            ancestor = (ancestor as NSString).deletingLastPathComponent
        }
        for folder in chain.reversed() {
            guard let status = System.status(folder) else { continue }
            if !System.canTraverse(status, as: account, groups: groups) {
                throw LocalPostgresError(
                    .dataDirectoryUnusable,
                    "The `\(account.name)` user cannot reach the PostgreSQL data folder \(path): it may not enter \(folder) "
                        + "(mode \(String(status.mode & 0o7777, radix: 8))). PostgreSQL refuses to run as root, so as root debrief runs it as `\(account.name)`. "
                        + "Run `chmod o+x \(folder)`, choose a data folder under a path that user can enter, or run debrief as a regular user."
                )
            }
        }
    }
}
