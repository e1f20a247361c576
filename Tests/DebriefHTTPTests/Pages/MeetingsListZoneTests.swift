@testable import DebriefApp
import Debrief
import Foundation
import Testing

/// Issue 68, goal 8 (decision 86): the host's home page (`/m`) listed each session's time in the
/// host's own zone, bare, where every other host page reads it in the series' zone, named. A
/// Seoul series' session reads Seoul time there too, for a host whose own zone is UTC.
@Suite("Host pages: the meetings list reads each series' zone")
struct MeetingsListZoneTests {
    @Test(arguments: [("en", "<td>4 Mar 2031 at 16:00 (Asia/Seoul)</td>", "<td>4 Mar 2031 at 07:00</td>"),
                      ("ko", "<td>2031. 3. 4. 오후 4:00 (Asia/Seoul)</td>", "<td>2031. 3. 4. 오전 7:00</td>")])
    func aSeoulSessionReadsSeoulTimeNamed(_ language: String, _ seoul: String, _ utc: String) async throws {
        try await ParticipantAPI.run { api, _ in
            let (_, owner) = try await HostTimesInSeriesZoneTests.seoul(api)
            let home = try await api.page("/m", language: language, cookie: owner.cookie)
            #expect(home.status == .ok, "\(home.status)")
            #expect(home.text.contains(seoul), "the session's row: \(home.text.prefix(6000))")
            #expect(!home.text.contains(utc), "not the host's UTC")
            // A search lists the series without the nearest meeting's block: the row alone says it.
            let found = try await api.page("/m?q=Weekly", language: language, cookie: owner.cookie)
            #expect(found.text.contains(seoul), "\(found.text.prefix(6000))")
        }
    }
}
