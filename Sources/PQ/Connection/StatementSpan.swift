import Tracing

/// A client span around one database statement, named by the code that runs it — the store's
/// type and method, such as `ResultTallies.foldMeasured()`, taken from the caller's `#fileID` and
/// `#function` — never by the SQL text or its values.
enum StatementSpan {
    static func run<Value>(
        _ kind: String, function: String, fileID: String, _ body: () async throws -> Value
    ) async throws -> Value {
        try await withSpan(self.name(kind, function: function, fileID: fileID), ofKind: .client) { span in
            span.attributes["db.system.name"] = "postgresql"
            return try await body()
        }
    }

    /// `DebriefStore/ResultTallies.swift` and `fold()` with kind `query` → `query ResultTallies.fold()`.
    static func name(_ kind: String, function: String, fileID: String) -> String {
        let file = fileID.split(separator: "/").last.map { $0.hasSuffix(".swift") ? $0.dropLast(6) : $0 } ?? Substring(fileID)
        return "\(kind) \(file).\(function)"
    }
}
