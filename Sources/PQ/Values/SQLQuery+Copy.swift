extension SQLQuery {
    /// The `SELECT` exactly as ``Connection/copyOut(_:format:chunkBytes:_:)`` runs it inside
    /// `COPY (…) TO STDOUT` — parameter `n` read back as `current_setting('pq.copy_n')` — and the
    /// values it sets first, in text format. For replaying an export's statement in another
    /// client (the benchmark compares it with psql's `\copy`); never needed to run a query.
    public func copyStatement() throws -> (select: String, settings: [String]) {
        let parameters = try self.encodedParameters()
        let settings = try parameters.map { value -> String in
            guard let value else { throw PQError(.invalidParameter, "COPY parameters cannot be NULL") }
            return value
        }
        return (self.render(placeholder: Self.copySetting), settings)
    }

    /// Parameter `n` inside `COPY (…)`, which takes none: `current_setting('pq.copy_n')`.
    static func copySetting(_ index: Int, _ text: inout [UInt8]) {
        text.append(contentsOf: "current_setting('pq.copy_\(index)')".utf8)
    }
}
