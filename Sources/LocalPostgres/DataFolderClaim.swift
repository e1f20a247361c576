import Foundation

/// A process's share of a data folder's server: who may start it, and who stops it
/// ([decision 82](../../docs/decisions/0082-one-owner-per-data-folder.md)).
///
/// Two lock files beside the data folder `<P>/postgres`:
/// - the gate, `<P>/postgres.lock`, held exclusively while a process starts the server or
///   decides whether to stop it. A start and a stop never overlap, and two commands starting at
///   the same instant take turns: the first runs initdb and `pg_ctl start`, the second then finds
///   the server running and uses it.
/// - the users, `<P>/postgres.users`, held shared by every process that uses the server, for as
///   long as it does (taken under the gate, so a stop cannot slip in between).
///
/// The server stops when its last user leaves: a leaving process takes the gate, and if it can
/// then take the users lock exclusively, nobody else uses the server and it stops it; otherwise
/// it leaves it running for the others. A process that dies releases both locks with it, so a
/// crash leaves at most a server with no users, which the next process to come uses and, when it
/// leaves last, stops.
struct DataFolderClaim: Sendable {
    let gate: LockFile
    let users: LockFile

    /// Opens (creating them) the two lock files for the data folder `dataDirectory`, whose parent
    /// folder must exist; takes no lock yet.
    init(dataDirectory: String) throws {
        self.gate = try LockFile(path: Self.gatePath(dataDirectory: dataDirectory))
        self.users = try LockFile(path: Self.usersPath(dataDirectory: dataDirectory))
    }

    /// `<P>/postgres.lock` for the data folder `<P>/postgres`.
    static func gatePath(dataDirectory: String) -> String { dataDirectory + ".lock" }

    /// `<P>/postgres.users` for the data folder `<P>/postgres`.
    static func usersPath(dataDirectory: String) -> String { dataDirectory + ".users" }
}
