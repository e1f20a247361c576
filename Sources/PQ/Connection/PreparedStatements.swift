/// The statements prepared on one connection, each found again by its query's fragments: its
/// text pieces compared one by one, and where each parameter goes.
///
/// Not by the statement's text: that meant writing the whole text again and hashing it for every
/// run, about 40,000 instructions for a submission batch's statement of a few kilobytes (issue
/// 72, callgrind). A piece from a string literal is the same string each time, and comparing it
/// with itself is one comparison of the string's two words, so a known statement is found without
/// reading its text. Two queries whose pieces are equal write equal texts, so two different
/// texts never share a prepared name; equal texts cut into other pieces are only prepared twice.
struct PreparedStatements {
    struct Statement {
        /// The server-side name, `pq_1`, `pq_2`, … in the order they were prepared.
        let name: String
        /// The text it was prepared with (for errors).
        let sql: String
        /// The query's text pieces, `nil` where a parameter goes.
        let pieces: [String?]
    }

    private(set) var statements: [Statement] = []
    /// How many names were handed out: a name is never used twice on a connection, even when
    /// its preparation failed in a pipeline and another statement took the next one.
    private var named = 0

    var count: Int { self.statements.count }

    /// The statement prepared for `query`'s text, if there is one.
    func find(_ query: SQLQuery) -> Statement? {
        self.statements.first { $0.pieces.count == query.fragments.count && query.hasPieces($0.pieces) }
    }

    /// Records that `query`, whose text is `sql`, is prepared under the next name, and returns it.
    mutating func add(_ query: SQLQuery, sql: String) -> Statement {
        self.named += 1
        let statement = Statement(name: "pq_\(self.named)", sql: sql, pieces: query.pieces)
        self.statements.append(statement)
        return statement
    }

    /// Forgets the statement named `name`: its preparation did not happen (a pipeline that
    /// failed before it) or failed.
    mutating func remove(named name: String) {
        self.statements.removeAll { $0.name == name }
    }
}

extension SQLQuery {
    /// The text pieces, `nil` where a parameter goes.
    var pieces: [String?] {
        self.fragments.map { fragment in
            switch fragment {
            case .text(let text): return text
            case .bind: return nil
            }
        }
    }

    /// Whether the text pieces are `pieces`, and the parameters go where theirs do.
    func hasPieces(_ pieces: [String?]) -> Bool {
        guard pieces.count == self.fragments.count else { return false }
        for (fragment, piece) in zip(self.fragments, pieces) {
            switch fragment {
            case .bind:
                guard piece == nil else { return false }
            case .text(let text):
                // Lengths first: they are stored, so a different piece is usually passed over there.
                guard let piece, piece.utf8.count == text.utf8.count, piece == text else { return false }
            }
        }
        return true
    }
}
