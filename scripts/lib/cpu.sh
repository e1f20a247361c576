# shellcheck shell=bash
# The CPU a benchmark's processes used, from /proc: figures that do not depend on how busy the
# machine is, to print beside a rate (scripts/bench-targets, scripts/bench-export). Source it.
#
#   cpu_seconds PID...             utime + stime of those processes, all their threads (a process
#                                  that is gone counts 0)
#   cluster_cpu_seconds POSTMASTER the CPU a PostgreSQL cluster used so far: the postmaster's own,
#                                  its live children's, and that of the children it has reaped
#                                  (cutime + cstime): an export's backends end with the export,
#                                  and their time must still count
#   cluster_children POSTMASTER    how many processes the postmaster runs now (backends and its
#                                  helpers): no fork, cheap enough to sample while a run goes on
#   cluster_helpers POSTMASTER     how many of them are the cluster's own (checkpointer, writers,
#                                  launchers): not a client's backend, parallel worker or
#                                  autovacuum worker, which come and go
#   cluster_settle POSTMASTER N    waits, up to 10 s, until the postmaster runs at most N
#                                  children (N: cluster_helpers): every client's backend has exited
#                                  and been reaped, its CPU is in cluster_cpu_seconds, and nothing
#                                  exits while that reads

# _cpu_fields FIELDS PIDS...: the sum of the given fields of /proc/PID/stat, in seconds. The
# fields are counted after the command name, which may hold spaces: 12 utime, 13 stime, 14 cutime,
# 15 cstime (fields 14 to 17 of proc(5)).
_cpu_fields() {
    local fields=$1 files=() pid
    shift
    for pid in "$@"; do [ -r "/proc/$pid/stat" ] && files+=("/proc/$pid/stat"); done
    [ "${#files[@]}" -gt 0 ] || { echo 0; return 0; }
    awk -v hz="$(getconf CLK_TCK)" -v fields="$fields" '
        { sub(/^.*\) /, ""); n = split(fields, f, ","); for (i = 1; i <= n; i++) total += $(f[i]) / hz }
        END { printf "%.3f\n", total }' "${files[@]}" 2>/dev/null || echo 0
}

cpu_seconds() { _cpu_fields 12,13 "$@"; }

cluster_children() {
    local children=()
    read -r -a children <"/proc/$1/task/$1/children" 2>/dev/null || true
    echo "${#children[@]}"
}

# A child reaped between reading the children and reading their times would be counted twice or
# not at all: read again until the children are the same before and after.
cluster_cpu_seconds() {
    local children=() after=() own live _
    for _ in 1 2 3 4 5; do
        read -r -a children <"/proc/$1/task/$1/children" 2>/dev/null || true
        own=$(_cpu_fields 12,13,14,15 "$1")
        live=$(_cpu_fields 12,13 "${children[@]}")
        read -r -a after <"/proc/$1/task/$1/children" 2>/dev/null || true
        [ "${children[*]}" = "${after[*]}" ] && break
    done
    awk -v a="$own" -v b="$live" 'BEGIN { printf "%.3f\n", a + b }'
}

# A backend's title names its client (`user db host(port)` or `[local]`); workers say what they are.
cluster_helpers() {
    local children=() pid title count=0
    read -r -a children <"/proc/$1/task/$1/children" 2>/dev/null || true
    for pid in "${children[@]}"; do
        title=$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline") || continue
        [[ -z "$title" || "$title" =~ \(|\[local\]|parallel\ worker|autovacuum\ worker ]] || count=$((count + 1))
    done
    echo "$count"
}

cluster_settle() {
    local _
    for _ in $(seq 1 200); do
        [ "$(cluster_children "$1")" -le "$2" ] && return 0
        sleep 0.05
    done
    echo "warning: PostgreSQL still runs $(cluster_children "$1") processes (expected $2 at most); its CPU may miss a backend's" >&2
}
