import Debrief
import Foundation

/// How fast one client address may take identities, post and vote in one room's questions
/// (issue 67, docs/decisions/0075 "Revision 2026-11-28"): token buckets per address *and* form,
/// cluster-wide like the participant rates (each of N instances enforces 1/N).
///
/// Sized for a meeting room behind one NAT: 500 people on one public address, the room's
/// perMeeting cap. Every phone takes one identity on opening the page, so the identities' burst
/// is the whole room at once; afterwards six a minute cover latecomers and a second browser. That
/// bounds ballot stuffing from one address at the room's size, then six votes a minute per
/// question, where identities minted by every request used to be unbounded (59 votes in 1.9 s on
/// one question). Posts: a room asks far fewer questions than it has people (one in five at a
/// busy talk), so 100 at once, then twelve a minute; a flood from one address reaches the
/// room's 500 after about half an hour instead of 24 seconds, and the host's hide and delete give
/// the space back. Votes: each identity votes once per question, so the rate bounds the writes
/// (votes taken back and cast again), not the tally: the whole room voting on two new questions
/// at once, then ten a second.
///
/// Keyed by address and form, so two rooms behind one company's address do not share a budget.
/// Off when the per-address participant rate is off (benchmarks and tests that drive a whole
/// room from one machine, `DEBRIEF_RATE_LIMIT_PER_ADDRESS=0`).
public struct RoomQuestionRates: Sendable, Equatable {
    public var identities = RateLimitRate(perSecond: 0.1, burst: 500)
    public var posts = RateLimitRate(perSecond: 0.2, burst: 100)
    public var votes = RateLimitRate(perSecond: 10, burst: 1_000)

    public init() {}

    /// None of the three (what the participant rates' `unlimited` implies).
    public static let unlimited: RoomQuestionRates = {
        var rates = RoomQuestionRates()
        rates.identities = .unlimited
        rates.posts = .unlimited
        rates.votes = .unlimited
        return rates
    }()
}

/// The buckets of ``RoomQuestionRates``, held by ``Admission``.
struct RoomQuestionLimiters: Sendable {
    let identities: RateLimiter
    let posts: RateLimiter
    let votes: RateLimiter

    init(_ rates: RoomQuestionRates, share: @escaping @Sendable () -> Double) {
        self.identities = RateLimiter(rate: rates.identities, share: share)
        self.posts = RateLimiter(rate: rates.posts, share: share)
        self.votes = RateLimiter(rate: rates.votes, share: share)
    }
}

extension Admission {
    /// One identity issued to `address` in the room of the form `code` (the API's
    /// `POST …/room-questions/voter`, or the page with the room's section).
    public func roomIdentity(address: String, code: String) throws {
        try Self.take(self.roomQuestions.identities, "identities", self.settings.roomQuestions.identities, address, code)
    }

    /// One question posted from `address` to the room of the form `code`.
    public func roomPost(address: String, code: String) throws {
        try Self.take(self.roomQuestions.posts, "questions posted", self.settings.roomQuestions.posts, address, code)
    }

    /// One vote (or take-back) from `address` in the room of the form `code`.
    public func roomVote(address: String, code: String) throws {
        try Self.take(self.roomQuestions.votes, "votes", self.settings.roomQuestions.votes, address, code)
    }

    private static func take(_ limiter: RateLimiter, _ what: String, _ rate: RateLimitRate, _ address: String, _ code: String) throws {
        let decision = limiter.take(address + " " + (FormCode.normalize(code) ?? code))
        guard !decision.allowed else { return }
        let seconds = decision.retryAfterSeconds
        throw APIError(
            .tooManyRequests, code: "rate_limited",
            detail: "too many \(what) from your address in this room (at most \(Int(rate.burst)) at once, then "
                + "\(Self.perMinute(rate)) a minute); retry after \(seconds) seconds",
            headers: [.retryAfter: String(seconds)])
    }

    private static func perMinute(_ rate: RateLimitRate) -> String {
        let perMinute = rate.perSecond * 60
        return perMinute == perMinute.rounded() ? String(Int(perMinute)) : String(format: "%.1f", perMinute)
    }
}
