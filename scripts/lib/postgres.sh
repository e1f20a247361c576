# shellcheck shell=bash
# Helpers for a throwaway PostgreSQL cluster, used by scripts/test. Source this file (bash).
#
#   ensure_packages              install what the build needs: libpq-dev, libqrencode-dev, libcurl4-openssl-dev, zlib, publicsuffix, PostgreSQL
#                                server and client, pkg-config
#   ensure_test_packages         also what the end-to-end tests need: Chromium and its driver, zbar,
#                                rsvg-convert, slowhttptest, a CJK font, pdftotext, Python's venv
#   pg_bin_dir                   print the folder holding initdb and pg_ctl
#   start_throwaway_cluster DIR  start a fast, disposable cluster in DIR (an empty folder);
#                                exports PGPORT and TEST_DATABASE_URL (superuser URL)
#   stop_cluster DIR             stop that cluster (immediately) and remove DIR
#
# The cluster uses trust authentication and fsync=off: it is for tests only, listens on
# 127.0.0.1 and a socket folder inside DIR, and is deleted afterwards.

# Runs a command as root: directly when we are root, else through sudo.
_pg_as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "error: need root to run '$*', and sudo is not installed" >&2
        return 1
    fi
}

# Runs a PostgreSQL server program. PostgreSQL refuses to run as root, so as root we run it as
# the `postgres` system user (from /, which that user can always enter).
_pg_as_server_user() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif ! id postgres >/dev/null 2>&1; then
        echo "error: running as root, but there is no 'postgres' user to run PostgreSQL as (install the postgresql package)" >&2
        return 1
    elif command -v runuser >/dev/null 2>&1; then
        (cd / && runuser -u postgres -- "$@")
    else
        local quoted
        quoted=$(printf '%q ' "$@")
        (cd / && su -s /bin/sh postgres -c "exec $quoted")
    fi
}

# Whether a Debian package is installed (not merely known, e.g. removed with its configuration kept).
_pg_pkg_installed() {
    dpkg -s "$1" 2>/dev/null | grep -q '^Status: install ok installed'
}

# Whether any installed package matches a dpkg pattern such as 'postgresql-[0-9]*'.
_pg_any_pkg_installed() {
    dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q '^install ok installed'
}

# Installs (idempotently) what the build and tests need. A requirement counts as met when its
# package or a versioned equivalent is installed (postgresql-15 for postgresql, pkgconf for pkg-config).
ensure_packages() {
    if ! command -v dpkg >/dev/null 2>&1; then
        if pg_bin_dir >/dev/null 2>&1 && command -v psql >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1; then
            return 0
        fi
        echo "error: not a Debian/Ubuntu system; install libpq (dev headers), the PostgreSQL server and client, and pkg-config yourself" >&2
        return 1
    fi
    local missing=()
    _pg_pkg_installed libpq-dev || missing+=(libpq-dev)
    _pg_pkg_installed libqrencode-dev || missing+=(libqrencode-dev)
    _pg_pkg_installed libcurl4-openssl-dev || missing+=(libcurl4-openssl-dev)
    _pg_pkg_installed zlib1g-dev || missing+=(zlib1g-dev)
    # The Public Suffix List: `debrief serve` judges --embed-origins wildcards by it.
    _pg_pkg_installed publicsuffix || missing+=(publicsuffix)
    _pg_pkg_installed postgresql || _pg_any_pkg_installed 'postgresql-[0-9]*' || missing+=(postgresql)
    _pg_pkg_installed postgresql-client || _pg_any_pkg_installed 'postgresql-client-[0-9]*' || missing+=(postgresql-client)
    _pg_pkg_installed pkg-config || _pg_pkg_installed pkgconf || missing+=(pkg-config)
    # scripts/check-layers and the benchmarks' helpers are Python.
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    _pg_apt_install "${missing[@]}"
}

# Installs (idempotently) the tools the end-to-end tests drive: a real browser and its driver, a
# QR decoder and an SVG rasterizer, a slow-client attacker, a spreadsheet (LibreOffice Calc, to
# see which exported cells it evaluates), HAProxy (the topology tests), Patroni and etcd (the HA
# topology tests, Tests/e2e/test_ha.py), and Python's venv for the test tools.
ensure_test_packages() {
    ensure_packages
    command -v dpkg >/dev/null 2>&1 || return 0
    local missing=() package
    for package in chromium chromium-driver zbar-tools librsvg2-bin slowhttptest fonts-noto-cjk poppler-utils libreoffice-calc-nogui haproxy patroni etcd-server; do
        _pg_pkg_installed "$package" || missing+=("$package")
    done
    python3 -m venv --help >/dev/null 2>&1 || missing+=(python3-venv)
    _pg_apt_install "${missing[@]}"
}

# Installs (idempotently) what `scripts/cluster up --ha` runs: HAProxy, Patroni (Debian 12: 3.0)
# and etcd (3.4). Debian's packages enable their system services; the cluster starts its own
# processes under its folder and never uses those.
ensure_ha_packages() {
    command -v dpkg >/dev/null 2>&1 || return 0
    local missing=() package
    for package in haproxy patroni etcd-server; do
        _pg_pkg_installed "$package" || missing+=("$package")
    done
    _pg_apt_install "${missing[@]}"
}

