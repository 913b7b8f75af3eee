#!/usr/bin/env bash
# Load benchmarks of the release server on this machine, each backend in turn:
#   - authenticated GET /prod-api/getInfo (requests per second, p50/p99 latency)
#   - POST /prod-api/login (bounded by Argon2id)
#   - translation (bench/translate.sh): en->es through a process per message and through APY,
#     beside getInfo
#   - chat (bench/chat.sh): memory per idle /im connection, one-to-one messages per second and
#     their latency, and Prosody on the same traffic
#   - feed (bench/feed.sh): the dynamics feed on 100,000 people, 1,000,000 dynamics and
#     3,000,000 comments seeded with SQL, beside getInfo
#   - staff (bench/staff.sh): the operator console's queues (reports, review, audit, people
#     search) on 100,000 people and 100,000 open reports seeded with SQL, beside getInfo
#   - discover (bench/discover.sh): discover's filters (page 1, and page 50 through a page token)
#     and the people lists (likes, visitors, matches, blocked) of a member, on 100,000 people
#     seeded with SQL, beside getInfo
#   - groups (bench/groups.sh): a group of 200, 20 writing, in deliveries a second and their
#     latency, beside one-to-one chat among the same people
#   - nearby (bench/nearby.sh): people nearby, page 1 and page 50 (through a page token) and
#     filtered pages, on 100,000 people of whom a third share their area, and the mix paced at
#     the goal's rate (15% of getInfo's) for its p99
#   - webhooks (bench/webhooks.sh): Stripe's checkout.session.completed at a fixed 500 a second
#     and at the highest rate, every event sent twice or more, every credit checked after, on
#     40,000 orders seeded with SQL, beside getInfo
#   - uploads (bench/uploads.sh): peak memory while one account uploads the worst pictures it is
#     allowed, and others' small uploads meanwhile, beside getInfo
# The load comes from wrk on loopback; every run is bounded in time. Results: bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
bin="$CARGO_TARGET_DIR/release/amora"
out=bench/results
mkdir -p "$out"
duration=${BENCH_DURATION:-15s}
connections=${BENCH_CONNECTIONS:-32}
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
port=18181
base="http://127.0.0.1:$port"
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

cat > "$out/login.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"userName":"bench","password":"secret1"}'
LUA

summary() { # file -> "rps p50 p99"
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} END {print rps, p50, p99}' "$1"
}

run_backend() {
  local name=$1 url=$2 dir
  dir=$(mktemp -d)
  AMORA_ADDR=127.0.0.1:$port AMORA_DATA_DIR="$dir" AMORA_DATABASE_URL="$url" \
    AMORA_RATE_LIMIT__DISABLED=true AMORA_WEB_DIR="$dir/none" RUST_LOG=warn "$bin" serve &
  local pid=$!
  for _ in $(seq 100); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.1; done
  local token
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"bench\",\"email\":\"bench@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  wrk -t2 -c"$connections" -d"$duration" --latency -H "Authorization: Bearer $token" "$base/prod-api/getInfo" >"$out/getinfo-$name.txt"
  wrk -t2 -c8 -d"$duration" --latency -s "$out/login.lua" "$base/prod-api/login" >"$out/login-$name.txt"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
  read -r rps p50 p99 < <(summary "$out/getinfo-$name.txt")
  printf '| getInfo (authenticated) | %s | %s | %s | %s |\n' "$name" "$rps" "$p50" "$p99" >>"$out/table.md"
  read -r rps p50 p99 < <(summary "$out/login-$name.txt")
  printf '| login (Argon2id) | %s | %s | %s | %s |\n' "$name" "$rps" "$p50" "$p99" >>"$out/table.md"
}

printf '| endpoint | database | requests/s | p50 | p99 |\n|---|---|---|---|---|\n' >"$out/table.md"
run_backend sqlite "sqlite://$(mktemp -d)/bench.db"
db="amora_bench_$$"
psql "$pg_admin" -qc "CREATE DATABASE $db"
run_backend postgres "${pg_admin%/*}/$db"
psql "$pg_admin" -qc "DROP DATABASE $db WITH (FORCE)"

# One Argon2id hash with our parameters, alone on one core, for the bound on logins.
cargo run -q --release -p amora-server --example hash_cost >"$out/hash.txt" 2>/dev/null || true
cat "$out/table.md"
[ -s "$out/hash.txt" ] && cat "$out/hash.txt"

# Translation: a 200-character message English to Spanish through one `apertium` process per
# message, through APY (one at a time, 64 at once, 20 a second) and through the cache, beside
# getInfo (bench/translate.sh; about a minute).
if command -v apertium-apy >/dev/null; then
  bash bench/translate.sh
fi

# Chat: memory per idle /im connection, one-to-one messages per second and their latency, and
# the same traffic through Prosody (bench/chat.sh; a few minutes).
bash bench/chat.sh

# Feed: page 1 and page 50 of everyone's dynamics and one person's, on a seeded database of
# 100,000 people, 1,000,000 dynamics and 3,000,000 comments (bench/feed.sh; about 5 minutes).
bash bench/feed.sh

# Staff: the reports queue (page 1 and 50), one report, the review queue, the audit log and the
# people search as a staff member, on 100,000 people and 100,000 open reports (bench/staff.sh;
# about 7 minutes).
bash bench/staff.sh

# Discover: eight discover searches (page 50 through a page token) and the five people lists,
# page 1 and page 50, as a member who likes 20,000 people and was visited by 50,000, on 100,000
# people (bench/discover.sh; about 6 minutes).
bash bench/discover.sh

# Group chat: a group of 200 people all online, 20 of them writing, beside one-to-one chat among
# the same 200 (bench/groups.sh; about 3 minutes).
bash bench/groups.sh

# People nearby: page 1, page 50 (through a page token) and filtered pages of the people sharing
# their area, nearest first, beside getInfo, on 100,000 people of whom a third share their area
# (bench/nearby.sh; about 3 minutes).
bash bench/nearby.sh

# Payment webhooks: Stripe's checkout.session.completed events at a fixed 500 a second (latency
# from each send's due time) and at the highest rate, each sent twice or more as Stripe retries,
# then every order and balance checked for a credit given once (bench/webhooks.sh; about 2
# minutes).
bash bench/webhooks.sh

# Pictures and memory: one account uploading the worst pictures it is allowed at its quota while
# twelve others upload small photos; the server's peak memory during the uploads and the others'
# latencies (bench/uploads.sh; about 40 seconds).
bash bench/uploads.sh
