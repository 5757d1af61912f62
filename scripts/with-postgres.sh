#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server (DESIGN.md, 'PostgreSQL 15 binaries').
#
#   bash scripts/with-postgres.sh npx vitest run --project api
#
# Starts a fresh cluster in a temporary directory on a free loopback port, exports
#   TEST_DATABASE_URL    postgres://postgres@127.0.0.1:<port>/postgres  (the API tests clone from it)
#   DATABASE_URL_SERVER  the same URL (the server's `postgres` database, for creating databases)
# runs the command, then always stops the cluster and deletes the directory. Exits with the
# command's exit status. Server binaries come from /usr/lib/postgresql/*/bin (or PG_BINDIR);
# when none are installed and we are root, `apt-get install -y postgresql` fetches them.
# As root, the cluster runs as the `postgres` user (PostgreSQL refuses to run as root).
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 64
fi

log() { printf '[with-postgres] %s\n' "$*" >&2; }

find_bindir() {
  if [ -n "${PG_BINDIR:-}" ] && [ -x "$PG_BINDIR/pg_ctl" ]; then
    echo "$PG_BINDIR"
    return 0
  fi
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
    echo "$dir"
    return 0
  fi
  return 1
}

if ! bindir=$(find_bindir); then
  if [ "$(id -u)" -ne 0 ]; then
    log "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin; install them with: sudo apt-get install -y postgresql"
    exit 1
  fi
  log "PostgreSQL server binaries not found; installing the Debian package"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
  bindir=$(find_bindir) || { log "postgresql installed but no binaries in /usr/lib/postgresql/*/bin"; exit 1; }
fi

# Who runs the server: ourselves, or the `postgres` user when we are root.
as_owner() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  if ! id -u postgres >/dev/null 2>&1; then
    log "creating the postgres system user"
    useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin postgres
  fi
  if command -v runuser >/dev/null 2>&1; then
    as_owner() { runuser -u postgres -- "$@"; }
  else
    as_owner() {
      local quoted
      quoted=$(printf '%q ' "$@")
      su -s /bin/sh postgres -c "$quoted"
    }
  fi
fi

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();});"
}

# Short path: the Unix socket lives here too and socket paths are limited to ~107 bytes.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/chanterlab-pg.XXXXXX")
datadir="$tmp/data"
logfile="$tmp/postgres.log"
started=0

cleanup() {
  local status=$?
  set +e
  if [ "$started" -eq 1 ]; then
    log "stopping the cluster"
    (cd "$tmp" && as_owner "$bindir/pg_ctl" -D "$datadir" -m fast -w -t 30 stop >/dev/null 2>&1)
    if [ -f "$datadir/postmaster.pid" ]; then
      local pid
      pid=$(head -n 1 "$datadir/postmaster.pid" 2>/dev/null)
      if [ -n "$pid" ]; then
        log "pg_ctl stop failed; sending SIGQUIT to postmaster $pid"
        kill -QUIT "$pid" 2>/dev/null
        sleep 1
      fi
    fi
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$(id -u)" -eq 0 ]; then chown postgres: "$tmp"; fi
chmod 700 "$tmp"

log "initdb with $bindir"
(cd "$tmp" && as_owner "$bindir/initdb" -D "$datadir" -U postgres --auth=trust \
  --encoding=UTF8 --no-locale --no-instructions >"$logfile.initdb" 2>&1) || {
  cat "$logfile.initdb" >&2
  log "initdb failed"
  exit 1
}

# A throwaway cluster: durability of the cluster itself is not under test, so skip fsync.
for attempt in 1 2 3; do
  port=$(free_port)
  started=1
  if (cd "$tmp" && as_owner "$bindir/pg_ctl" -D "$datadir" -l "$logfile" -w -t 60 \
    -o "-p $port -k $tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
    start >/dev/null); then
    break
  fi
  started=0
  log "start on port $port failed (attempt $attempt):"
  tail -n 20 "$logfile" >&2 || true
  if [ "$attempt" -eq 3 ]; then exit 1; fi
done

url="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$url"
export DATABASE_URL_SERVER="$url"
log "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($tmp)"
log "TEST_DATABASE_URL=$url"

set +e
"$@"
status=$?
set -e
log "command exited with status $status"
exit "$status"
