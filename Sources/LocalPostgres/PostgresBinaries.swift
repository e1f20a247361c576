import Foundation

/// The PostgreSQL programs the cluster uses.
struct PostgresBinaries: Sendable, Equatable {
    var directory: String
    var initdb: String
    var pgCtl: String
    var psql: String
    var createdb: String

    static let libraryRoot = "/usr/lib/postgresql"

    /// Finds initdb and pg_ctl (which starts the `postgres` next to it), in this order:
    /// 1. `<libraryRoot>/<preferredMajorVersion>/bin`, so an existing data folder keeps its version;
    /// 2. the first directory on `PATH` holding both;
    /// 3. the highest version under `<libraryRoot>/*/bin` (Debian/Ubuntu keep them off PATH).
    /// psql and createdb come from the same directory, else from `PATH`.
    /// `path` is the caller's `$PATH` (this module does not read the environment itself).
    static func locate(
        path: String?,
        libraryRoot: String = libraryRoot,
        preferredMajorVersion: String? = nil
    ) throws -> PostgresBinaries {
        let fileManager = FileManager.default
        func hasServer(_ directory: String) -> Bool {
            fileManager.isExecutableFile(atPath: directory + "/initdb")
                && fileManager.isExecutableFile(atPath: directory + "/pg_ctl")
        }
        let pathDirectories = (path ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let versioned = versionDirectories(under: libraryRoot)

        var candidates: [String] = []
        if let preferred = preferredMajorVersion?.trimmingCharacters(in: .whitespacesAndNewlines), !preferred.isEmpty {
            candidates.append("\(libraryRoot)/\(preferred)/bin")
        }
        candidates += pathDirectories
        candidates += versioned.map { "\(libraryRoot)/\($0)/bin" }

        guard let directory = candidates.first(where: hasServer) else {
            let searched = (pathDirectories + ["\(libraryRoot)/*/bin"]).joined(separator: ", ")
            throw LocalPostgresError(
                .binariesNotFound,
                "PostgreSQL server binaries not found; install them with `sudo apt-get install postgresql` (Debian/Ubuntu). "
                    + "Looked for initdb and pg_ctl in: \(searched). Alternatively pass a database URL."
            )
        }
        func client(_ name: String) -> String? {
            ([directory] + pathDirectories).map { "\($0)/\(name)" }.first { fileManager.isExecutableFile(atPath: $0) }
        }
        guard let psql = client("psql"), let createdb = client("createdb") else {
            throw LocalPostgresError(
                .binariesNotFound,
                "PostgreSQL client programs psql and createdb not found in \(directory) or on PATH; "
                    + "install them with `sudo apt-get install postgresql-client` (Debian/Ubuntu)."
            )
        }
        return PostgresBinaries(
            directory: directory,
            initdb: directory + "/initdb",
            pgCtl: directory + "/pg_ctl",
            psql: psql,
            createdb: createdb
        )
    }

    /// Version folder names under `root` (e.g. "9.6", "15", "16"), highest first.
    static func versionDirectories(under root: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        func key(_ name: String) -> [Int]? {
            let parts = name.split(separator: ".").map { Int($0) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.map { $0! }
        }
        return names.compactMap { name in key(name).map { (name, $0) } }
            .sorted { $0.1.lexicographicallyPrecedes($1.1) }
            .reversed()
            .map(\.0)
    }
}