# _pg_apt_install PACKAGE...: apt-get install the packages given (none: nothing to do).
_pg_apt_install() {
    [ "$#" -gt 0 ] || return 0
    echo "Installing missing packages: $*"
    _pg_as_root apt-get update
    _pg_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

# Prints the folder with initdb and pg_ctl: from PATH, else the highest /usr/lib/postgresql/*/bin.
pg_bin_dir() {
    local initdb dir
    if initdb=$(command -v initdb 2>/dev/null) && [ -x "$(dirname "$initdb")/pg_ctl" ]; then
        dirname "$initdb"
        return 0
    fi
    # `ls -d` + `sort -V` orders 9.6 < 10 < 15 < 16.
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
        echo "$dir"
        return 0
    fi
    echo "error: PostgreSQL server binaries not found; install them with 'sudo apt-get install postgresql' (searched PATH and /usr/lib/postgresql/*/bin)" >&2
    return 1
}

# This file's folder, which holds local_processes.py.
_pg_lib_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Prints a TCP port that is free on 127.0.0.1 right now.
_pg_free_port() {
    if command -v python3 >/dev/null 2>&1; then
        # Below the ephemeral ports (local_processes.free_port says why).
        PYTHONPATH="$_pg_lib_dir${PYTHONPATH:+:$PYTHONPATH}" python3 -c 'from local_processes import free_port; print(free_port())'
        return 0
    fi
    local port _
    for _ in $(seq 1 100); do
        port=$((20000 + RANDOM % 40000))
        # A refused connection means nothing listens there.
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return 0
        fi
    done
    echo "error: found no free TCP port on 127.0.0.1" >&2
    return 1
}

# _pg_start_cluster DIR INITDB_FLAG "SERVER OPTIONS": initdb + start in DIR/data (log
# DIR/postgres.log, socket in DIR/run), wait until it answers, export PGPORT and CLUSTER_URL
# (superuser URL). Trust authentication is fine: 127.0.0.1 and a private socket folder only.
_pg_start_cluster() {
    local dir=$1 initdb_flag=$2 options=$3
    local bin port locale locale_ok=0
    bin=$(pg_bin_dir)
    mkdir -p "$dir/data" "$dir/run"
    chmod 700 "$dir/data" "$dir/run"
    if [ "$(id -u)" -eq 0 ]; then
        chown -R postgres: "$dir"
    fi

    for locale in C.UTF-8 C; do
        # shellcheck disable=SC2086 # the flag is empty or one word
        if _pg_as_server_user "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 \
            --locale="$locale" $initdb_flag >"$dir/initdb.log" 2>&1; then
            locale_ok=1
            break
        fi
    done
    if [ "$locale_ok" -ne 1 ]; then
        echo "error: initdb failed:" >&2
        tail -n 20 "$dir/initdb.log" >&2
        return 1
    fi

    port=$(_pg_free_port)
    if ! _pg_as_server_user "$bin/pg_ctl" -D "$dir/data" -l "$dir/postgres.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories='$dir/run' $options" \
        start >"$dir/pg_ctl.log" 2>&1; then
        echo "error: could not start the PostgreSQL server:" >&2
        tail -n 20 "$dir/pg_ctl.log" "$dir/postgres.log" >&2
        return 1
    fi

    local isready=pg_isready
    [ -x "$bin/pg_isready" ] && isready="$bin/pg_isready"
    local waited=0
    until "$isready" -q -h 127.0.0.1 -p "$port" -U postgres; do
        waited=$((waited + 1))
        if [ "$waited" -ge 60 ]; then
            echo "error: the PostgreSQL server on port $port is not ready after 30 s:" >&2
            tail -n 20 "$dir/postgres.log" >&2
            return 1
        fi
        sleep 0.5
    done

    export PGPORT="$port"
    export CLUSTER_URL="postgresql://postgres@127.0.0.1:$port/postgres"
}

# start_throwaway_cluster DIR: a fast, disposable cluster for tests (fsync off); exports PGPORT
# and TEST_DATABASE_URL. The suites run in parallel, each with its own pools (and `debrief serve`
# processes): the whole suite once peaked at about 300 client connections; with the background
# services every application now runs (webhook delivery, heartbeats) and the command tests that
# start their own servers it went past 1,000 ("too many clients"), so 2,000.
start_throwaway_cluster() {
    local dir=${1:?usage: start_throwaway_cluster DIR}
    _pg_start_cluster "$dir" --no-sync \
        "-c max_connections=2000 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
    export TEST_DATABASE_URL="$CLUSTER_URL"
}

# stop_cluster DIR: stop the cluster in DIR without waiting for a clean shutdown, then remove DIR.
# Safe to call when the cluster never started or DIR is already gone.
stop_cluster() {
    local dir=${1:-}
    [ -n "$dir" ] && [ -d "$dir" ] || return 0
    if [ -f "$dir/data/postmaster.pid" ]; then
        local bin
        if bin=$(pg_bin_dir 2>/dev/null); then
            _pg_as_server_user "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
        fi
    fi
    rm -rf "$dir"
}

# start_durable_cluster DIR [SERVER OPTIONS...]: like start_throwaway_cluster, but crash-safe as
# in production (fsync, synchronous_commit and full_page_writes on). For benchmarks. Extra
# arguments are added to the server's options (e.g. -c shared_buffers=256MB). Exports PGPORT and
# DURABLE_DATABASE_URL. Stop it with stop_cluster DIR.
start_durable_cluster() {
    local dir=${1:?usage: start_durable_cluster DIR [SERVER OPTIONS...]}
    shift
    _pg_start_cluster "$dir" "" "-c fsync=on -c synchronous_commit=on -c full_page_writes=on $*"
    export DURABLE_DATABASE_URL="$CLUSTER_URL"
}
