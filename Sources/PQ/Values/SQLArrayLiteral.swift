/// A PostgreSQL array literal (`{"a","b",NULL}`) written element by element: each element
/// quoted, `"` and `\` escaped with a backslash, `NULL` for SQL NULL.
///
/// Built as UTF-8 bytes: `"` and `\` are single bytes that never occur inside a multi-byte
/// character, so escaping byte by byte is exact, and the runs between escapes are copied whole.
struct SQLArrayLiteral {
    private var bytes: [UInt8]

    /// An empty literal with room for about `capacity` elements.
    init(capacity: Int) {
        self.bytes = [UInt8(ascii: "{")]
        self.bytes.reserveCapacity(2 + capacity * 40)
    }

    /// Appends one element, `nil` as `NULL`.
    mutating func append(_ element: String?) {
        if self.bytes.count > 1 { self.bytes.append(UInt8(ascii: ",")) }
        guard var element else {
            self.bytes.append(contentsOf: "NULL".utf8)
            return
        }
        self.bytes.append(UInt8(ascii: "\""))
        element.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices where utf8[index] == UInt8(ascii: "\"") || utf8[index] == UInt8(ascii: "\\") {
                self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                self.bytes.append(UInt8(ascii: "\\"))
                // The escaped byte itself starts the next run.
                start = index
            }
            self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        self.bytes.append(UInt8(ascii: "\""))
    }

    /// The literal, closed.
    mutating func finished() -> String {
        self.bytes.append(UInt8(ascii: "}"))
        return String(decoding: self.bytes, as: UTF8.self)
    }
}
