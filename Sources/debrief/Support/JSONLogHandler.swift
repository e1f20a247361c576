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

    func log(event: LogEvent) {
        var fields: [String: String] = [
            "ts": Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(Date()),
            "level": event.level.rawValue,
            "logger": self.label,
            "msg": event.message.description,
        ]
        let provided = self.metadataProvider?.get() ?? [:]
        let merged = provided.merging(self.metadata, uniquingKeysWith: { $1 }).merging(event.metadata ?? [:], uniquingKeysWith: { $1 })
        for (key, value) in merged {
            fields[key] = value.description
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var line = try? encoder.encode(fields) else { return }
        line.append(0x0A)
        FileHandle.standardError.write(line)
    }
}
