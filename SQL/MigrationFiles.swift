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

/// The migrations built into this binary, in order: every `.sql` file of `SQL/`, found and embedded
/// at build time by the EmbedMigrations plugin (`Plugins/`), so a new file needs no list.
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
        var files: [MigrationFile] = []
        for (name, sql) in embeddedMigrations {
            let digits = name.prefix { $0.isASCII && $0.isNumber }
            guard digits.count == 4, let version = Int(digits), name.dropFirst(4).hasPrefix("_") else {
                throw LoadError.badName(name)
            }
            files.append(MigrationFile(version: version, name: name, sql: sql))
        }
        files.sort { $0.version < $1.version }
        for (previous, next) in zip(files, files.dropFirst()) where previous.version == next.version {
            throw LoadError.duplicateVersion(next.version)
        }
        return files
    }
}
