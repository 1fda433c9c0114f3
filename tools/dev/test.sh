#!/usr/bin/env bash
# `npm test`: generated code fresh, lint and format clean, types check, then every ava test
# (unit, integration, e2e) against one throwaway MariaDB and one throwaway PostgreSQL, started here
# (in containers or from Debian's packages) and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."

# Which servers the tests run against, chosen once for the run and printed first: containers
# (testcontainers) where a container engine answers, else Debian's servers and the stand-ins.
# M3_TEST_SERVERS=containers|debian forces one (docs/development.md).
servers_line=$(node --import tsx tools/dev/fixtures/servers/servers-cli.ts)
echo "$servers_line"
M3_TEST_SERVERS=$(echo "$servers_line" | awk '{print $3}')
export M3_TEST_SERVERS

if [ "$M3_TEST_SERVERS" = debian ] && [ ! -x /usr/sbin/mariadbd ] && ! command -v mariadbd >/dev/null 2>&1; then
  echo "npm test needs MariaDB: mariadb-server is not installed." >&2
  echo "Install it with: apt-get install -y mariadb-server   (the tests start their own server; no service is configured)" >&2
  exit 1
fi

if [ "$M3_TEST_SERVERS" = debian ] && [ ! -x /usr/lib/postgresql/15/bin/initdb ] && [ ! -x /usr/lib/postgresql/16/bin/initdb ] && [ ! -x /usr/lib/postgresql/17/bin/initdb ]; then
  echo "npm test needs PostgreSQL: postgresql is not installed." >&2
  echo "Install it with: apt-get install -y postgresql   (the tests start their own server; no service is configured)" >&2
  exit 1
fi

# The deploy tests check the chart's alert rules and dashboard queries with promtool.
if [ ! -x /usr/bin/promtool ]; then
  echo "npm test needs promtool: the Debian package prometheus is not installed." >&2
  echo "Install it with: apt-get install -y prometheus   (the tests only run /usr/bin/promtool)" >&2
  exit 1
fi

echo "== generated code and proto lint"
bash tools/dev/codegen/gen-proto.sh --check
echo "== lint and format (biome)"
npx biome check --error-on-warnings .
echo "== types (tsc)"
npx tsc --noEmit -p tsconfig.json
echo "== web console: API types fresh, types (tsc), build (vite, skipped when current)"
npx tsx tools/dev/codegen/gen-api-types.ts --check
npx tsc --noEmit -p gateway/console/tsconfig.json
node tools/m3/start/console-build.mjs

echo "== tests (ava)"
mariadb_log=$(mktemp)
postgres_log=$(mktemp)
node --import tsx tools/dev/fixtures/mariadb-cli.ts >"$mariadb_log" 2>&1 &
mariadb_pid=$!
node --import tsx tools/dev/fixtures/postgres-cli.ts >"$postgres_log" 2>&1 &
postgres_pid=$!
stop_servers() {
  kill -TERM "$mariadb_pid" 2>/dev/null && wait "$mariadb_pid" 2>/dev/null
  kill -TERM "$postgres_pid" 2>/dev/null && wait "$postgres_pid" 2>/dev/null
  rm -f "$mariadb_log" "$postgres_log"
}
trap stop_servers EXIT
# Prints the first line of the log ($1) that starts with the URL scheme ($2), once the server
# process ($3) writes it; fails with its log if the process ends first.
server_url() {
  for _ in $(seq 600); do
    grep -q "^$2://" "$1" && break
    if ! kill -0 "$3" 2>/dev/null; then cat "$1" >&2; return 1; fi
    sleep 0.1
  done
  grep -m1 "^$2://" "$1"
}
M3_TEST_MARIADB_URL=$(server_url "$mariadb_log" mysql "$mariadb_pid")
M3_TEST_POSTGRES_URL=$(server_url "$postgres_log" postgres "$postgres_pid")
export M3_TEST_MARIADB_URL M3_TEST_POSTGRES_URL
export OTEL_METRICS_EXPORTER=none OTEL_LOGS_EXPORTER=none
# Transactions opened inside others fail at once on MySQL too (a check, off in production: see
# checkNestedTransactions in services/kit/storage/domain-storage.ts).
export M3_CHECK_NESTED_TRANSACTIONS=1

set +e
# The summary repeats each failure with its report (at most 40 lines each) after the counts, so the
# end of a long CI log names what failed. Without ava's own counts (its TAP reporter fails when no
# test has finished for the config's timeout), the lines counted say how far it got.
npx ava --tap "$@" | tee /dev/stderr | awk '
  /^not ok /{ failing = 1; shown = 0; failures = failures $0 "\n"; notOk++; next }
  /^ok /{ ok++ }
  /^(ok |# |1\.\.)/{ failing = 0 }
  failing && shown < 40 { failures = failures $0 "\n"; shown++ }
  /^# pass/{p=$3; counted=1} /^# fail/{f=$3}
  END{
    if (counted) printf "ava: %d passed, %d failed\n", p, f
    else printf "ava: stopped before its counts (%d passed, %d failed by then): no test finished within the timeout of ava.config.mjs, and the one that hung is not named\n", ok, notOk
    if (failures != "") printf "failed:\n%s", failures }'
status=${PIPESTATUS[0]}
set -e
exit "$status"
