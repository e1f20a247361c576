import Debrief
import Foundation
import Testing

/// ``ActionReview`` (decision 85), pure: which actions a session's review lists, with what status
/// and how many sessions open, over a series clock of four weekly sessions.
@Suite("ActionReview: open actions stay in every review until closed")
struct ActionReviewTests {
    static let week: TimeInterval = 7 * 86_400
    static let origin = Date(timeIntervalSince1970: 1_930_374_000)
    static let ids = (0..<4).map { _ in UUID() }

    static var clock: SeriesClock {
        SeriesClock(sessions: (0..<4).map { index in
            let start = Self.origin.addingTimeInterval(Double(index) * Self.week)
            return SeriesClock.Session(
                meetingID: Self.ids[index], sessionNumber: index + 1, startsAt: start, endsAt: start.addingTimeInterval(3600), form: nil)
        })
    }

    /// An action recorded at session `session` (1-based), closed at `closedAt` (in review `review`).
    static func action(_ title: String, at session: Int, _ status: ActionStatus = .open, closedAt: Date? = nil, review: Int? = nil) -> ActionItem {
        ActionItem(
            id: UUID(), meetingID: Self.ids[session - 1], title: title, owner: nil, ownerName: nil, due: .nextSession, status: status,
            questionKey: nil, createdAt: Self.origin, updatedAt: Self.origin, closedAt: closedAt,
            closedInMeetingID: review.map { Self.ids[$0 - 1] })
    }

    /// Half an hour into session `session`.
    static func during(_ session: Int) -> Date { Self.origin.addingTimeInterval(Double(session - 1) * Self.week + 1800) }

    static func review(_ session: Int, _ actions: [ActionItem]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: ActionReview.lines(of: Self.ids[session - 1], actions: actions, clock: Self.clock).map {
            ($0.item.title, "\($0.item.status.rawValue) \($0.sessionsOpen)")
        })
    }

    @Test func anOpenActionIsInEveryLaterReviewWithTheSessionsItHasBeenOpen() {
        let actions = [Self.action("carried", at: 1)]
        #expect(Self.review(1, actions).isEmpty)
        #expect(Self.review(2, actions) == ["carried": "open 1"])
        #expect(Self.review(4, actions) == ["carried": "open 3"])
    }

    @Test func aClosedActionIsInTheReviewThatClosedItAndOpenBefore() {
        let byClock = Self.action("by clock", at: 1, .done, closedAt: Self.during(3))
        let betweenSessions = Self.action("between", at: 1, .dropped, closedAt: Self.during(3).addingTimeInterval(86_400))
        let byReview = Self.action("by review", at: 1, .done, closedAt: Self.during(4), review: 3)
        let actions = [byClock, betweenSessions, byReview]
        #expect(Self.review(2, actions) == ["by clock": "open 1", "between": "open 1", "by review": "open 1"])
        #expect(Self.review(3, actions) == ["by clock": "done 2", "between": "open 2", "by review": "done 2"])
        #expect(Self.review(4, actions) == ["between": "dropped 3"], "between sessions 3 and 4: the next review's")
    }

    @Test func closedAtItsOwnSessionOrAfterTheLastItIsNoEarlierReviews() {
        let onTheSpot = Self.action("on the spot", at: 2, .done, closedAt: Self.during(2))
        let late = Self.action("late", at: 1, .done, closedAt: Self.during(4).addingTimeInterval(86_400))
        #expect(Self.review(3, [onTheSpot, late]) == ["on the spot": "done 1", "late": "open 2"])
        #expect(Self.review(4, [onTheSpot, late]) == ["late": "open 3"], "closed after the last session: no review has it yet")
        // A review naming the session that recorded it is not a later review: the clock decides.
        let odd = Self.action("odd", at: 2, .done, closedAt: Self.during(2), review: 2)
        #expect(Self.review(3, [odd]) == ["odd": "done 1"])
    }

    @Test func theSeriesListHasTheOpenActionsCountedToTheSessionNow() {
        let actions = [Self.action("one", at: 1), Self.action("two", at: 2), Self.action("gone", at: 1, .done, closedAt: Self.during(2))]
        let open = ActionReview.open(actions: actions, clock: Self.clock, at: Self.during(3))
        #expect(open.map(\.item.title) == ["one", "two"])
        #expect(open.map(\.sessionsOpen) == [2, 1])
        let planned = ActionReview.open(actions: [Self.action("ahead", at: 4)], clock: Self.clock, at: Self.during(2))
        #expect(planned.map(\.sessionsOpen) == [0], "recorded at a session not yet begun")
    }
}
