#!/usr/bin/env bash
# Payment webhooks benchmark of the release server, on SQLite (a fresh file) and on PostgreSQL
# (a fresh database): Stripe's `checkout.session.completed` events, each crediting one order of
# gold-600 (600 coins for 999 USD cents), sent again as Stripe retries, with every credit checked
# after.
#   - BENCH_WEBHOOKS_ORDERS people (40,000), each with one unfinished `card` order of gold-600
#     whose Checkout Session is `cs_bench_<order id>`;
#   - the server configured for Stripe (secret key sk_test_bench, signing secret whsec_bench; its
#     API address a closed port: a completed session is believed from the signed event, the API
#     is not called);
#   - each event as Stripe sends it to POST /prod-api/order/webhook/stripe: the raw JSON body and
#     `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, signed right before
#     the phase that sends it (the server takes 300 s of age), payment intent `pi_bench_<id>`.
# Measured, in one run of one server process:
#   - GET /prod-api/getInfo with wrk (2 threads, 32 connections, 2 s of warm-up, then
#     BENCH_WEBHOOKS_YARDSTICK): the yardstick of the run;
#   - webhooks at a fixed rate, BENCH_WEBHOOKS_RATE a second (500) for BENCH_WEBHOOKS_SECONDS (20)
#     after BENCH_WEBHOOKS_WARMUP (2) not counted, from bench/webhooks.py: open loop, a pool of
#     BENCH_WEBHOOKS_POOL keep-alive connections (64), each latency counted from the moment the
#     send was due (no coordinated omission), so a stalled server shows in the percentiles. Each
#     event is sent twice (for half of them both copies at the same moment on two connections, a
#     race; for the other half the copy a second later), one in five a third time five seconds on;
#   - the highest rate, with wrk (2 threads, BENCH_WEBHOOKS_CONNECTIONS connections, 32, for
#     BENCH_WEBHOOKS_MAX_SECONDS, 10 s) on events of other orders, each sent twice back to back (two
#     connections racing);
#   - then every event sent in either phase once more (Stripe retries until it has a 200), and
#     the checks: every order whose event was sent is finished, once, by its payment intent, the
#     others unfinished; every buyer's coins are 600 or 0 (never 1200: a double credit); one
#     `purchase` ledger entry per finished order, adding up to 600 each; every balance equal to
#     the sum of its ledger entries. PASS and FAIL lines in bench/results/webhooks-check-*.txt; a
#     FAIL makes the script exit with 1.
# The server's CPU time is read from /proc for the fixed rate and the highest rate.
#
# Shortcut: one person is registered through the API (for getInfo); the buyers and their orders
# are inserted straight into the database with SQL (the sqlite3 CLI, psql), with that person's
# password hash.
#
# Knobs: BENCH_WEBHOOKS_ORDERS (40000), BENCH_WEBHOOKS_RATE (500), BENCH_WEBHOOKS_SECONDS (20),
# BENCH_WEBHOOKS_WARMUP (2), BENCH_WEBHOOKS_POOL (64), BENCH_WEBHOOKS_CONNECTIONS (32: wrk, the
# highest rate and the yardstick), BENCH_WEBHOOKS_MAX_SECONDS (10), BENCH_WEBHOOKS_YARDSTICK (10s),
# BENCH_WEBHOOKS_BACKENDS ("sqlite postgres"), BENCH_WEBHOOKS_BIN (the server binary; default
# $CARGO_TARGET_DIR/release/amora).
# Results: bench/results/webhooks-*.txt (raw outputs of wrk and of the fixed rate, seeding, resend
# and checks, the server's log) and bench/results/webhooks.md (table and goals).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
bin=${BENCH_WEBHOOKS_BIN:-$CARGO_TARGET_DIR/release/amora}
orders=${BENCH_WEBHOOKS_ORDERS:-40000}
rate=${BENCH_WEBHOOKS_RATE:-500}
seconds=${BENCH_WEBHOOKS_SECONDS:-20}
warmup=${BENCH_WEBHOOKS_WARMUP:-2}
pool=${BENCH_WEBHOOKS_POOL:-64}
connections=${BENCH_WEBHOOKS_CONNECTIONS:-32}
max_seconds=${BENCH_WEBHOOKS_MAX_SECONDS:-10}
yardstick=${BENCH_WEBHOOKS_YARDSTICK:-10s}
backends=${BENCH_WEBHOOKS_BACKENDS:-sqlite postgres}
port=18186
stripe_port=18187   # nothing listens there: the Stripe API is not called for these events
base="http://127.0.0.1:$port"
secret=whsec_bench
hook=/prod-api/order/webhook/stripe
gen=bench/webhooks.py
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk sqlite3 psql curl python3; do
  command -v "$tool" >/dev/null || { echo "webhooks bench: $tool is missing (apt-get install -y wrk sqlite3 postgresql-client)" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "webhooks bench: no server binary at $bin (cargo build --release -p amora-server, or set BENCH_WEBHOOKS_BIN)" >&2; exit 1; }
