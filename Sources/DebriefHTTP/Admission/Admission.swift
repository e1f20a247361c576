import Foundation

/// The one owner of fair shares (docs/decisions/0030-global-rate-limits.md): the participant
/// routes' rates, HTTP export and download slots, and live stream slots are all decided here,
/// from one ``AdmissionSettings``. The routes ask it before doing the work; a refusal is thrown as
/// a 429 `rate_limited` problem with `Retry-After`, so no route can forget to answer it.
///
/// An export is counted against the account that asks and against the owner of the meeting or
/// series (a co-host's export is the owner's data leaving too), so an owner and the co-hosts it
/// invited share one allowance instead of multiplying it.
public final class Admission: Sendable {
    public let settings: AdmissionSettings
    let perAddress: RateLimiter
    let perForm: RateLimiter
    /// Exports producing their CSV (a COPY into the spool): per caller, per owner, in all.
    let exports: SlotTable
    /// Spooled exports being sent: per caller only, since only the caller's reading holds it.
    let downloads: SlotTable
    /// Live results streams: per account, per client address, in all.
    let streams: SlotTable
    /// Participants' live streams: per client address, per form, in all.
    let participantStreams: SlotTable
    /// Changes of roster members' e-mail addresses, per account.
    let rosterAddresses: RateLimiter
    /// Series being planned from a calendar, per account: one at a time (``CalendarImport``).
    let calendarImports = SlotTable(totalCap: Int.max)
    /// The room's questions: identities, posts and votes per address and form (``RoomQuestionRates``).
    let roomQuestions: RoomQuestionLimiters

    /// `share` is this instance's fraction of the cluster-wide rates (``ClusterPeers/shareOfLoad``).
    public init(settings: AdmissionSettings, share: @escaping @Sendable () -> Double = { 1 }) {
        self.settings = settings
        self.perAddress = RateLimiter(rate: settings.participantRates.perAddress, share: share)
        self.perForm = RateLimiter(rate: settings.participantRates.perForm, share: share)
        self.exports = SlotTable(totalCap: settings.exports.total)
        // No total of its own: a download holds no database capacity, only its spool file, and a
        // stalled one is cut by the write-stall deadline.
        self.downloads = SlotTable(totalCap: Int.max)
        // Thousands of streams that ended leave their memory in malloc's arenas: give it back.
        self.streams = SlotTable(totalCap: settings.liveStreams.total, whenDrainedFrom: 256, whenDrained: HeapTrim.request)
        // A room's audience leaves at once at the session's end: its memory goes back too.
        self.participantStreams = SlotTable(
            totalCap: settings.liveStreams.participantTotal, whenDrainedFrom: 256, whenDrained: HeapTrim.request)
        self.rosterAddresses = RateLimiter(rate: settings.rosterAddresses, share: share)
        self.roomQuestions = RoomQuestionLimiters(
            settings.participantRates.perAddress.isEnabled ? settings.roomQuestions : .unlimited, share: share)
    }

    /// One participant request from `address`, for the form `code` when the route names one.
    func participantRequest(address: String, code: String?) throws {
        let byAddress = self.perAddress.take(address)
        guard byAddress.allowed else { throw APIError.tooManyRequests(retryAfterSeconds: byAddress.retryAfterSeconds) }
        if let code {
            let byForm = self.perForm.take(code)
            guard byForm.allowed else { throw APIError.tooManyRequests(retryAfterSeconds: byForm.retryAfterSeconds) }
        }
    }

    /// One change (set or removal) of a roster member's e-mail address by `account`, asked for
    /// after the caller's right to edit the series is settled, so a refused caller spends nothing.
    public func rosterAddressChange(account: UUID) throws {
        try self.rosterAddressChanges(account: account, count: 1)
    }

    /// `count` changes at once (the roster mail page's one Save), all or none: past the
    /// allowance nothing is stored, and the page gives the typed addresses back.
    public func rosterAddressChanges(account: UUID, count: Int) throws {
        guard count > 0 else { return }
        let decision = self.rosterAddresses.take(Self.key(account), cost: count)
        guard decision.allowed else {
            let rate = self.settings.rosterAddresses
            throw Self.refusal(
                "too many roster e-mail address changes by your account (at most \(Int(rate.burst)) at once, then "
                    + "\(Self.perMinute(rate)) a minute)",
                retryAfterSeconds: decision.retryAfterSeconds)
        }
    }

