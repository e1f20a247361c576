import Debrief
import Foundation
import PQ

extension MeetingStore {
    /// The picture of `meeting`'s series (decision 92), for a page that already found the meeting
    /// visible to its viewer (the presenter's): what it may show, it may illustrate. Nil when none.
    public func seriesPicture(of meeting: Meeting) async throws -> PictureReference? {
        let series: SQLQuery = "\(meeting.seriesID)"
        guard let row = try await self.database.query("SELECT " + SeriesPictureStore.referenceColumn(series: series)).first else {
            return nil
        }
        return try SeriesPictureStore.reference(row)
    }
}
