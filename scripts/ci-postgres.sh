#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on 127.0.0.1 for the server's tests and benchmark.
#
#   eval "$(scripts/ci-postgres.sh start)"    # prints `export DATABASE_URL=...`
#   scripts/ci-postgres.sh stop
#   scripts/ci-postgres.sh run -- <command>   # start, run the command with DATABASE_URL set, stop
#   scripts/ci-postgres.sh restart            # a crash and a restart: `pg_ctl restart -m immediate` (the fault drill)
#
# Uses Debian's server binaries (/usr/lib/postgresql/<version>/bin; `apt-get install -y postgresql`).
# PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
# Durability settings are off: the cluster lives for one run and is deleted afterwards. PGCI_DURABLE=1 keeps
# PostgreSQL's defaults (fsync, synchronous_commit, full_page_writes on), for a drill whose "nothing lost" must be
# true of a real crash.
set -euo pipefail

STATE_DIR="${PGCI_DIR:-${TMPDIR:-/tmp}/bookswap-ci-postgres}"
DB_NAME="${PGCI_DB:-bookswap_test}"
FIRST_PORT="${PGCI_PORT:-55432}"
if [ "${PGCI_DURABLE:-}" = 1 ]; then
  DURABILITY=""
else
  DURABILITY="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi

find_bin() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  echo "ci-postgres: no PostgreSQL server binaries under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)" >&2
  return 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
  local bin port
  bin="$(find_bin)"
  if [ -f "$STATE_DIR/port" ] && as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" status >/dev/null 2>&1; then
    port="$(cat "$STATE_DIR/port")"
  else
    rm -rf "$STATE_DIR"
    mkdir -p "$STATE_DIR"
    if [ "$(id -u)" = 0 ]; then chown postgres: "$STATE_DIR"; fi
    port="$FIRST_PORT"
    while port_in_use "$port"; do port=$((port + 1)); done
    as_owner "$bin/initdb" -D "$STATE_DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$STATE_DIR/initdb.log" 2>&1 \
      || { cat "$STATE_DIR/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" -l "$STATE_DIR/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $STATE_DIR $DURABILITY -c max_connections=200" \
      start >/dev/null || { cat "$STATE_DIR/server.log" >&2; exit 1; }
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$DB_NAME"
    echo "$port" | as_owner tee "$STATE_DIR/port" >/dev/null
  fi
  echo "export DATABASE_URL=postgres://postgres@127.0.0.1:$port/$DB_NAME"
}

# Immediate shutdown (no checkpoint: the next start replays the WAL, as after a crash), then the same start options.
restart() {
  local bin
  bin="$(find_bin)"
  # -l: the server's output goes to its log, not to this script's (a caller reading it would wait for ever).
  as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" -l "$STATE_DIR/server.log" -m immediate -w -t 60 restart >/dev/null \
    || { tail -n 20 "$STATE_DIR/server.log" >&2; exit 1; }
}

stop() {
  local bin
  bin="$(find_bin)" || return 0
  if [ -d "$STATE_DIR/data" ]; then
    as_owner "$bin/pg_ctl" -D "$STATE_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$STATE_DIR"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  restart) restart ;;
  run)
    shift
    [ "${1:-}" = "--" ] && shift
    eval "$(start)"
    trap stop EXIT
    DATABASE_URL="$DATABASE_URL" "$@"
    ;;
  *)
    echo "usage: $0 start | stop | restart | run -- <command>" >&2
    exit 2
    ;;
esac
