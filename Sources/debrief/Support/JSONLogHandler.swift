import Foundation
import Logging

/// Writes one JSON object per log line to standard error, for log shippers.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    /// Adds the current trace and span ids (`trace_id`, `span_id`) when a request is traced.
    var metadataProvider: Logger.MetadataProvider?

    init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { self.metadata[key] }
        set { self.metadata[key] = newValue }
    }

    private static let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// One line per event, keys sorted. Written by hand rather than with `JSONEncoder`: every
    /// request logs a line, and an encoder per line was a measurable share of a submission's CPU
    /// (the profile in the README, "Where a submission's CPU goes"); the escaping is RFC 8259 §7.
    ///
    /// The fields are a list, not a dictionary: hashing each key into a dictionary (three times
    /// over, as each source was merged in) cost more than writing the line (issue 72,
    /// callgrind). A key given twice keeps its last value, as the dictionary's assignments did:
    /// the provider's, then the logger's, then the event's metadata, then the line's own fields.
    func log(event: LogEvent) {
        FileHandle.standardError.write(Data(self.line(for: event, at: Date())))
    }

    /// The line ``log(event:)`` writes for `event` at `date`, its newline included.
    func line(for event: LogEvent, at date: Date) -> [UInt8] {
        var fields: [(key: String, value: String)] = []
        fields.reserveCapacity(16)
        for (key, value) in self.metadataProvider?.get() ?? [:] { fields.append((key, value.description)) }
        for (key, value) in self.metadata { fields.append((key, value.description)) }
        for (key, value) in event.metadata ?? [:] { fields.append((key, value.description)) }
        fields.append(("ts", Self.timestamp.format(date)))
        fields.append(("level", event.level.rawValue))
        fields.append(("logger", self.label))
        fields.append(("msg", event.message.description))
        // By key, and for one key in the order given, so that its last value is the one written.
        let order = fields.indices.sorted { fields[$0].key != fields[$1].key ? fields[$0].key < fields[$1].key : $0 < $1 }
        var line: [UInt8] = [UInt8(ascii: "{")]
        line.reserveCapacity(256)
        for (position, index) in order.enumerated() {
            if position + 1 < order.count, fields[order[position + 1]].key == fields[index].key { continue }
            if line.count > 1 { line.append(UInt8(ascii: ",")) }
            Self.appendJSONString(fields[index].key, to: &line)
            line.append(UInt8(ascii: ":"))
            Self.appendJSONString(fields[index].value, to: &line)
        }
        line.append(contentsOf: "}\n".utf8)
        return line
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; everything
    /// else (slashes and non-ASCII included) as UTF-8.
    static func appendJSONString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
        // Almost every key and value needs no escape: copied whole rather than byte by byte.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            line.append(contentsOf: text.utf8)
            line.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): line.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): line.append(contentsOf: "\\\\".utf8)
            case 0x0A: line.append(contentsOf: "\\n".utf8)
            case 0x0D: line.append(contentsOf: "\\r".utf8)
            case 0x09: line.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                line.append(contentsOf: "\\u00".utf8)
                line.append(hex[Int(byte >> 4)])
                line.append(hex[Int(byte & 0x0F)])
            default: line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\""))
    }
}
