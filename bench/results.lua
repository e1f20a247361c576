-- wrk script for scripts/bench-results: GET /v1/meetings/{id}/results with the host's token
-- (wrk -s bench/results.lua URL -- TOKEN). Prints the same WRK line as submit.lua, where
-- `created` counts the 200 replies and `not_created` every other status.

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    wrk.headers["Authorization"] = "Bearer " .. args[1]
    not_created = 0
    created = 0
end

function response(status, headers, body)
    if status == 200 then
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
