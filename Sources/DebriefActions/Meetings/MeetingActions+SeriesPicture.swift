import Debrief
import DebriefStore
import Foundation

extension MeetingActions {
    /// The picture of the series of `meeting`, which the caller already found visible to its
    /// viewer (``MeetingStore/seriesPicture(of:)``); nil when the series has none.
    public func seriesPicture(of meeting: Meeting) async throws -> PictureReference? {
        try await self.meetings.seriesPicture(of: meeting)
    }
}