    private static func perMinute(_ rate: RateLimitRate) -> String {
        let perMinute = rate.perSecond * 60
        return perMinute == perMinute.rounded() ? String(Int(perMinute)) : String(format: "%.1f", perMinute)
    }

    /// A slot for producing one export of `owner`'s data asked for by `caller`.
    func export(caller: UUID, owner: UUID) throws -> SlotTable.Slot {
        let limits = self.settings.exports
        let keys = [(Self.key(caller), limits.perAccount), (Self.key(owner), limits.perAccount)]
        switch self.exports.take(keys.map { (key: $0.0, cap: $0.1) }) {
        case .success(let slot): return slot
        case .failure(let full):
            let whose = full.key == nil ? "in all" : full.key == Self.key(caller) ? "for your account" : "for the meeting's owner"
            throw Self.refusal(
                "too many exports in progress \(whose) (at most \(limits.perAccount) per account, counting the owner's "
                    + "co-hosts, and \(limits.total) in all)",
                retryAfterSeconds: ExportLimits.retryAfterSeconds)
        }
    }

    /// A slot for sending one spooled export to `caller`.
    func download(caller: UUID) throws -> SlotTable.Slot {
        let limits = self.settings.exports
        switch self.downloads.take([(key: Self.key(caller), cap: limits.perAccount)]) {
        case .success(let slot): return slot
        case .failure:
            throw Self.refusal(
                "too many exports being downloaded by your account (at most \(limits.perAccount) at once)",
                retryAfterSeconds: ExportLimits.retryAfterSeconds)
        }
    }

    /// A slot for one live stream of `account` from `address`.
    func liveStream(account: UUID, address: String) throws -> SlotTable.Slot {
        let limits = self.settings.liveStreams
        switch self.streams.take([(key: Self.key(account), cap: limits.perAccount), (key: "address " + address, cap: limits.perAddress)]) {
        case .success(let slot): return slot
        case .failure(let full):
            let whose = full.key == nil ? "on this server" : full.key == Self.key(account) ? "for your account" : "from your address"
            throw Self.refusal(
                "too many live streams open \(whose) (at most \(limits.perAccount) per account and \(limits.perAddress) per address); "
                    + "close one first",
                retryAfterSeconds: LiveStreamLimits.retryAfterSeconds)
        }
    }

    /// A slot for one participant's live stream from `address` watching the meeting `form`
    /// (keyed by the meeting, so its form's codes share one count).
    func participantStream(address: String, form: UUID) throws -> SlotTable.Slot {
        let limits = self.settings.liveStreams
        let addressKey = "address " + address
        switch self.participantStreams.take([
            (key: addressKey, cap: limits.participantPerAddress), (key: "form " + form.uuidString, cap: limits.participantPerForm),
        ]) {
        case .success(let slot): return slot
        case .failure(let full):
            let whose = full.key == nil ? "on this server" : full.key == addressKey ? "from your address" : "for this form"
            throw Self.refusal(
                "too many live results streams open \(whose) (at most \(limits.participantPerAddress) per address, "
                    + "\(limits.participantPerForm) per form and \(limits.participantTotal) in all)",
                retryAfterSeconds: LiveStreamLimits.retryAfterSeconds)
        }
    }

    /// A slot for planning one series from a calendar for `account`: one at a time, so one
    /// account's imports take at most one thread's worth of work however many it sends.
    func calendarImport(account: UUID) throws -> SlotTable.Slot {
        switch self.calendarImports.take([(key: Self.key(account), cap: 1)]) {
        case .success(let slot): return slot
        case .failure:
            throw Self.refusal("a calendar import of your account is in progress (one at a time)", retryAfterSeconds: 1)
        }
    }

    private static func key(_ account: UUID) -> String { "account " + account.uuidString }

    /// A 429 for slots in use, saying which bound was reached.
    private static func refusal(_ detail: String, retryAfterSeconds seconds: Int) -> APIError {
        APIError(
            .tooManyRequests, code: "rate_limited", detail: detail + "; retry after \(seconds) seconds",
            headers: [.retryAfter: String(seconds)])
    }
}

extension ExportLimits {
    /// Seconds a refused export is told to wait: about what a spooled export of a few megabytes
    /// takes to be written.
    static let retryAfterSeconds = 5
}

extension LiveStreamLimits {
    /// Seconds a refused stream is told to wait (its client's own reconnect delay is 2 s).
    static let retryAfterSeconds = 10
}
