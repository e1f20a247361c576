@testable import DebriefHTTP
import Foundation
import HTTPTypes
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
}
