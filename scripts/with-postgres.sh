#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on loopback (Debian's postgresql package),
# with DATABASE_URL pointing at it. Usage: scripts/with-postgres.sh npm run test:unit
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PGBIN" ]; then
  echo "PostgreSQL is not installed: apt-get install postgresql" >&2
  exit 1
fi
PORT=${PG_TEST_PORT:-54329}
PGDATA=$(mktemp -d /tmp/test-pg.XXXXXX)
RUN_AS=()
if [ "$(id -u)" = "0" ]; then
  chown postgres "$PGDATA"
  RUN_AS=(runuser -u postgres --)
fi
"${RUN_AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres >/dev/null
"${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null
cleanup() {
  "${RUN_AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$PGDATA"
}
trap cleanup EXIT
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "[with-postgres] PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') on port $PORT"
"$@"
