#!/usr/bin/env bash
# The production path, end to end (issue 13): in a copy of this checkout, the steps the Dockerfile runs
# (npm ci, npm run build, npm prune --omit=dev), then the image's runtime stage assembled from the Dockerfile's
# COPY lines, and the compiled server in it on production dependencies only: ready on a fresh PGlite database,
# serves the SPA, logs the demo operator in, stops cleanly on SIGTERM; the operator CLI runs from the build too.
#
#   bash scripts/smoke-prod.sh                   # what .ci/run runs
#   KEEP_SMOKE_DIR=1 bash scripts/smoke-prod.sh  # keep the copy (and the server's log) for a look afterwards
#
# The copy holds the working tree's files as they are (tracked and untracked, uncommitted changes included;
# what .gitignore ignores, such as node_modules and dist, is left out), so it tests your changes locally
# and the clean clone in CI.
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/fleetdesk-smoke-XXXXXX")"
LOG="$WORK/server.log"
SERVER_PID=""
STARTED_AT=$SECONDS

step() { printf '\n== smoke [%3ss] %s\n' "$((SECONDS - STARTED_AT))" "$*"; }
fail() {
  printf '\n!! smoke FAILED: %s\n' "$*" >&2
  if [ -s "$LOG" ]; then
    printf '!! last lines of the server log (%s):\n' "$LOG" >&2
    tail -n 40 "$LOG" >&2
  fi
  exit 1
}
# On the way out after a failure: SIGTERM (npm passes it on to the server), then SIGKILL to npm and its child.
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  kill -TERM "$SERVER_PID" 2>/dev/null || return 0
  for _ in $(seq 1 20); do
    kill -0 "$SERVER_PID" 2>/dev/null || return 0
    sleep 0.5
  done
  pkill -KILL -P "$SERVER_PID" 2>/dev/null || true
  kill -KILL "$SERVER_PID" 2>/dev/null || true
}
cleanup() {
  local rc=$?
  stop_server
  if [ "${KEEP_SMOKE_DIR:-}" = 1 ] || [ "$rc" -ne 0 ]; then
    echo "smoke: the copy is kept in $WORK" >&2
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT
trap 'printf "\n!! smoke FAILED: \"%s\" (line %s) failed\n" "$BASH_COMMAND" "$LINENO" >&2' ERR

# HTTP without curl (slim images and CI machines may lack it): prints the status, the body goes to a file.
http() { # http METHOD URL BODY_FILE [Authorization]
  node -e '
    const [method, url, out, auth] = process.argv.slice(1);
    fetch(url, { method, headers: auth ? { authorization: auth } : {}, redirect: "manual", signal: AbortSignal.timeout(10_000) })
      .then(async (r) => { require("node:fs").writeFileSync(out, Buffer.from(await r.arrayBuffer())); console.log(r.status); })
      .catch(() => console.log(0));
  ' "$@"
}

step "copy of $SRC (working tree, without ignored files) into $WORK"
if git -C "$SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (
    cd "$SRC"
    # Tracked and untracked files that exist (a tracked file deleted in the working tree stays deleted).
    git ls-files -z --cached --others --exclude-standard \
      | while IFS= read -r -d '' f; do if [ -e "$f" ] || [ -L "$f" ]; then printf '%s\0' "$f"; fi; done \
      | tar --null --no-recursion -T - -cf -
  ) | tar -xf - -C "$WORK"
else
  tar -C "$SRC" --exclude=node_modules --exclude=dist --exclude=data --exclude=test-results -cf - . | tar -xf - -C "$WORK"
fi
cd "$WORK"

step "npm ci"
npm ci --no-audit --no-fund --prefer-offline

step "npm run build (contract, server, web)"
npm run build
for built in packages/contract/dist/index.js packages/contract/dist/index.d.ts apps/server/dist/main.js apps/server/dist/cli/staff.js apps/web/dist/index.html; do
  [ -f "$built" ] || fail "npm run build did not produce $built"
done

step "the build imports production dependencies only (scripts/check-prod-imports.mjs)"
node scripts/check-prod-imports.mjs || fail "the compiled server or contract imports a package that is not a production dependency"

step "npm prune --omit=dev"
npm prune --omit=dev --no-audit --no-fund
for dev in node_modules/.bin/tsx node_modules/tsx node_modules/typescript node_modules/vitest node_modules/drizzle-kit node_modules/smtp-server; do
  [ ! -e "$dev" ] || fail "$dev is still installed after npm prune --omit=dev"
done
echo "no tsx, no typescript: production dependencies only"

# The image's runtime stage, file for file: what the Dockerfile's `COPY --from=build` lines take from the build
# stage (this copy; /app there) goes into $WORK/runtime, and the server runs from there. No sources, so nothing
# can fall back to them, and a file the Dockerfile forgets to copy fails here.
RUNTIME="$WORK/runtime"
step "the Dockerfile's runtime stage: its COPY --from=build lines into $RUNTIME"
mkdir -p "$RUNTIME"
copies=0
while read -r line; do
  case "$line" in *\\) fail "Dockerfile: a COPY --from=build line continues on the next line; keep each on one line: $line" ;; esac
  read -r -a words <<<"$line"
  args=()
  for word in "${words[@]:2}"; do case "$word" in --*) ;; *) args+=("$word") ;; esac; done
  dest="${args[${#args[@]} - 1]}"
  for src in "${args[@]:0:${#args[@]} - 1}"; do
    from="$WORK/${src#/app/}"
    [ -e "$from" ] || fail "Dockerfile copies $src, which the build stage does not have"
    if [ -d "$from" ]; then
      mkdir -p "$RUNTIME/$dest" && cp -a "$from/." "$RUNTIME/$dest/"
    elif [ "${#args[@]}" -gt 2 ] || [[ "$dest" == */ ]] || [ "$dest" = . ]; then
      mkdir -p "$RUNTIME/$dest" && cp -a "$from" "$RUNTIME/$dest/"
    else
      mkdir -p "$(dirname "$RUNTIME/$dest")" && cp -a "$from" "$RUNTIME/$dest"
    fi
    copies=$((copies + 1))
  done
