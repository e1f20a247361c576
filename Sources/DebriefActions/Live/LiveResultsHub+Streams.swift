import Foundation

/// Giving events to a channel's streams, and forgetting a stream: a viewer behind for the grace is
/// ended (`too_slow`), and with a channel's last stream goes everything kept for it.
extension LiveResultsHub {
    /// Gives `event` to every stream of `channel`; a stream behind for longer than the grace is ended.
    func broadcast(_ event: LiveEvent, to channel: Channel) {
        guard var watchers = self.subscribers[channel] else { return }
        let now = self.clock.now
        var slow: [Int] = []
        for (id, watcher) in watchers {
            switch watcher.continuation.yield(event) {
            case .enqueued:
                if watcher.behindSince != nil { watchers[id]?.behindSince = nil }
            case .dropped:
                // Its buffer was full: it has not taken the last two events.
                let since = watcher.behindSince ?? now
                watchers[id]?.behindSince = since
                if now - since >= self.slowViewerGrace { slow.append(id) }
            case .terminated:
                break
            @unknown default:
                break
            }
        }
        self.resultsSent.increment(by: watchers.count)
        self.subscribers[channel] = watchers
        for id in slow {
            guard let watcher = self.remove(channel, id) else { continue }
            watcher.continuation.yield(.end(reason: "too_slow"))
            watcher.continuation.finish()
            self.slowDropped.increment()
        }
    }

    /// Ends every stream of `channel` with `reason`.
    func end(_ channel: Channel, reason: String) {
        for id in Array((self.subscribers[channel] ?? [:]).keys) {
            guard let watcher = self.remove(channel, id) else { continue }
            watcher.continuation.yield(.end(reason: reason))
            watcher.continuation.finish()
        }
    }

    func unsubscribe(_ channel: Channel, _ id: Int) {
        _ = self.remove(channel, id)
    }

    /// Forgets one stream, and with the last of a channel everything kept for it.
    func remove(_ channel: Channel, _ id: Int) -> Subscriber? {
        guard let watcher = self.subscribers[channel]?.removeValue(forKey: id) else { return nil }
        self.streamCount -= 1
        if self.subscribers[channel]?.isEmpty == true {
            self.subscribers[channel] = nil
            self.latest[channel] = nil
            // A recomputation deferred for it is not due any more.
            if self.deferred.remove(channel) != nil { self.scheduled.remove(channel) }
            // The pacing's time goes with the last channel that keeps it.
            if !self.subscribers.keys.contains(where: { $0.pacing == channel.pacing }) {
                self.lastFlush[channel.pacing] = nil
                self.accounts[channel.pacing] = nil
            }
        }
        if self.subscribers.isEmpty {
            self.subscribers = [:]
            self.lastFlush = [:]
            self.accounts = [:]
            self.latest = [:]
        }
        return watcher
    }
}
