@testable import DebriefStore
import Foundation
import Testing

@Suite("Time-ordered response ids")
struct TimeOrderedIDTests {
    @Test func idsAreVersion7AndSortByTimeAsPostgreSQLCompares() {
        let start = Date(timeIntervalSince1970: 1_900_000_000)
        // Two milliseconds apart (within one millisecond the order is random, as in RFC 9562).
        let ids = (0..<200).map { UUID.timeOrdered(at: Date(timeIntervalSince1970: Double(1_900_000_000_000 + 2 * $0) / 1000)) }
        for id in ids {
            let text = id.uuidString
            #expect(Array(text)[14] == "7", "version nibble of \(text)")
            #expect("89AB".contains(Array(text)[19]), "variant of \(text)")
        }
        // PostgreSQL orders uuids bytewise, as the upper-case hex strings sort.
        let texts = ids.map(\.uuidString)
        #expect(texts == texts.sorted(), "not in time order")
        #expect(Set(ids).count == ids.count)
        // The first 48 bits are the milliseconds.
        // The first 48 bits are the milliseconds: 1,900,000,000,000 = 0x01BA60D33800.
        #expect(UUID.timeOrdered(at: start).uuidString.hasPrefix("01BA60D3-3800-7"))
    }
}
