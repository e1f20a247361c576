@testable import DebriefHTTP
import Foundation
import HTTPTypes
import NIOEmbedded
import Testing

/// The one admission component: export slots counted against the caller and the data's owner,
/// live stream slots per account and address, and nothing kept once slots are given back.
@Suite("Admission: fair shares")
struct AdmissionTests {
    static func refusal(_ body: () throws -> Void) -> APIError? {
        do {
            try body()
            return nil
        } catch let error as APIError {
            return error
        } catch {
            Issue.record("not a problem: \(error)")
            return nil
        }
    }

    /// Seen: an owner and its own viewer co-host, two exports each, took every slot (4 of 4),
    /// so every other host's export got 429. A co-host's export of the owner's meeting counts
    /// against the owner too: together they hold the owner's two, and others still export.
    /// Issue 47: three imports of one account at once took three cores. One at a time now; the
    /// second gets a 429 naming the import, and another account is not held up.
    @Test func oneCalendarImportPerAccountAtATime() throws {
        let admission = Admission(settings: AdmissionSettings())
        let (host, other) = (UUID(), UUID())
        let first = try admission.calendarImport(account: host)
        let refused = try #require(Self.refusal { _ = try admission.calendarImport(account: host) })
        #expect(refused.status == .tooManyRequests && refused.code == "rate_limited")
        #expect(refused.detail.contains("calendar import"), "\(refused.detail)")
        #expect(refused.headers[.retryAfter] == "1")
        let others = try admission.calendarImport(account: other)
        first.release()
        others.release()
        _ = try admission.calendarImport(account: host)
    }

    @Test func aCoHostsExportCountsAgainstTheMeetingsOwner() throws {
        let admission = Admission(settings: AdmissionSettings(exports: ExportLimits(perAccount: 2, total: 4)))
        let (owner, coHost, other) = (UUID(), UUID(), UUID())
        let held = try (0..<2).map { _ in try admission.export(caller: owner, owner: owner) }
        for _ in 0..<2 {
            let refused = try #require(Self.refusal { _ = try admission.export(caller: coHost, owner: owner) })
            #expect(refused.status == .tooManyRequests && refused.code == "rate_limited")
            #expect(refused.headers[.retryAfter].flatMap(Int.init).map { $0 >= 1 } == true)
            #expect(refused.detail.contains("owner"), "\(refused.detail)")
        }
        let others = try admission.export(caller: other, owner: other)
        #expect(admission.exports.inUse == 3)
        for slot in held + [others] { slot.release() }
        // Given back: the co-host's export is admitted now.
        _ = try admission.export(caller: coHost, owner: owner)
    }

    /// Downloads (a spooled export being read) count the caller only: a co-host that stopped
    /// reading holds none of the owner's or anyone else's allowance.
    @Test func downloadsCountOnlyTheirReader() throws {
        let admission = Admission(settings: AdmissionSettings(exports: ExportLimits(perAccount: 2, total: 4)))
        let (owner, coHost) = (UUID(), UUID())
        let stalled = try (0..<2).map { _ in try admission.download(caller: coHost) }
        #expect(Self.refusal { _ = try admission.download(caller: coHost) }?.status == .tooManyRequests)
        let mine = try admission.download(caller: owner)
        #expect(admission.exports.inUse == 0)
        _ = (stalled, mine)
    }

    /// Live streams: per account and per address, each refusal a 429 with `Retry-After` saying
    /// which bound; a slot dropped without an explicit release is given back too, and the table
    /// keeps nothing for keys with no slot.
    @Test func liveStreamsAreCappedPerAccountAndAddressAndLeaveNothingBehind() throws {
        let admission = Admission(settings: AdmissionSettings(liveStreams: LiveStreamLimits(perAccount: 2, perAddress: 3, total: 100)))
        let (viewer, other) = (UUID(), UUID())
        var held = [try admission.liveStream(account: viewer, address: "192.0.2.1"), try admission.liveStream(account: viewer, address: "192.0.2.2")]
        let byAccount = try #require(Self.refusal { _ = try admission.liveStream(account: viewer, address: "192.0.2.3") })
        #expect(byAccount.status == .tooManyRequests && byAccount.detail.contains("account"))
        #expect(byAccount.headers[.retryAfter] != nil)
        held.append(try admission.liveStream(account: other, address: "192.0.2.1"))
        held.append(try admission.liveStream(account: UUID(), address: "192.0.2.1"))
        let byAddress = try #require(Self.refusal { _ = try admission.liveStream(account: UUID(), address: "192.0.2.1") })
        #expect(byAddress.detail.contains("address"), "\(byAddress.detail)")
        for _ in 0..<1000 { _ = try admission.liveStream(account: UUID(), address: "198.51.100.\(Int.random(in: 1...200))") }
        held.first?.release()
        held = []
        #expect(admission.streams.inUse == 0)
        #expect(admission.streams.keyCount == 0)
    }

