/// Counts the rows of a CSV file as its chunks go by, for `debrief export`'s progress: the rows
/// leave one `COPY` at a time, and the store counts them only once a `COPY` has ended.
///
/// A row ends at a line feed outside quotes. Inside a quoted field a line feed is text (a
/// free-text answer of several lines); a quote toggles the state, and a doubled quote (`""`, an
/// escaped one) toggles it twice, so the state is right across chunk boundaries too.
struct CSVRowCounter {
    private(set) var lineEnds = 0
    private var quoted = false

    /// The data rows so far: the line ends less the header row.
    var rows: Int { max(0, self.lineEnds - 1) }

    mutating func count(_ chunk: [UInt8]) {
        var lineEnds = self.lineEnds
        var quoted = self.quoted
        chunk.withUnsafeBufferPointer { bytes in
            for byte in bytes {
                if byte == UInt8(ascii: "\"") {
                    quoted.toggle()
                } else if byte == UInt8(ascii: "\n"), !quoted {
                    lineEnds += 1
                }
            }
        }
        self.lineEnds = lineEnds
        self.quoted = quoted
    }
}