done < <(grep -E '^COPY --from=build ' "$WORK/Dockerfile")
[ "$copies" -ge 5 ] || fail "found only $copies files to copy in the Dockerfile's runtime stage"
[ ! -e "$RUNTIME/apps/server/src" ] && [ ! -e "$RUNTIME/packages/contract/src" ] || fail "the runtime stage has sources"
[ ! -e "$RUNTIME/node_modules/typescript" ] && [ ! -e "$RUNTIME/node_modules/.bin/tsx" ] || fail "the runtime stage has TypeScript or tsx"
echo "$copies files and folders; no sources, no TypeScript, no tsx"
cd "$RUNTIME"

PORT="$(node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
BASE="http://127.0.0.1:$PORT"
DATA_DIR="$WORK/smoke-data"
step "npm run start:prod on $BASE (PGlite in $DATA_DIR, demo seed)"
# Only what this test needs; everything else of the environment (DATABASE_URL, SMTP_URL, ...) is cleared.
env -u DATABASE_URL -u SMTP_URL -u WEB_DIST -u STORAGE_DIR -u TELEMATICS -u MQTT_URL -u SSO_SECRET -u DEMO_IDP -u NODE_ENV \
  PORT="$PORT" HOST=127.0.0.1 DATA_DIR="$DATA_DIR" SEED=demo PUBLIC_URL="$BASE" LOG_LEVEL=info \
  npm run start:prod >"$LOG" 2>&1 &
SERVER_PID=$!

ready=""
for _ in $(seq 1 120); do
  kill -0 "$SERVER_PID" 2>/dev/null || fail "the server exited before it was ready"
  status="$(http GET "$BASE/api/ready" "$WORK/ready.json")"
  if [ "$status" = 200 ]; then ready=1; break; fi
  sleep 1
done
[ -n "$ready" ] || fail "GET /api/ready did not answer 200 within 120 s (last status: $status)"
echo "GET /api/ready: 200 $(head -c 200 "$WORK/ready.json")"

step "GET / serves the built SPA"
status="$(http GET "$BASE/" "$WORK/index.html")"
[ "$status" = 200 ] || fail "GET / answered $status"
script="$(grep -o 'src="/assets/[^"]*\.js"' apps/web/dist/index.html | head -n 1 | sed 's/^src="//; s/"$//')"
[ -n "$script" ] || fail "apps/web/dist/index.html names no /assets/*.js script"
grep -qF "$script" "$WORK/index.html" || fail "GET / is not apps/web/dist/index.html (no $script in it)"
status="$(http GET "$BASE$script" "$WORK/entry.js")"
[ "$status" = 200 ] || fail "GET $script answered $status"
echo "GET /: 200, the SPA's index.html; GET $script: 200"

step "POST /api/auth as the demo operator (support / support-demo)"
status="$(http POST "$BASE/api/auth" "$WORK/login.json" "Basic $(printf '%s' 'support:support-demo' | base64)")"
[ "$status" = 200 ] || fail "the demo login answered $status: $(head -c 300 "$WORK/login.json")"
node -e 'const b = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")); if (typeof b.token !== "string" || b.token.length < 20) process.exit(1);' "$WORK/login.json" \
  || fail "the login answer has no token: $(head -c 300 "$WORK/login.json")"
echo "POST /api/auth: 200 with a token"

step "SIGTERM: the server stops with exit code 0 within 20 s"
kill -TERM "$SERVER_PID"
for _ in $(seq 1 40); do
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.5
done
if kill -0 "$SERVER_PID" 2>/dev/null; then fail "the server still runs 20 s after SIGTERM"; fi
rc=0
wait "$SERVER_PID" || rc=$?
SERVER_PID=""
[ "$rc" = 0 ] || fail "the server exited with code $rc after SIGTERM"
status="$(http GET "$BASE/api/health" "$WORK/health.json")"
[ "$status" = 0 ] || fail "something still answers on $BASE after the shutdown (status $status)"
echo "exit code 0, port closed"

step "npm run staff:prod -- list --fleet fjord (the operator CLI from the build, same database)"
env -u DATABASE_URL DATA_DIR="$DATA_DIR" npm run staff:prod -- list --fleet fjord >"$WORK/staff.txt" 2>&1 \
  || { cat "$WORK/staff.txt" >&2; fail "npm run staff:prod failed"; }
grep -qw support "$WORK/staff.txt" || { cat "$WORK/staff.txt" >&2; fail "the staff list does not show the demo operator"; }
echo "the staff list shows the demo operator"

step "passed in $((SECONDS - STARTED_AT)) s"
