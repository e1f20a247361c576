import Configuration
import Foundation

/// Collects the keys whose value a provider had but could not convert: `ConfigReader`'s
/// non-throwing reads report those here (and return nil), so a bad value is an error naming
/// its setting instead of a silent default.
final class SettingProblems: AccessReporter, @unchecked Sendable {
    private let lock = NSLock()
    private var keys: Set<String> = []

    func report(_ event: AccessEvent) {
        let failed = event.conversionError != nil || event.providerResults.contains { if case .failure = $0.result { true } else { false } }
        guard failed else { return }
        let key = event.metadata.key.components.joined(separator: ".")
        self.lock.withLock { _ = self.keys.insert(key) }
    }

    /// Whether `key` had a problem (forgetting it).
    func take(_ key: String) -> Bool {
        self.lock.withLock { self.keys.remove(key) != nil }
    }
}