[[ $yardstick =~ ^[0-9]+s$ ]] || { echo "webhooks bench: BENCH_WEBHOOKS_YARDSTICK is in seconds (10s)" >&2; exit 1; }
# The fixed rate takes up to one order a send; wrk needs some left.
fixed_orders=$(python3 -c "import math; print(math.ceil($rate * ($seconds + $warmup)))")
(( orders >= fixed_orders + 1000 )) || { echo "webhooks bench: BENCH_WEBHOOKS_ORDERS must be at least $((fixed_orders + 1000)) for this rate and time" >&2; exit 1; }

# Our own copy: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-webhooks-bench.XXXXXX)
cp "$bin" "$work/amora"
guard=
pg_db=
cleanup() {
  if [ -n "$guard" ]; then kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then
    psql -X "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

summary() { # wrk output -> "rps p50 p99 errors" (errors: non-2xx answers and socket errors)
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad+=$NF}
    /Socket errors/ {gsub(",", ""); bad+=$4+$6+$8+$10} END {print rps, p50, p99, bad+0}' "$1"
}
to_ms() { # a wrk latency (850.00us, 3.51ms, 1.02s) -> milliseconds
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v) }
    else if (v ~ /m$/) { sub(/m$/, "", v); v = v * 60000 }
    else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000 }
    printf "%.2f", v }'
}
cores() { # ticks-before ticks-after seconds -> cores used
  awk -v d="$(($2 - $1))" -v hz="$(getconf CLK_TCK)" -v s="$3" 'BEGIN {printf "%.2f", d / hz / s}'
}
busy() { # machine-ticks-before machine-ticks-after -> percent of the machine busy
  awk -v a="$1" -v b="$2" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.0f%%", 100 * (y[1] - x[1]) / (y[2] - x[2])}'
}
start_server() { # dir url -> sets guard, pid
  wait_port_free
  AMORA_ADDR=127.0.0.1:$port AMORA_DATA_DIR="$1" AMORA_DATABASE_URL="$2" \
    AMORA_RATE_LIMIT__DISABLED=true AMORA_WEB_DIR="$1/none" RUST_LOG=warn \
    AMORA_PAYMENTS__STRIPE__SECRET_KEY=sk_test_bench AMORA_PAYMENTS__STRIPE__WEBHOOK_SECRET=$secret \
    AMORA_PAYMENTS__STRIPE__API_URL=http://127.0.0.1:$stripe_port \
    timeout 1800 "$work/amora" serve >>"$1/server.log" 2>&1 &
  guard=$!
  for _ in $(seq 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.1; done
  curl -sf "$base/readyz" >/dev/null || { echo "the server did not start:" >&2; tail -20 "$1/server.log" >&2; return 1; }
  pid=$(pgrep -P "$guard" | head -1)
}
stop_server() {
  kill "$guard" 2>/dev/null || true
  wait "$guard" 2>/dev/null || true
  guard=
}

# The buyers u = 0..orders-1 (user id u0 + u) and their orders (id o0 + u): gold-600 by card,
# unfinished, the Checkout Session cs_bench_<order id> started a minute ago.
sqlite_seed() { # viewer-id u0 o0 now
  cat <<SQL
PRAGMA foreign_keys = OFF;
BEGIN;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    email_verified, created_at, last_active_at)
SELECT $2 + value, 'buyer' || value, 'buyer' || value || '@example.com',
    (SELECT password_hash FROM users WHERE id = $1),
    CASE value % 2 WHEN 0 THEN 'female' ELSE 'male' END, 'Japan', '1990-01-01', 'en', TRUE,
    $4 - 86400, $4 - 60
FROM generate_series(0, $orders - 1);
INSERT INTO orders (id, user_id, product_id, pay_type, state, price_cents, currency, price_coins,
    checkout, provider_ref, checkout_url, created_at, updated_at)
SELECT $3 + value, $2 + value, p.id, 'card', 'unfinished', p.price_cents, p.currency, p.price_coins,
    lower(hex(randomblob(32))), 'cs_bench_' || ($3 + value),
    'https://checkout.stripe.com/c/pay/cs_bench_' || ($3 + value), $4 - 60, $4 - 60
FROM generate_series(0, $orders - 1) CROSS JOIN products p WHERE p.code = 'gold-600';
COMMIT;
ANALYZE;
SQL
}
postgres_seed() { # viewer-id u0 o0 now
  cat <<SQL
SET synchronous_commit = off;
BEGIN;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    email_verified, created_at, last_active_at)
OVERRIDING SYSTEM VALUE
SELECT $2 + u, 'buyer' || u, 'buyer' || u || '@example.com',
    (SELECT password_hash FROM users WHERE id = $1),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END, 'Japan', '1990-01-01', 'en', TRUE,
    $4 - 86400, $4 - 60
