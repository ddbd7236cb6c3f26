#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster: initdb in a temp dir, start on a free
# port on 127.0.0.1, export DATABASE_URL, run the command, tear everything down.
# Usage: scripts/with-postgres.sh <command> [args…]
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 <command> [args...]" >&2; exit 2; }

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL binaries not found in $PGBIN" >&2; exit 2; }

PGTMP=$(mktemp -d /tmp/pg-XXXXXX)
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

# PostgreSQL refuses to run as root: run the server as the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = "0" ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [ "$(id -u)" = "0" ]; then chown postgres "$PGTMP"; fi

cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGTMP"
}
trap cleanup EXIT INT TERM

as_pg "$PGBIN/initdb" -D "$PGTMP/data" -U postgres -A trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
as_pg "$PGBIN/pg_ctl" -D "$PGTMP/data" -l "$PGTMP/server.log" -w \
  -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null
as_pg "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres app

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/app"
export PG_ADMIN_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "with-postgres: $DATABASE_URL" >&2
set +e
"$@"
status=$?
set -e
exit $status
