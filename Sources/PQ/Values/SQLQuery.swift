/// A SQL statement whose interpolated values become bound parameters.
///
/// `"SELECT * FROM meetings WHERE id = \(id)"` is sent as `... WHERE id = $1` with `id` bound
/// separately, so a value can never change the statement. Raw SQL text that did not come from a
/// literal must go through the loudly named ``init(unsafeSQL:)``.
public struct SQLQuery: Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    enum Fragment: Sendable {
        case text(String)
        case bind(any SQLEncodable)
    }

    private(set) var fragments: [Fragment]

    public init(stringLiteral value: String) {
        self.fragments = [.text(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        self.fragments = stringInterpolation.fragments
    }

    /// SQL text used verbatim. Only for text the program itself owns (migration files, identifiers
    /// it validated); never for anything a user typed.
    public init(unsafeSQL: String) {
        self.fragments = [.text(unsafeSQL)]
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var fragments: [Fragment] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            self.fragments.reserveCapacity(interpolationCount * 2 + 1)
        }

        public mutating func appendLiteral(_ literal: String) {
            self.fragments.append(.text(literal))
        }

        /// Binds `value` as the next parameter.
        public mutating func appendInterpolation<Value: SQLEncodable>(_ value: Value) {
            self.fragments.append(.bind(value))
        }

        /// Binds `value` as the next parameter, `nil` as SQL NULL.
        ///
        /// The generic overload above takes an optional too (`Optional` is `SQLEncodable`), but
        /// the compiler does not see that conformance when it checks interpolations and warns
        /// that the optional is printed as a debug description. Naming `Optional` here makes the
        /// intent explicit and the binding the same: `Optional.sqlText()` sends NULL for `nil`.
        public mutating func appendInterpolation<Value: SQLEncodable>(_ value: Value?) {
            self.fragments.append(.bind(value))
        }

        /// Splices another query in, keeping its parameters bound (for optional filter clauses).
        public mutating func appendInterpolation(_ query: SQLQuery) {
            self.fragments.append(contentsOf: query.fragments)
        }
    }

    /// Appends another query (with its parameters) to this one.
    public static func + (lhs: SQLQuery, rhs: SQLQuery) -> SQLQuery {
        var result = lhs
        result.fragments.append(contentsOf: rhs.fragments)
        return result
    }

    /// The statement text, with `placeholder(n)` (1-based) where each parameter goes.
    ///
    /// Built as UTF-8 bytes and made a `String` once: a submission's batch statement has some
    /// 250 fragments, and appending each to a `String` (with a formatted `$n` per parameter) was
    /// about 80,000 instructions a statement (issue 72, callgrind).
    func render(placeholder: (Int, inout [UInt8]) -> Void) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(self.fragments.count * 24)
        var index = 0
        for fragment in self.fragments {
            switch fragment {
            case .text(let sql):
                text.append(contentsOf: sql.utf8)
            case .bind:
                index += 1
                placeholder(index, &text)
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The statement text with `$1`, `$2`, ... placeholders.
    public var sql: String {
        self.render { index, text in
            text.append(UInt8(ascii: "$"))
            text.append(contentsOf: String(index).utf8)
        }
    }

    /// The bound values in text format, `nil` for SQL NULL. Throws for values that cannot be sent.
    func encodedParameters() throws -> [String?] {
        var parameters: [String?] = []
        parameters.reserveCapacity(self.fragments.count / 2)
        for case .bind(let value) in self.fragments {
            parameters.append(try value.sqlText())
        }
        return parameters
    }

    /// The statement text only; parameter values are never printed.
    public var description: String { self.sql }
}
