@testable import debrief
import DebriefHTTP
import Testing

/// Settings the executable reads from the environment (the only place it is read).
@Suite("Environment settings")
struct EnvironmentSettingsTests {
    @Test func theDefaultsAndTheEnvironmentOverrides() {
        let defaults = Env.participantRateLimits([:])
        #expect(defaults.perAddress == RateLimitRate(perSecond: 20, burst: 40))
        #expect(defaults.perForm == RateLimitRate(perSecond: 200, burst: 400))
        let tuned = Env.participantRateLimits([
            "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "5000", "DEBRIEF_RATE_LIMIT_FORM_BURST": "x",
        ])
        #expect(tuned.perAddress.isEnabled == false)
        #expect(tuned.perForm == RateLimitRate(perSecond: 5000, burst: 400))
    }
}
