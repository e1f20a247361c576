# shellcheck shell=bash
# Shared parts of the benchmark scripts (scripts/bench, scripts/bench-results). Source after
# scripts/lib/postgres.sh, from the repository's root.
#
#   bench_build ARGS...            release build of `debrief` (extra ARGS go to swift build); sets BINARY
#                                  (BENCH_BINARY: use that binary instead, e.g. one already built)
#   bench_ensure_tools             installs wrk, pgbench and /usr/bin/time when missing
#   bench_start_cluster WORK       fsync-on cluster in WORK/pg, database debrief_bench; sets DATABASE_URL
#   bench_start_server WORK [ENV=VALUE…]   `debrief serve` on a free port, rate limits off; sets SERVER_PID, BASE
#   bench_stop_server              SIGTERM and wait
#   bench_cleanup WORK             stops what the functions above started (for an EXIT trap)
#   bench_api_setup FORM_JSON      host, meeting and published form through the API; sets TOKEN,
#                                  MEETING, CODE, FORM_ID
#   bench_wrk_line FILE            prints "requests created not_created seconds p50 p99 socket_errors"
#                                  from the WRK line the bench/*.lua scripts print
#   bench_figure SCOPE MEASURE VALUE   appends "SCOPE MEASURE VALUE" to the file BENCH_FIGURES names,
#                                  if it names one: how scripts/bench-targets collects the figures
#                                  of the scenarios it runs for its one table (bench/goals_table.py)

# The same release build as `DEBRIEF_BUILD=release scripts/serve` and the Dockerfile, with no
# compiler flags of its own, so the benchmark measures the binary that ships. Swift 6.3.1's
# optimizer still crashes on Debrief.validate(_:against:) (CopyPropagation, "Found outside of
# lifetime use", signal 6; reproduced 2026-11-25 with Package.swift's setting taken out), so
# Package.swift switches that one pass off for the Debrief module's release builds, which every
# release build gets. BENCH_SWIFT_FLAGS: extra flags for an experiment (figures not production's).
bench_build() {
    if [ -n "${BENCH_BINARY:-}" ]; then
        BINARY=$BENCH_BINARY
        return 0
    fi
    local swift_flags=()
    read -r -a swift_flags <<<"${BENCH_SWIFT_FLAGS:-}"
    local args=(-c release --product debrief "${swift_flags[@]}" "$@")
    echo "Building debrief (release)…"
    swift build "${args[@]}"
    BINARY="$(swift build "${args[@]}" --show-bin-path)/debrief"
}

bench_ensure_tools() {
    local missing=()
    command -v wrk >/dev/null 2>&1 || missing+=(wrk)
    command -v pgbench >/dev/null 2>&1 || missing+=(postgresql-contrib)
    [ -x /usr/bin/time ] || missing+=(time)
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "Installing missing packages: ${missing[*]}"
        _pg_as_root apt-get update
        _pg_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    fi
}

bench_start_cluster() {
    local work=$1
    start_durable_cluster "$work/pg" -c max_connections=200 -c shared_buffers=256MB -c max_wal_size=4GB
    psql "$DURABLE_DATABASE_URL" -v ON_ERROR_STOP=1 -qAt -c "CREATE DATABASE debrief_bench"
    DATABASE_URL="postgresql://postgres@127.0.0.1:$PGPORT/debrief_bench"
    echo "PostgreSQL (fsync on): $DATABASE_URL"
}

bench_start_server() {
    local work=$1
    shift
    local port
    port=$(_pg_free_port)
    BASE="http://127.0.0.1:$port"
    # The viewers come from one address and one account: their stream caps are lifted as the rates are.
    env DEBRIEF_RATE_LIMIT_PER_ADDRESS=0 DEBRIEF_RATE_LIMIT_PER_FORM=0 DEBRIEF_BCRYPT_COST=4 \
        DEBRIEF_LIVE_STREAMS_PER_ACCOUNT=100000 DEBRIEF_LIVE_STREAMS_PER_ADDRESS=100000 \
        DEBRIEF_PARTICIPANT_LIVE_STREAMS_PER_ADDRESS=100000 DEBRIEF_PARTICIPANT_LIVE_STREAMS_PER_FORM=100000 \
        LOG_LEVEL="${BENCH_LOG_LEVEL:-info}" "$@" \
        "$BINARY" serve --database-url "$DATABASE_URL" --host 127.0.0.1 --port "$port" \
        --pool-size "${BENCH_POOL_SIZE:-16}" >>"$work/debrief.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 100); do
        curl -fsS "$BASE/readyz" >/dev/null 2>&1 && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.2
    done
    echo "error: debrief did not become ready:" >&2
    tail -n 20 "$work/debrief.log" >&2
    exit 1
}