FROM generate_series(0::bigint, $orders - 1) AS u;
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
INSERT INTO orders (id, user_id, product_id, pay_type, state, price_cents, currency, price_coins,
    checkout, provider_ref, checkout_url, created_at, updated_at)
OVERRIDING SYSTEM VALUE
SELECT $3 + u, $2 + u, p.id, 'card', 'unfinished', p.price_cents, p.currency, p.price_coins,
    md5(random()::text) || md5(random()::text), 'cs_bench_' || ($3 + u),
    'https://checkout.stripe.com/c/pay/cs_bench_' || ($3 + u), $4 - 60, $4 - 60
FROM generate_series(0::bigint, $orders - 1) AS u CROSS JOIN products p WHERE p.code = 'gold-600';
SELECT setval(pg_get_serial_sequence('orders', 'id'), (SELECT max(id) FROM orders));
COMMIT;
VACUUM (ANALYZE);
CHECKPOINT;
SQL
}

# wrk: the pre-signed events of a file ("<signature>\t<body>" lines, each event on two lines one
# after the other), each thread walking its own half from its start (round again if it gets to
# the end); done() prints how many requests each thread made.
cat >"$work/events.lua" <<LUA
local file = "$work/wrk-events.txt"
local threads = {}
local count = 0
function setup(thread)
  count = count + 1
  thread:set("id", count)
  table.insert(threads, thread)
