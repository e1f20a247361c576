-- wrk script for scripts/bench-results: GET /v1/meetings/{id}/results with the host's token
-- (wrk -s bench/results.lua URL -- TOKEN); counts 200 replies (see bench/report.lua).
dofile("bench/report.lua")
expected_status = 200

function init(args)
    wrk.headers["Authorization"] = "Bearer " .. args[1]
    reset_counts()
end
