-- wrk script for scripts/bench: every request posts the same valid 5-answer submission
-- (6 answer rows: one rating, two options, one text, one rating, one option) to
-- POST /v1/f/{code}/responses, and counts every reply that is not 201, so a run that measured
-- refusals (429, 503, …) instead of stored responses is visible (bench/report.lua).

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
-- The body is bench/submission.json, which scripts/bench-instructions posts too.
local file = assert(io.open("bench/submission.json", "rb"))
wrk.body = file:read("*a")
file:close()

dofile("bench/report.lua")
expected_status = 201

function init(args)
    reset_counts()
end
