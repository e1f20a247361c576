#!/usr/bin/env bash
# The trace of issue 37: how a results read's statements behave on a form that grows live.
#
#   BINARY=path/to/debrief bench/trace_growing_form.sh [SECONDS] [CHECK_INS]
#
# Starts its own fsync-on cluster with auto_explain (every statement over 5 ms logged with its
# plan, actual rows and buffers), publishes bench/form.json, adds CHECK_INS check-ins (2,000),
# then 64 wrk connections submit to the form for SECONDS (60) while one results read every 5 s
# prints its time, the form's responses, the unfolded deltas and the queue's dead rows. The
# PostgreSQL log is left in /tmp/debrief-trace-postgres.log: grep it for "result_tally_deltas" or
# "Query Text" to see each slow statement's plan.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=../scripts/lib/postgres.sh
source scripts/lib/postgres.sh
# shellcheck source=../scripts/lib/bench.sh
source scripts/lib/bench.sh
seconds=${1:-60}
check_ins=${2:-2000}
: "${BINARY:?set BINARY to a release build of debrief}"
work=$(mktemp -d /tmp/debrief-trace.XXXXXX)
chmod 755 "$work"
trap 'cp "$work/pg/postgres.log" /tmp/debrief-trace-postgres.log 2>/dev/null || true; bench_cleanup "$work"' EXIT
bench_start_cluster "$work"
"$BINARY" migrate --database-url "$DATABASE_URL" --log-format text >"$work/migrate.log" 2>&1
psql "$DATABASE_URL" -qAt -c "LOAD 'auto_explain'" -c "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'" \
    -c "ALTER SYSTEM SET auto_explain.log_min_duration = '5ms'" -c "ALTER SYSTEM SET auto_explain.log_analyze = on" \
    -c "ALTER SYSTEM SET auto_explain.log_buffers = on" -c "SELECT pg_reload_conf()" >/dev/null
bench_start_server "$work"
bench_api_setup bench/form.json
psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -qAt -v form_id="$FORM_ID" -v n="$check_ins" -v linked=0 -f bench/seed_check_ins.sql
wrk -t1 -c64 -d"${seconds}s" -s bench/submit.lua "$BASE/v1/f/$CODE/responses" >"$work/load.txt" &
load=$!
for i in $(seq 1 $((seconds / 5))); do
    sleep 5
    read_s=$(curl -s -o /dev/null -w '%{time_total}' -H "authorization: Bearer $TOKEN" "$BASE/v1/meetings/$MEETING/results")
    state=$(psql "$DATABASE_URL" -qAt -F ' ' -c "SELECT (SELECT count(*) FROM responses WHERE form_id = '$FORM_ID'),
        (SELECT count(*) FROM result_tally_deltas), (SELECT n_dead_tup FROM pg_stat_user_tables WHERE relname = 'result_tally_deltas'),
        pg_relation_size('result_tally_deltas') / 8192")
    read -r responses deltas dead pages <<<"$state"
    echo "t=$((i * 5))s read ${read_s}s: $responses responses, $deltas deltas unfolded, queue $dead dead rows in $pages pages"
done
wait "$load" || true