end
function init(args)
  local lines = {}
  for line in io.lines(file) do table.insert(lines, line) end
  local half = 2 * math.floor(#lines / 4)
  local first, last = 1, half
  if id == 2 then first, last = half + 1, #lines end
  reqs = {}
  for i = first, last do
    local sig, body = lines[i]:match("^([^\t]*)\t(.*)$")
    table.insert(reqs, wrk.format("POST", "$hook",
      {["Content-Type"] = "application/json", ["Stripe-Signature"] = sig}, body))
  end
  lines = nil
  n = 0
  made = 0
end
function request()
  n = n % #reqs + 1
  made = made + 1
  return reqs[n]
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    io.write(string.format("made: thread %d %d\n", thread:get("id"), thread:get("made")))
  end
end
LUA

results="$work/results.tsv"
: >"$results"
run_backend() { # name database-url
  local name=$1 url=$2 dir v u0 o0 now token
  dir=$(mktemp -d "$work/$name.XXXX")
  local log="$out/webhooks-check-$name.txt"
  echo "# $(date -u +%FT%TZ) webhooks bench on $name: $orders buyers with an unfinished card order of gold-600; load average $(loadavg)" | tee "$log"
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  start_server "$dir" "$url"
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"webhookviewer\",\"email\":\"webhookviewer@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  stop_server
  v=$(query "$url" "SELECT id FROM users WHERE user_name = 'webhookviewer'")
  u0=$(query "$url" "SELECT max(id) + 1 FROM users")
  o0=$(query "$url" "SELECT COALESCE(max(id), 0) + 1 FROM orders")
  now=$(date +%s)
  local t0
  t0=$(date +%s.%N)
  if [[ $url == postgres* ]]; then
    postgres_seed "$v" "$u0" "$o0" "$now" | psql -X -q -o /dev/null -v ON_ERROR_STOP=1 "$url" >>"$log" 2>&1 ||
      { echo "seeding failed:" >&2; tail -5 "$log" >&2; return 1; }
  else
    sqlite3 "${url#sqlite://}" 'PRAGMA journal_mode = WAL' >/dev/null
    sqlite_seed "$v" "$u0" "$o0" "$now" | sqlite3 -bail "${url#sqlite://}" >>"$log" 2>&1 ||
      { echo "seeding failed:" >&2; tail -5 "$log" >&2; return 1; }
  fi
  printf 'seeded in %.1f s: %s buyers, %s unfinished card orders of gold-600 (ids %s to %s)\n' \
    "$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {print b - a}')" \
    "$(query "$url" "SELECT count(*) FROM users WHERE id >= $u0")" \
    "$(query "$url" "SELECT count(*) FROM orders WHERE state = 'unfinished' AND pay_type = 'card'")" \
    "$o0" "$((o0 + orders - 1))" | tee -a "$log"
  # The first orders for the fixed rate, the others for wrk.
  seq "$o0" "$((o0 + fixed_orders - 1))" >"$work/fixed-orders"
  seq "$((o0 + fixed_orders))" "$((o0 + orders - 1))" >"$work/wrk-orders"

  start_server "$dir" "$url"
  local c0 c1 m0 m1 raw

  # The yardstick.
  raw="$out/webhooks-getinfo-$name.txt"
  wrk -t2 -c"$connections" -d2s -H "Authorization: Bearer $token" "$base/prod-api/getInfo" >/dev/null
  c0=$(cpu_ticks "$pid") m0=$(machine_ticks)
  { echo "# $(date -u +%FT%TZ) $name getInfo; load average before: $(loadavg)"
    wrk -t2 -c"$connections" -d"$yardstick" --latency -H "Authorization: Bearer $token" "$base/prod-api/getInfo"; } >"$raw"
  c1=$(cpu_ticks "$pid") m1=$(machine_ticks)
  echo "server cores: $(cores "$c0" "$c1" "${yardstick%s}"); machine busy: $(busy "$m0" "$m1")" >>"$raw"
  local g_rps g_p50 g_p99 g_bad
  read -r g_rps g_p50 g_p99 g_bad < <(summary "$raw")

  # The fixed rate.
  raw="$out/webhooks-rate-$name.txt"
  c0=$(cpu_ticks "$pid") m0=$(machine_ticks)
  { echo "# $(date -u +%FT%TZ) $name webhooks at $rate/s; load average before: $(loadavg)"
    python3 "$gen" rate --base "$base" --secret "$secret" --orders "$work/fixed-orders" --rate "$rate" \
      --seconds "$seconds" --warmup "$warmup" --pool "$pool" --out "$work/fixed-sent"; } >"$raw"
  c1=$(cpu_ticks "$pid") m1=$(machine_ticks)
  local r_cores r_busy
  r_cores=$(cores "$c0" "$c1" "$((seconds + warmup))") r_busy=$(busy "$m0" "$m1")
  echo "server cores: $r_cores; machine busy: $r_busy" >>"$raw"
  grep -v '^RESULT' "$raw"
  local r_sent r_answered r_p50 r_p99 r_max r_bad r_bad_all r_events r_sends
  IFS=$'\t' read -r _ r_sent r_answered r_p50 r_p99 r_max r_bad r_bad_all r_events r_sends < <(grep '^RESULT' "$raw")

  # The highest rate.
  raw="$out/webhooks-max-$name.txt"
  python3 "$gen" wrk --secret "$secret" --orders "$work/wrk-orders" --out "$work/wrk-events.txt"
  c0=$(cpu_ticks "$pid") m0=$(machine_ticks)
  { echo "# $(date -u +%FT%TZ) $name webhooks, highest rate; load average before: $(loadavg)"
    wrk -t2 -c"$connections" -d"${max_seconds}s" --timeout 30s --latency -s "$work/events.lua" "$base$hook"; } >"$raw"
  c1=$(cpu_ticks "$pid") m1=$(machine_ticks)
  local x_cores x_busy
  x_cores=$(cores "$c0" "$c1" "$max_seconds") x_busy=$(busy "$m0" "$m1")
  echo "server cores: $x_cores; machine busy: $x_busy" >>"$raw"
  local x_rps x_p50 x_p99 x_bad
  read -r x_rps x_p50 x_p99 x_bad < <(summary "$raw")
  # The orders of the events wrk made: each thread walked its half of wrk-orders from its start.
  python3 - "$work/wrk-orders" "$raw" "$work/wrk-sent" <<'PY'
import math, re, sys
orders = open(sys.argv[1]).read().split()
half = len(orders) // 2
parts = [orders[:half], orders[half:]]
sent = []
for thread, made in re.findall(r'^made: thread (\d+) (\d+)$', open(sys.argv[2]).read(), re.M):
    part = parts[int(thread) - 1]
    sent += part[:min(len(part), math.ceil(int(made) / 2))]
open(sys.argv[3], 'w').write('\n'.join(sent) + '\n')
PY
  printf 'highest rate: %s requests/s, p50 %s, p99 %s, non-2xx %s; %s events of %s orders (the rest never sent)\n' \
    "$x_rps" "$x_p50" "$x_p99" "$x_bad" "$(wc -l <"$work/wrk-sent")" "$(wc -l <"$work/wrk-orders")" | tee -a "$log"

  # Every event sent once more, then the checks.
  sort -n "$work/fixed-sent" "$work/wrk-sent" | uniq >"$work/sent"
  python3 "$gen" resend --base "$base" --secret "$secret" --orders "$work/sent" >"$work/resend"
  grep -v '^RESULT' "$work/resend" | tee -a "$log"
  local resend_bad
  resend_bad=$(awk -F'\t' '/^RESULT/ {print $3}' "$work/resend")
  local hwm
  hwm=$(awk '$1 == "VmHWM:" {print $2}' "/proc/$pid/status")
  stop_server
  cp "$dir/server.log" "$out/webhooks-server-$name.txt"

  local sent fails=0 double
  sent=$(wc -l <"$work/sent")
  query "$url" "SELECT id FROM orders WHERE state = 'finished' ORDER BY id" >"$work/finished"
  check() { # what expected got
    if [ "$2" = "$3" ]; then echo "PASS $1: $3"; else echo "FAIL $1: expected $2, got $3"; fails=$((fails + 1)); fi
  }
  {
    echo "events sent: $sent distinct ($r_events at the fixed rate in $r_sends sends; $(wc -l <"$work/wrk-sent") by wrk, each twice or more), then each once more"
    check "every answer to the once-more pass a 200" 0 "$resend_bad"
    check "finished orders = events sent" "$sent" "$(wc -l <"$work/finished")"
    check "the finished orders are those whose event was sent" "" "$(diff "$work/sent" "$work/finished" | head -3 | tr '\n' ' ')"
    check "finished by their own payment intent (provider_txn stripe:pi_bench_<id>)" "$sent" \
      "$(query "$url" "SELECT count(*) FROM orders WHERE state = 'finished' AND provider_txn = 'stripe:pi_bench_' || id")"
    check "orders not sent still unfinished" "$((orders - sent))" "$(query "$url" "SELECT count(*) FROM orders WHERE state = 'unfinished'")"
    check "buyers with 600 coins" "$sent" "$(query "$url" "SELECT count(*) FROM balances WHERE asset = 'coins' AND user_id >= $u0 AND balance = 600")"
    double=$(query "$url" "SELECT count(*) FROM balances WHERE asset = 'coins' AND user_id >= $u0 AND balance NOT IN (0, 600)")
    check "buyers with coins other than 0 or 600 (1200: a double credit)" 0 "$double"
    check "purchase ledger entries" "$sent" "$(query "$url" "SELECT count(*) FROM ledger_entries WHERE reason = 'purchase'")"
    check "coins of the purchase entries" "$((600 * sent))" "$(query "$url" "SELECT COALESCE(SUM(amount), 0) FROM ledger_entries WHERE reason = 'purchase'")"
    check "buyers with more than one purchase entry" 0 "$(query "$url" "SELECT count(*) FROM (SELECT user_id FROM ledger_entries WHERE reason = 'purchase' GROUP BY user_id HAVING count(*) > 1) AS twice")"
    check "balances other than the sum of their ledger entries" 0 "$(query "$url" "SELECT count(*) FROM balances b WHERE balance <> (SELECT COALESCE(SUM(amount), 0) FROM ledger_entries l WHERE l.user_id = b.user_id AND l.asset = b.asset)")"
  } >"$work/checks"
  tee -a "$log" <"$work/checks"
  fails=$(grep -c '^FAIL' "$work/checks" || true)
  echo "server peak RSS (VmHWM): $((hwm / 1024)) MiB" | tee -a "$log"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' \
    "$name" "$g_rps" "$(to_ms "$g_p50")" "$(to_ms "$g_p99")" "$g_bad" \
    "$r_sent" "$r_answered" "$r_p50" "$r_p99" "$r_max" "$r_bad" "$r_cores" "$r_busy" \
    "$x_rps" "$(to_ms "$x_p50")" "$(to_ms "$x_p99")" "$x_bad" "$x_cores" "$double" "$fails" >>"$results"
}

started=$(date +%s)
start_load=$(loadavg)
for b in $backends; do
  case $b in
    sqlite) run_backend sqlite "sqlite://$work/webhooks.db" ;;
    postgres)
      pg_db="amora_webhooks_$$"
      psql -X "$pg_admin" -qc "CREATE DATABASE $pg_db"
      run_backend postgres "${pg_admin%/*}/$pg_db"
      psql -X "$pg_admin" -qc "DROP DATABASE $pg_db WITH (FORCE)"
      pg_db= ;;
    *) echo "unknown backend $b" >&2; exit 1 ;;
  esac
