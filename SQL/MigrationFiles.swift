import Foundation

/// One numbered SQL file from `SQL/`, shipped inside the binary.
public struct MigrationFile: Sendable, Equatable {
    /// The number the file name starts with (`0003_responses.sql` → 3).
    public var version: Int
    /// The file name, e.g. `0003_responses.sql`.
    public var name: String
    /// The file's text.
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }
}

/// The migrations bundled with this build, in order.
public enum MigrationFiles {
    public enum LoadError: Error, CustomStringConvertible {
        case badName(String)
        case duplicateVersion(Int)

        public var description: String {
            switch self {
            case .badName(let name): return "migration file \(name) must be named NNNN_description.sql"
            case .duplicateVersion(let version): return "two migration files have version \(version)"
            }
        }
    }

    public static func all() throws -> [MigrationFile] {
        guard let folder = Bundle.module.resourceURL else { return [] }
        let urls = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
        var files: [MigrationFile] = []
        for url in urls {
            let name = url.lastPathComponent
            let digits = name.prefix { $0.isASCII && $0.isNumber }
            guard digits.count == 4, let version = Int(digits), name.dropFirst(4).hasPrefix("_") else {
                throw LoadError.badName(name)
            }
            files.append(MigrationFile(version: version, name: name, sql: try String(contentsOf: url, encoding: .utf8)))
        }
        files.sort { $0.version < $1.version }
        for (previous, next) in zip(files, files.dropFirst()) where previous.version == next.version {
            throw LoadError.duplicateVersion(next.version)
        }
        return files
    }
}
