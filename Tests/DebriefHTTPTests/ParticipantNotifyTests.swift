@testable import DebriefActions
@testable import DebriefApp
@testable import DebriefHTTP
@testable import DebriefWeb
@testable import DebriefStore
import DebriefTestSupport
import Foundation
import PQ
import Prometheus
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

    @Test(arguments: [ResultsNotifier.Mode.inTransaction, .coalesced(.milliseconds(20))])
    func writesAnnounceTheirMeeting(mode: ResultsNotifier.Mode) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = mode
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let form = try await api.publish()
            let meeting = form.meetingID.lowercased()
            let payloads = try await Self.listening(database) { heard in
                try await Self.mark("ready", database, heard)
                #expect(try await api.submit(form.code, ["answers": ParticipantAPI.answers()]).status == .created)
                try await Self.waitUntil(heard) { $0.contains(meeting) }
                try await Self.mark("submitted", database, heard)
                _ = try await api.checkIn(form.code)
                try await Self.waitUntil(heard) { $0.filter { $0 == meeting }.count >= 2 }
            }
            #expect(Set(payloads) == [meeting, "ready", "submitted"])
        }
    }

    /// A host's change (here closing the form) has no writing statement of a participant to notify
    /// in: it is announced after its commit in either mode, so the live viewers on other instances
    /// hear it too.
    @Test(arguments: [ResultsNotifier.Mode.inTransaction, .coalesced(.milliseconds(20))])
    func aHostsChangeAnnouncesItsMeeting(mode: ResultsNotifier.Mode) async throws {
        var configuration = ParticipantAPI.configuration()
        configuration.resultsNotification = mode
        try await ParticipantAPI.run(configuration: configuration) { api, database in
            let form = try await api.publish()
            let meeting = form.meetingID.lowercased()
            let payloads = try await Self.listening(database) { heard in
                try await Self.mark("ready", database, heard)
                #expect(try await api.send(.post, "/v1/meetings/\(form.meetingID)/form/close", token: form.hostToken).status == .ok)
                try await Self.waitUntil(heard) { $0.contains(meeting) }
            }
            #expect(Set(payloads) == [meeting, "ready"])
        }
    }

    /// The notifier's interval runs on a ``ManualClock``, so the burst is checked by counts at
    /// exact instants, whatever the machine's speed: 40 writes to two meetings, made while the
    /// notifier waits, are announced by nothing until the interval has passed, then by one
    /// notification per meeting; a write after that starts the next interval. The waits are for
    /// events that must come (the sleeper, a notification), bounded only to end a broken run.
    @Test func coalescingSendsOneNotificationPerMeetingForABurst() async throws {
        try await TestDatabase.withMigrated { database in
            let (clock, registry) = (ManualClock(), PrometheusCollectorRegistry())
            let notifier = ResultsNotifier(
                database: database, mode: .coalesced(.milliseconds(300)),
                metrics: PrometheusMetricsFactory(registry: registry), clock: clock)
            let meetings = [UUID(), UUID()]
            let ids = Set(meetings.map { $0.uuidString.lowercased() })
            let payloads = try await Self.listening(database) { heard in
                try await Self.mark("ready", database, heard)
                let running = Task { try await notifier.run() }
                defer { running.cancel() }
                await withTaskGroup(of: Void.self) { group in
                    for write in 0..<40 { group.addTask { notifier.committed(meeting: meetings[write % 2]) } }
                }
                // The notifier woke for the first write and waits its interval on the clock.
                try await clock.waitForSleepers(1)
                clock.advance(by: .milliseconds(299))
                #expect(clock.sleepers == 1, "the interval ended early")
                // Notifications are delivered in commit order: any the burst had sent so far arrive first.
                try await Self.mark("before", database, heard)
                #expect(await heard.payloads.filter(ids.contains).isEmpty, "announced before the interval passed")

                clock.advance(by: .milliseconds(1))
                try await Self.waitUntil(heard) { Set($0.filter(ids.contains)) == ids }
                try await Self.mark("after", database, heard)
                #expect(await heard.payloads.filter(ids.contains).count == 2, "not one notification per meeting")

                // The next write waits a whole interval of its own.
                notifier.committed(meeting: meetings[0])
                try await clock.waitForSleepers(1)
                clock.advance(by: .milliseconds(300))
                try await Self.waitUntil(heard) { $0.filter(ids.contains).count == 3 }
                running.cancel()
                _ = await running.result
            }
            #expect(payloads.allSatisfy { ids.contains($0) || ["ready", "before", "after"].contains($0) })
            #expect(payloads.filter(ids.contains).last == meetings[0].uuidString.lowercased())
            let scrape = Scrape(registry.emitToString())
            #expect(scrape["debrief_notify_sent_total"] == 3)
            #expect(scrape["debrief_notify_coalesced_total"] == 38)
        }
    }

    /// Sends `payload` on `channel` (the participants' by default, or the room's) from another
    /// session and waits until the listener hears it: everything committed before it has been
    /// heard too (PostgreSQL delivers in commit order).
    static func mark(
        _ payload: String, _ database: Database, _ heard: HeardNotifications, on channel: String = ParticipantEvents.channel
    ) async throws {
        for _ in 0..<1_200 {
            try await database.execute("SELECT pg_notify(\(channel), \(payload))")
            if try await Self.heard(heard, within: 100, { $0.contains(payload) }) { return }
        }
        Issue.record("the listener never heard \(payload)")
        throw CancellationError()
    }

    /// Waits until what `heard` holds satisfies `done`: an event that must come, so bounded only to
    /// end a broken run (two minutes).
    static func waitUntil(_ heard: HeardNotifications, _ done: @Sendable ([String]) -> Bool) async throws {
        if try await Self.heard(heard, within: 12_000, done) { return }
        Issue.record("never heard what was awaited: \(await heard.payloads)")
        throw CancellationError()
    }

    /// Polls `heard` every 10 ms, `polls` times at most.
    static func heard(_ heard: HeardNotifications, within polls: Int, _ done: @Sendable ([String]) -> Bool) async throws -> Bool {
        for _ in 0..<polls {
            if done(await heard.payloads) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return done(await heard.payloads)
    }
}