done

{
  echo "# webhooks bench $(date -u +%FT%TZ): $orders buyers; $rate/s for ${seconds} s after ${warmup} s, pool $pool; highest rate with wrk, $connections connections, ${max_seconds} s; $(( $(date +%s) - started )) s in all"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GiB, $(uname -r); load average at the start: $start_load, at the end: $(loadavg) (other work on the machine weighs on every number)."
  echo
  python3 - "$results" "$rate" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
target = float(sys.argv[2])
names = {'sqlite': 'SQLite', 'postgres': 'PostgreSQL'}
print('| database | getInfo (yardstick) requests/s | p99 | webhooks at %g/s: answered/s | p50 | p99 | max | errors | server cores | highest rate (wrk): webhooks/s | share of getInfo | p50 | p99 | errors | double credits | checks |' % target)
print('|---|' + '---|' * 15)
for r in rows:
    (b, g, g50, g99, gbad, sent, ans, p50, p99, mx, bad, rc, rb, x, x50, x99, xbad, xc, double, fails) = r
    share = 100 * float(x) / float(g) if float(g) else 0
    print(f'| {names.get(b, b)} | {float(g):,.0f} | {float(g99):.2f} ms | {float(ans):,.1f} | {float(p50):.2f} ms | '
          f'**{float(p99):.2f} ms** | {float(mx):.1f} ms | {bad} | {rc} | **{float(x):,.0f}** | {share:.0f}% | {float(x50):.2f} ms | {float(x99):.2f} ms | {xbad} | '
          f'**{double}** | {"all pass" if fails == "0" else fails + " FAIL"} |')
print()
print('| goal (%d cores) | ' % __import__('os').cpu_count() + ' | '.join(names.get(r[0], r[0]) for r in rows) + ' |')
print('|---|' + '---|' * len(rows))
def cell(ok, text):
    return f"{'met' if ok else '**not met**'} ({text})"
print(f'| {target:g} webhooks/s sustained (answered at 99% of the rate or more, no error) | ' + ' | '.join(
    cell(float(r[6]) >= 0.99 * target and r[10] == '0', f'{float(r[6]):,.1f}/s, {r[10]} errors') for r in rows) + ' |')
print(f'| p99 under 50 ms at {target:g}/s | ' + ' | '.join(cell(float(r[8]) < 50, f'{float(r[8]):.2f} ms') for r in rows) + ' |')
print('| no double credit, every order credited once | ' + ' | '.join(
    cell(r[18] == '0' and r[19] == '0', f'{r[18]} double credits, {r[19]} failed checks') for r in rows) + ' |')
PY
} >"$out/webhooks.md"
cat "$out/webhooks.md"
# A credit given twice or missing fails the run (bench/results/webhooks-check-*.txt say which).
if awk -F'\t' '$20 != 0 {bad = 1} END {exit !bad}' "$results"; then
  echo "webhooks bench: FAIL lines in the checks:" >&2
  grep -h '^FAIL' "$out"/webhooks-check-*.txt >&2
  exit 1
fi
