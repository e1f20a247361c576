import Debrief
import Foundation
import Testing

/// The pure rules of webhooks: what a registration must hold, and when a failed delivery is
/// tried again.
@Suite("Webhooks: registration and retry schedule")
struct WebhookRulesTests {
    @Test func aRegistrationNamesEveryProblemByItsPath() {
        let input = WebhookEndpointInput(url: "ftp://example.com", events: ["response.created", "nope"], seriesID: "x")
        #expect(throws: ValidationFailure.self) { try input.validated() }
        do {
            _ = try input.validated()
        } catch let failure as ValidationFailure {
            #expect(failure.problems.map(\.path) == ["url", "events[1]", "seriesId"])
        } catch {
            Issue.record("\(error)")
        }
        for url in ["", "https://", "https://user:pw@example.com/", "https://example.com/#part", "example.com/hook"] {
            #expect(throws: ValidationFailure.self, "\(url)") {
                try WebhookEndpointInput(url: url, events: ["form.closed"], seriesID: nil).validated()
            }
        }
        #expect(throws: ValidationFailure.self) { try WebhookEndpointInput(url: "https://a.example", events: [], seriesID: nil).validated() }
    }

    @Test func aValidRegistrationKeepsEachEventOnce() throws {
        let draft = try WebhookEndpointInput(
            url: " https://hooks.example.com/debrief?team=7 ", events: ["form.closed", "results.summary", "form.closed"], seriesID: nil
        ).validated()
        #expect(draft.url.absoluteString == "https://hooks.example.com/debrief?team=7")
        #expect(draft.events == [.formClosed, .resultsSummary])
        #expect(draft.seriesID == nil)
    }

    @Test func delaysDoubleUpToTheCapWithJitterBetweenHalfAndAll() {
        let schedule = WebhookRetrySchedule(base: .seconds(30), cap: .seconds(4 * 3600), window: .seconds(3 * 24 * 3600))
        #expect(schedule.delay(afterAttempt: 1, jitter: 1) == .seconds(30))
        #expect(schedule.delay(afterAttempt: 2, jitter: 1) == .seconds(60))
        #expect(schedule.delay(afterAttempt: 3, jitter: 0) == .seconds(60))
        #expect(schedule.delay(afterAttempt: 30, jitter: 1) == .seconds(4 * 3600))
        #expect(schedule.delay(afterAttempt: 1000, jitter: 0) == .seconds(2 * 3600))
        for attempt in 1...40 {
            let delay = schedule.randomDelay(afterAttempt: attempt)
            let full = schedule.delay(afterAttempt: attempt, jitter: 1)
            #expect(delay >= full / 2 && delay <= full, "attempt \(attempt)")
        }
    }

    /// The defaults keep retrying for at least 24 hours: even with the shortest jitter, the
    /// window (3 days) outlasts a day, and the delays never stop before it.
    @Test func theDefaultsRetryForAtLeastADay() {
        let schedule = WebhookRetrySchedule.standard
        #expect(schedule.window >= .seconds(24 * 3600))
        var elapsed = Duration.zero
        var attempts = 0
        while elapsed < schedule.window {
            attempts += 1
            elapsed += schedule.delay(afterAttempt: attempts, jitter: 0)
        }
        #expect(attempts >= 20 && attempts <= 60, "\(attempts) attempts")
        #expect(schedule.delay(afterAttempt: attempts, jitter: 1) <= .seconds(4 * 3600))
    }
}
