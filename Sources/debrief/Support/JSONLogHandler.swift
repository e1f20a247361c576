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
    func log(event: LogEvent) {
        var fields: [String: String] = [:]
        let provided = self.metadataProvider?.get() ?? [:]
        for (key, value) in provided { fields[key] = value.description }
        for (key, value) in self.metadata { fields[key] = value.description }
        for (key, value) in event.metadata ?? [:] { fields[key] = value.description }
        fields["ts"] = Self.timestamp.format(Date())
        fields["level"] = event.level.rawValue
        fields["logger"] = self.label
        fields["msg"] = event.message.description
        var line: [UInt8] = [UInt8(ascii: "{")]
        line.reserveCapacity(256)
        for (index, key) in fields.keys.sorted().enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            Self.appendJSONString(key, to: &line)
            line.append(UInt8(ascii: ":"))
            Self.appendJSONString(fields[key] ?? "", to: &line)
        }
        line.append(contentsOf: "}\n".utf8)
        FileHandle.standardError.write(Data(line))
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped; everything
    /// else (slashes and non-ASCII included) as UTF-8.
    static func appendJSONString(_ text: String, to line: inout [UInt8]) {
        line.append(UInt8(ascii: "\""))
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
