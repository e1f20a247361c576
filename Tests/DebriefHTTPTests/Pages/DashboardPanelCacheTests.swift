import Foundation
import Testing

@testable import DebriefWeb

/// ``DashboardPanelCache``: one render per report, language and zone, however many fetches; a new
/// report renders again; the table stays bounded.
@Suite("Pages: the dashboard's kept panels")
struct DashboardPanelCacheTests {
    @Test func aPanelIsRenderedOncePerReportLanguageAndZone() {
        let cache = DashboardPanelCache()
        let meeting = UUID()
        let english = DashboardPanelCache.Key(meeting: meeting, language: .en, zone: nil)
        for _ in 0..<5 { #expect(cache.html(english, etag: "\"r1\"") { "en r1" } == "en r1") }
        #expect(cache.renderCount == 1, "five fetches of one report, one render")
        let korean = DashboardPanelCache.Key(meeting: meeting, language: .ko, zone: nil)
        let berlin = DashboardPanelCache.Key(meeting: meeting, language: .en, zone: "Europe/Berlin")
        #expect(cache.html(korean, etag: "\"r1\"") { "ko r1" } == "ko r1")
        #expect(cache.html(berlin, etag: "\"r1\"") { "en Berlin r1" } == "en Berlin r1")
        #expect(cache.html(english, etag: "\"r2\"") { "en r2" } == "en r2", "a new report is rendered, not the kept one served")
        #expect(cache.html(english, etag: "\"r2\"") { "never" } == "en r2")
        #expect(cache.renderCount == 4 && cache.count == 3)
    }

    @Test func theTableStaysBounded() {
        let cache = DashboardPanelCache(capacity: 8)
        for _ in 0..<100 {
            _ = cache.html(.init(meeting: UUID(), language: .en, zone: nil), etag: "\"r\"") { "panel" }
            #expect(cache.count <= 8)
        }
    }

    @Test func aFailedRenderKeepsNothing() {
        struct Failed: Error {}
        let cache = DashboardPanelCache()
        let key = DashboardPanelCache.Key(meeting: UUID(), language: .en, zone: nil)
        #expect(throws: Failed.self) { try cache.html(key, etag: "\"r1\"") { throw Failed() } }
        #expect(cache.count == 0 && cache.html(key, etag: "\"r1\"") { "rendered" } == "rendered")
    }
}
