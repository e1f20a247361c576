import Debrief
import DebriefActions
import NIOCore
import NIOPosix

/// The one path a series planned from a calendar goes through, from the JSON route
/// (`POST /v1/series/from-calendar`) and the page (`/m/from-calendar`) alike (issue 47): at most
/// one import per account at a time (``Admission``), the plan computed on NIO's thread pool
/// rather than on Swift's cooperative pool (which serves every request), and stopped at its next
/// step when the client hangs up or the request's task is cancelled. The plan's own cost is
/// bounded in steps (``RecurrenceRule/maxExpansionSteps``).
public struct CalendarImport: Sendable {
    let calendar: CalendarActions
    let admission: Admission

    public init(calendar: CalendarActions, admission: Admission) {
        self.calendar = calendar
        self.admission = admission
    }

    public func createSeries(
        _ input: CalendarSeriesInput, context: AppRequestContext
    ) async throws -> (plan: CalendarSeriesPlan, sessions: [Meeting]) {
        try await self.plan(context: context) { hostZone, budget in try CalendarSeriesPlan.make(input, hostZone: hostZone, budget: budget) }
    }

    /// A new meeting that repeats (``Repeats``), planned as a series up to the horizon: the same
    /// admission, thread pool and budget as a calendar event.
    public func createSeries(
        repeating new: NewSeriesMeeting, context: AppRequestContext
    ) async throws -> (plan: CalendarSeriesPlan, sessions: [Meeting]) {
        try await self.plan(context: context) { hostZone, budget in
            try CalendarSeriesPlan.make(repeating: new, hostZone: hostZone, budget: budget)
        }
    }

    private func plan(
        context: AppRequestContext,
        _ make: @escaping @Sendable (_ hostZone: String?, _ budget: ExpansionBudget) throws -> Result<CalendarSeriesPlan, ValidationFailure>
    ) async throws -> (plan: CalendarSeriesPlan, sessions: [Meeting]) {
        let viewer = try context.requireViewer()
        let slot = try self.admission.calendarImport(account: viewer.accountID)
        defer { slot.release() }
        let budget = ExpansionBudget()
        // Hummingbird does not cancel a handler whose client has gone; its connection closing
        // does. Weak: a keep-alive connection holds this callback until it closes, not the budget.
        context.channel.closeFuture.whenComplete { [weak budget] _ in budget?.cancel() }
        return try await self.calendar.createSeries(by: viewer) { hostZone in
            try await withTaskCancellationHandler {
                try await NIOThreadPool.singleton.runIfActive { try make(hostZone, budget) }
            } onCancel: {
                budget.cancel()
            }
        }
    }
}
