#!/usr/bin/env bash
# Runs vitest with the machine's clock set to a time of day in the operators' zone (docs/decisions/0047-test-clock.md):
#   scripts/test-at-hour.sh 23:59 --project server
#   scripts/test-at-hour.sh 08:05 --project web test/pools-sidebar.test.tsx
# libfaketime (Debian's `faketime`) starts the process clock at today's HH:MM in TEST_NOW_ZONE (default Europe/Oslo)
# and lets it run on, for the test runner and every worker it starts; TEST_NOW carries the same time of day to the
# server files that pin their own day (pinTestDay). Without faketime installed it says so and stops.
set -euo pipefail
if [ $# -lt 1 ] || ! [[ "$1" =~ ^[0-9]{1,2}:[0-9]{2}$ ]]; then
  echo "usage: $0 HH:MM [vitest arguments]" >&2
  exit 2
fi
hour="$1"
shift
if ! command -v faketime >/dev/null 2>&1; then
  echo "faketime is not installed (apt-get install faketime)" >&2
  exit 2
fi
zone="${TEST_NOW_ZONE:-Europe/Oslo}"
start="$(TZ=UTC date -d "TZ=\"$zone\" $hour" '+%F %T')"
echo "== clock at $hour in $zone ($start UTC)"
cd "$(dirname "$0")/.."
# The monotonic clock stays real: timers and timeouts run as usual, only the wall clock moves.
FAKETIME_DONT_FAKE_MONOTONIC=1 TEST_NOW="$hour" TEST_NOW_ZONE="$zone" exec faketime "$start" npx vitest run "$@"