    /// Issue 47: one address took 600 participants' streams and could have taken every one of the
    /// instance's 10,000. By default an address gets a room's worth (300), far below the total;
    /// the 301st from it is a 429 naming the address while another address still gets in.
    @Test func oneAddressCannotTakeEveryParticipantsSeatByDefault() throws {
        let admission = Admission(settings: AdmissionSettings())
        let limits = admission.settings.liveStreams
        #expect(limits.participantPerAddress * 10 <= limits.participantTotal, "far below the total")
        let form = UUID()
        var held = try (0..<limits.participantPerAddress).map { _ in try admission.participantStream(address: "192.0.2.1", form: form) }
        let refused = try #require(Self.refusal { _ = try admission.participantStream(address: "192.0.2.1", form: form) })
        #expect(refused.status == .tooManyRequests && refused.detail.contains("from your address"), "\(refused.detail)")
        #expect(refused.headers[.retryAfter] != nil)
        held.append(try admission.participantStream(address: "192.0.2.2", form: form))
        held.removeAll()
        #expect(admission.participantStreams.inUse == 0)
    }

    /// One form's audience has a cap of its own, below the instance's total: with small caps,
    /// the form's third stream is refused naming the form, another form's is not.
    @Test func oneFormCannotTakeEveryParticipantsSeat() throws {
        var settings = AdmissionSettings()
        settings.liveStreams.participantPerForm = 2
        settings.liveStreams.participantTotal = 10
        let admission = Admission(settings: settings)
        let (form, other) = (UUID(), UUID())
        let held = [try admission.participantStream(address: "192.0.2.1", form: form), try admission.participantStream(address: "192.0.2.2", form: form)]
        let refused = try #require(Self.refusal { _ = try admission.participantStream(address: "192.0.2.3", form: form) })
        #expect(refused.status == .tooManyRequests && refused.detail.contains("for this form"), "\(refused.detail)")
        _ = try admission.participantStream(address: "192.0.2.3", form: other)
        #expect(held.count == 2)
    }

    /// 6,000 streams that ended left their memory in malloc's arenas (RSS stayed at its peak): the
    /// stream table asks for it back once what is held falls to half of a peak of at least the
    /// threshold, and again at each further halving from such a peak, not for every stream.
    @Test func aBurstOfStreamsThatEndedAsksForItsMemoryBack() {
        let asked = Counter()
        let table = SlotTable(totalCap: 10_000, whenDrainedFrom: 100, whenDrained: { asked.add() })
        var slots = (0..<99).compactMap { _ in try? table.take([(key: "a", cap: 10_000)]).get() }
        for slot in slots { slot.release() }
        #expect(asked.value == 0, "a peak under the threshold is no burst")
        slots = (0..<400).compactMap { _ in try? table.take([(key: "a", cap: 10_000)]).get() }
        for slot in slots.prefix(199) { slot.release() }
        #expect(asked.value == 0, "201 of 400 still held")
        slots[199].release()
        #expect(asked.value == 1, "200 of 400: half of the burst ended")
        for slot in slots[200...] { slot.release() }
        // Then once per halving while the peak is at least the threshold (200 → 100, 100 → 50),
        // not once per stream: 300 more streams ended, two more asks.
        #expect(asked.value == 3)
    }
}

@Suite("Admission: a burst of connections")
struct OpenConnectionsTests {
    /// 5,000 connections that each made one request kept their memory in malloc's arenas after
    /// they closed: the count of open connections asks for it back once half of a burst closed,
    /// and a connection closed and then removed from its pipeline counts once.
    @Test func aBurstOfConnectionsThatClosedAsksForItsMemoryBack() throws {
        let asked = Counter()
        let table = SlotTable(totalCap: .max, whenDrainedFrom: 4, whenDrained: { asked.add() })
        let channels = (0..<8).map { _ in EmbeddedChannel(handler: OpenConnectionsHandler(counting: table)) }
        #expect(table.inUse == 8)
        for channel in channels.prefix(3) { channel.pipeline.fireChannelInactive() }
        #expect(table.inUse == 5)
        #expect(asked.value == 0, "5 of 8 still open")
        channels[3].pipeline.fireChannelInactive()
        #expect(asked.value == 1, "4 of 8: half of the burst closed")
        // Every pipeline torn down: the four closed ones are not counted again (the count would
        // go below zero), the others leave, and 2 of the new peak of 4 asks once more.
        for channel in channels { _ = try channel.finish(acceptAlreadyClosed: true) }
        #expect(table.inUse == 0)
        #expect(asked.value == 2)
    }
}

/// A count shared with a `@Sendable` closure.
private final class Counter: @unchecked Sendable {
    // `@unchecked Sendable`: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0
    func add() { self.lock.withLock { self.count += 1 } }
    var value: Int { self.lock.withLock { self.count } }
}
