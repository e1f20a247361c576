-- wrk script for scripts/bench: every request posts the same valid 5-answer submission
-- (6 answer rows: one rating, two options, one text, one rating, one option) to
-- POST /v1/f/{code}/responses, and counts every reply that is not 201, so a run that measured
-- refusals (429, 503, …) instead of stored responses is visible.

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"answers":['
    .. '{"questionKey":"useful","rating":4},'
    .. '{"questionKey":"topic","optionIds":["roadmap","hiring"]},'
    .. '{"questionKey":"notes","text":"Useful, thanks \\u2014 회의 👍"},'
    .. '{"questionKey":"nps","rating":9},'
    .. '{"questionKey":"pace","optionIds":["ok"]}]}'

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

function init(args)
    not_created = 0
    created = 0
end

function response(status, headers, body)
    if status == 201 then
        created = created + 1
    else
        not_created = not_created + 1
    end
end

-- One machine-readable line for scripts/bench.
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
