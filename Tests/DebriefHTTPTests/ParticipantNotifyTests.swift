@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Testing

/// Counts the `debrief_results` notifications a listener hears, by payload.
actor HeardNotifications {
    private(set) var payloads: [String] = []
    func add(_ payload: String) { self.payloads.append(payload) }
}

@Suite("Participants: live results notifications")
struct ParticipantNotifyTests {
    /// Listens on `debrief_results` while `body` runs; returns what was heard.
    static func listening(
        _ database: Database, _ body: @Sendable (HeardNotifications) async throws -> Void
    ) async throws -> [String] {
        let heard = HeardNotifications()
        let sequence = try database.notifications(channels: [ParticipantEvents.channel])
        let listener = Task {
            for try await event in sequence {
                if case .notification(let notification) = event { await heard.add(notification.payload) }
            }
        }
        defer { listener.cancel() }
        try await body(heard)
        return await heard.payloads
    }

    /// Submits (and checks in) until the listener, which connects asynchronously, hears one.
    static func submitUntilHeard(_ api: ParticipantAPI, _ code: String, _ heard: HeardNotifications) async throws {
        for _ in 0..<50 {
            if await !heard.payloads.isEmpty { return }
            #expect(try await api.submit(code, ["answers": ParticipantAPI.answers()]).status == .created)
            _ = try await api.checkIn(code)
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test(arguments: [ResultsNotifier.Mode.inTransaction, .coalesced(.milliseconds(20))])
    func writesAnnounceTheirMeeting(mode: ResultsNotifier.Mode) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = mode
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let form = try await api.publish()
            let payloads = try await Self.listening(database) { heard in
                try await Self.submitUntilHeard(api, form.code, heard)
            }
            #expect(!payloads.isEmpty)
            #expect(Set(payloads) == [form.meetingID.lowercased()])
        }
    }

    /// A host's change (here closing and reopening the form) has no writing statement of a
    /// participant to notify in: it is announced after its commit in either mode, so the live
    /// viewers on other instances hear it too.
    @Test(arguments: [ResultsNotifier.Mode.inTransaction, .coalesced(.milliseconds(20))])
    func aHostsChangeAnnouncesItsMeeting(mode: ResultsNotifier.Mode) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = mode
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let form = try await api.publish()
            let payloads = try await Self.listening(database) { heard in
                for _ in 0..<25 where await heard.payloads.isEmpty {
                    #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
                    #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/reopen", token: form.hostToken).status == .ok)
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(!payloads.isEmpty, "no notification for the host's change")
            #expect(Set(payloads) == [form.meetingID.lowercased()])
        }
    }

    /// Counted against the burst's own length, so nothing here is a bound on the machine's speed:
    /// the notifier sleeps its interval between two notifications, and a busy machine can only make
    /// that sleep longer, never shorter. The waits are for events (the first notification, the
    /// burst's last), bounded only to end a broken run.
    @Test func coalescingSendsFewNotificationsForABurst() async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = .coalesced(.milliseconds(300))
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let form = try await api.publish()
            let body = try ParticipantAPI.text(["answers": ParticipantAPI.answers()])
            let payloads = try await Self.listening(database) { heard in
                try await Self.submitUntilHeard(api, form.code, heard)
                try await Task.sleep(for: .milliseconds(700))
                let before = await heard.payloads.count
                let started = ContinuousClock.now
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<40 { group.addTask { _ = try await api.submit(form.code, raw: body) } }
                    try await group.waitForAll()
                }
                let elapsed = (ContinuousClock.now - started) / .seconds(1)
                // The burst's last write is announced at most one interval after it: waited for.
                let deadline = ContinuousClock.now + .seconds(60)
                while await heard.payloads.count == before, ContinuousClock.now < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                // Notifications start at least 300 ms apart: while the burst lasted at most one per
                // 300 ms and one under way when it began, then the one for its last writes, and one
                // the warm-up's writes may still have had on its way when the count was taken.
                let burst = await heard.payloads.count - before
                #expect(burst >= 1 && burst <= Int(elapsed / 0.3) + 3, "\(burst) notifications for 40 submissions in \(elapsed) s")
            }
            #expect(Set(payloads) == [form.meetingID.lowercased()])
        }
    }
}