bench_stop_server() {
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

bench_cleanup() {
    local work=$1
    # The script's own background loads (wrk -d1h, clients): stopped with it, not left running.
    local pids
    pids=$(jobs -pr)
    # shellcheck disable=SC2086  # one pid a word
    [ -z "$pids" ] || kill $pids 2>/dev/null || true
    if [ -n "${SERVER_PID:-}" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
        bench_stop_server
    fi
    stop_cluster "$work/pg"
    rm -rf "$work"
}

_bench_json() { python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"; }
_bench_send() {
    local auth=()
    [ -n "${TOKEN:-}" ] && auth=(-H "authorization: Bearer $TOKEN")
    curl -fsS -X "${3:-POST}" "$BASE$1" -H 'content-type: application/json' "${auth[@]}" -d "$2"
}

# The meeting ended three hours ago and its form is marked published four hours ago, so bulk
# responses placed after the meeting's end (bench/seed_responses.sql) lie in the past and inside
# the results timeline, as they would for a real meeting.
bench_api_setup() {
    local form_json=$1 starts ends
    starts=$(date -u -d '-4 hours' +%Y-%m-%dT%H:%M:%SZ)
    ends=$(date -u -d '-3 hours' +%Y-%m-%dT%H:%M:%SZ)
    TOKEN=""
    _bench_send /v1/accounts '{"email":"bench@example.com","password":"correct horse battery","displayName":"Bench"}' >/dev/null
    TOKEN=$(_bench_send /v1/tokens '{"email":"bench@example.com","password":"correct horse battery"}' | _bench_json token)
    MEETING=$(_bench_send /v1/meetings "{\"title\":\"Benchmark\",\"startsAt\":\"$starts\",\"endsAt\":\"$ends\"}" | _bench_json id)
    _bench_send "/v1/meetings/$MEETING/form" "$(cat "$form_json")" PUT >/dev/null
    CODE=$(_bench_send "/v1/meetings/$MEETING/form/publish" '' | _bench_json code)
    FORM_ID=$(psql "$DATABASE_URL" -qAt -c "UPDATE forms SET published_at = now() - interval '4 hours' WHERE code = '$CODE' RETURNING id")
}

# bench_room_setup: the room of bench_api_setup's meeting open to questions, shown at once,
# anonymous; 20 questions from one participant (its cap), whose identity is left in VOTER.
bench_room_setup() {
    local n
    _bench_send "/v1/meetings/$MEETING/room-questions/settings" '{"enabled":true,"moderation":"postThenHide","names":"anonymous"}' PUT >/dev/null
    VOTER=$(curl -fsS -X POST -o /dev/null -D - "$BASE/v1/f/$CODE/room-questions/voter" | sed -n 's/^[Dd]ebrief-[Vv]oter: *\([^[:space:]]*\).*/\1/p')
    for n in $(seq 1 20); do
        curl -fsS -o /dev/null "$BASE/v1/f/$CODE/room-questions" -H 'content-type: application/json' -H "Debrief-Voter: $VOTER" \
            -d "{\"text\":\"Question $n from the room?\"}"
    done
}

bench_wrk_line() {
    sed -n 's/^WRK requests=\([0-9]*\) created=\([0-9]*\) not_created=\([0-9]*\) seconds=\([0-9.]*\) p50_ms=\([0-9.]*\) p99_ms=\([0-9.]*\) socket_errors=\([0-9]*\)$/\1 \2 \3 \4 \5 \6 \7/p' "$1"
}

bench_figure() {
    [ -z "${BENCH_FIGURES:-}" ] || [ -z "$3" ] || echo "$1 $2 $3" >>"$BENCH_FIGURES"
}
