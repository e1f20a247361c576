/// Reads back the CSV the export's `COPY … (FORMAT csv)` writes (RFC 4180: `"` quotes, `""`
/// inside quotes, line breaks inside quoted cells), chunk by chunk, so the .xlsx sheets are filled
/// from the very rows the CSV layouts produce without holding a whole file.
///
/// Only the comma delimiter is read: the .xlsx export always asks COPY for commas.
struct CSVRowReader {
    private var cell: [UInt8] = []
    private var row: [String] = []
    private var quoted = false
    /// A `"` seen inside a quoted cell: either the end of the quotes or the first of `""`.
    private var quoteInQuotes = false
    /// A `\r` seen outside quotes: the row ends, and a following `\n` belongs to it.
    private var afterCarriageReturn = false

    /// Feeds one chunk; calls `emit` for each complete row.
    mutating func feed(_ bytes: [UInt8], _ emit: ([String]) throws -> Void) rethrows {
        for byte in bytes {
            if self.afterCarriageReturn {
                self.afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            if self.quoted {
                if self.quoteInQuotes {
                    self.quoteInQuotes = false
                    if byte == UInt8(ascii: "\"") {
                        self.cell.append(byte)
                        continue
                    }
                    self.quoted = false
                    // Falls through: the byte after the closing quote is read unquoted.
                } else if byte == UInt8(ascii: "\"") {
                    self.quoteInQuotes = true
                    continue
                } else {
                    self.cell.append(byte)
                    continue
                }
            }
            switch byte {
            case UInt8(ascii: "\""):
                self.quoted = true
            case UInt8(ascii: ","):
                self.endCell()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                self.afterCarriageReturn = byte == UInt8(ascii: "\r")
                self.endCell()
                try emit(self.row)
                self.row = []
            default:
                self.cell.append(byte)
            }
        }
    }

    /// Ends the input: a last row without a line break is emitted.
    mutating func finish(_ emit: ([String]) throws -> Void) rethrows {
        if self.quoteInQuotes { self.quoted = false }
        guard !self.cell.isEmpty || !self.row.isEmpty else { return }
        self.endCell()
        try emit(self.row)
        self.row = []
    }

    private mutating func endCell() {
        self.row.append(String(decoding: self.cell, as: UTF8.self))
        self.cell.removeAll(keepingCapacity: true)
    }
}
