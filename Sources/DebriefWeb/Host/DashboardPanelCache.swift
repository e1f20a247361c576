import Debrief
import Foundation
import Synchronization

/// The dashboard's live panel as last rendered for each meeting, language and time zone, kept
/// with the shared report it shows (its `ETag`), so the dashboards watching one busy meeting cost
/// one render per change, not one per fetch.
///
/// Why: each live event makes every open dashboard fetch its panel, and a render (charts as SVG,
/// the tables, the template) took about 4 ms of CPU against 0.1 ms for the report's JSON (issue
/// 37, measured with wrk on `/m/ID/panel`). The panel shows the report and nothing of the viewer
/// beyond the language and the zone its times are in, which are in the key; who may see it is
/// checked on every request before the cache is asked. A filtered panel (flagged responses left
/// out) is computed per request and never kept.
final class DashboardPanelCache: Sendable {
    struct Key: Hashable {
        let meeting: UUID
        let language: Language
        /// The signed-in host's zone (``DateText/hostZoneName``): a panel names a time's zone
        /// unless it is this one.
        let zone: String?
        /// The series' zone (``Meeting/seriesTimeZone``): the panel's times are in it (decision 86).
        var seriesZone: String? = nil
    }

    /// At most this many panels are kept; beyond, the table starts again from empty (a panel is
    /// a few tens of kilobytes, and a render costs milliseconds: nothing to keep carefully).
    let capacity: Int
    private let entries = Mutex<[Key: (etag: String, html: String)]>([:])
    private let renders = Mutex(0)

    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The panel of `key` for the report whose `ETag` is `etag`: the one kept, or `render`'s,
    /// which is kept in its place.
    func html(_ key: Key, etag: String, render: () throws -> String) rethrows -> String {
        if let kept = self.entries.withLock({ $0[key] }), kept.etag == etag { return kept.html }
        let html = try render()
        self.renders.withLock { $0 += 1 }
        self.entries.withLock { entries in
            if entries[key] == nil, entries.count >= self.capacity { entries.removeAll() }
            entries[key] = (etag, html)
        }
        return html
    }

    /// Panels rendered so far (for tests).
    var renderCount: Int { self.renders.withLock { $0 } }
    /// Panels kept now (for tests).
    var count: Int { self.entries.withLock { $0.count } }
}
