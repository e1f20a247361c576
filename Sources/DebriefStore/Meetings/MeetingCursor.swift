import Foundation

/// An opaque position in a newest-first list of meetings: the last item's start time and id.
struct MeetingCursor: Codable, Equatable {
    var startsAt: Date
    var id: UUID

    var encoded: String {
        let text = "\(self.startsAt.timeIntervalSince1970)|\(self.id.uuidString)"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Nil for anything that was not made by `encoded`.
    init?(encoded: String) {
        var base64 = encoded.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard encoded.count <= 200, let data = Data(base64Encoded: base64),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = text.split(separator: "|")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = UUID(uuidString: String(parts[1]))
        else { return nil }
        self.startsAt = Date(timeIntervalSince1970: seconds)
        self.id = id
    }

    init(startsAt: Date, id: UUID) {
        self.startsAt = startsAt
        self.id = id
    }
}
