-- Shared by the wrk scripts in bench/: counts replies with the expected status (the script sets
-- `expected_status` and calls `reset_counts()` from its init) and prints one machine-readable
-- line that scripts/lib/bench.sh (bench_wrk_line) reads:
--   WRK requests=… created=… not_created=… seconds=… p50_ms=… p99_ms=… socket_errors=…
-- where `created` counts the expected replies and `not_created` every other one, so a run that
-- measured refusals (429, 503, …) instead of work done is visible.

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function reset_counts()
    created = 0
    not_created = 0
end

function response(status, headers, body)
    if status == expected_status then
        created = created + 1
    else
        not_created = not_created + 1
    end
end

function done(summary, latency, requests)
    local bad, good = 0, 0
    for _, thread in ipairs(threads) do
        bad = bad + thread:get("not_created")
        good = good + thread:get("created")
    end
    local errors = summary.errors
    io.write(string.format(
        "WRK requests=%d created=%d not_created=%d seconds=%.3f p50_ms=%.3f p99_ms=%.3f socket_errors=%d\n",
        summary.requests, good, bad, summary.duration / 1e6,
        latency:percentile(50) / 1000, latency:percentile(99) / 1000,
        errors.connect + errors.read + errors.write + errors.timeout))
end
