#!/usr/bin/env bash
# The demo data's checks (tests/server/demoData.test.ts) on other days than today: the demo is
# drawn around "now", and a day that puts an order, a period's end or a bank holiday on the wrong
# side of a rule fails only on that day (a failed CI lands nothing). Each day runs the suite on
# PGlite under libfaketime (Debian's package `faketime`), which moves Node's clock and so the
# embedded database's now(). About 40 s a day; not part of `npm test`.
#
#   scripts/date-sweep.sh                     the default days below
#   scripts/date-sweep.sh "2027-05-06 00:30:00" "2027-12-31 15:20:00"
set -uo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "faketime is missing: apt-get install -y faketime" >&2; exit 2; }
# Month ends at Tokyo's midnight (15:00 UTC the day before) and the morning after, the New
# Year's and Golden Week's bank holidays, leap-day February, ordinary days at odd hours.
days=("$@")
((${#days[@]})) || days=(
  "2026-12-31 15:20:00" "2027-01-01 01:00:00" "2027-01-04 00:10:00" "2027-01-31 15:30:00"
  "2027-02-01 02:00:00" "2027-02-28 15:30:00" "2027-03-01 09:00:00" "2027-03-31 15:10:00"
  "2027-05-06 00:30:00" "2027-05-07 09:00:00" "2028-02-29 15:30:00" "2027-06-15 23:40:00"
)
out=$(mktemp -d)
failed=0
for d in "${days[@]}"; do
  log="$out/$(echo "$d" | tr ' :' '__').log"
  if faketime "$d" npx vitest run tests/server/demoData.test.ts >"$log" 2>&1; then
    echo "ok    $d"
  else
    echo "FAIL  $d  (log: $log)"
    failed=$((failed + 1))
  fi
done
echo "$(( ${#days[@]} - failed )) days passed, $failed failed"
exit $((failed > 0))
