-- wrk script for scripts/bench: every request posts the same valid 5-answer submission
-- (6 answer rows: one rating, two options, one text, one rating, one option) to
-- POST /v1/f/{code}/responses, and counts every reply that is not 201, so a run that measured
-- refusals (429, 503, …) instead of stored responses is visible (bench/report.lua).

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"answers":['
    .. '{"questionKey":"useful","rating":4},'
    .. '{"questionKey":"topic","optionIds":["roadmap","hiring"]},'
    .. '{"questionKey":"notes","text":"Useful, thanks \\u2014 회의 👍"},'
    .. '{"questionKey":"nps","rating":9},'
    .. '{"questionKey":"pace","optionIds":["ok"]}]}'

dofile("bench/report.lua")
expected_status = 201

function init(args)
    reset_counts()
end
