#!/usr/bin/env bash
# Feed benchmark of the release server, on SQLite (a fresh file) and on PostgreSQL (a fresh
# database), with a large seeded feed:
#   - 100,000 people, 1,000,000 dynamics (three photos on a third of them), 3,000,000 comments
#     (a quarter of them replies), about 2,005,000 likes on dynamics;
#   - the viewer: an ordinary person registered through the API, who blocked 200 people, is
#     blocked by 200 others, likes 50 people and has liked 5,000 dynamics.
# Measured with wrk (2 threads, 32 connections, a short warm-up, then BENCH_FEED_DURATION),
# all authenticated as the viewer, in one run of one server process:
#   - GET /prod-api/getInfo (the yardstick of the run)
#   - GET /prod-api/system/dynamic/list?pageSize=10            (the everyone feed, page 1)
#   - GET /prod-api/system/dynamic/list?pageSize=10&before=N   (page 50: N is the `next` of page 49)
#   - GET /prod-api/system/dynamic/list?pageSize=10&userId=P   (one person's feed, page 1)
# and the server's peak resident memory (VmHWM). Then the plans of the feed statements, as the
# server sent them (logged by PostgreSQL during a walk through the pages), on both databases
# (bench/loadgen `plan`, through sqlx as the server runs them), each timed alone.
#
# Shortcut: only the viewer is registered through the API (Argon2id); everything else is
# inserted straight into the database the server uses, with SQL (the sqlite3 CLI, psql), with the
# viewer's password hash copied into every seeded person. Counts kept on rows (a dynamic's likes
# and comments, a comment's replies) agree with the rows inserted.
#
# Knobs: BENCH_FEED_USERS (100000), BENCH_FEED_DYNAMICS (1000000; comments are 3 a dynamic),
# BENCH_FEED_BLOCKS (200 each way), BENCH_FEED_DURATION (20s), BENCH_FEED_WARMUP (3s),
# BENCH_FEED_CONNECTIONS (32), BENCH_FEED_BACKENDS ("sqlite postgres").
# BENCH_FEED_PG_LOG: the local PostgreSQL's log file (Debian's by default; no plans without it).
# Results: bench/results/feed-*.txt (raw wrk outputs, seeding log), feed-plan-*.txt (plans) and
# bench/results/feed.md (table).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
# Where the local PostgreSQL writes its log (Debian's default), for the feed statements' text.
pg_log=${BENCH_FEED_PG_LOG:-$(ls /var/log/postgresql/postgresql-*-main.log 2>/dev/null | head -1)}
users=${BENCH_FEED_USERS:-100000}
dynamics=${BENCH_FEED_DYNAMICS:-1000000}
blocks=${BENCH_FEED_BLOCKS:-200}
duration=${BENCH_FEED_DURATION:-20s}
warmup=${BENCH_FEED_WARMUP:-3s}
connections=${BENCH_FEED_CONNECTIONS:-32}
backends=${BENCH_FEED_BACKENDS:-sqlite postgres}
port=18183
base="http://127.0.0.1:$port"
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk sqlite3 psql curl python3; do
  command -v "$tool" >/dev/null || { echo "feed bench: $tool is missing (apt-get install -y wrk sqlite3 postgresql-client)" >&2; exit 1; }
done
(( users >= 1000 )) || { echo "feed bench: BENCH_FEED_USERS must be at least 1000" >&2; exit 1; }
(( (blocks - 1) * 500 + 251 < users )) || { echo "feed bench: BENCH_FEED_BLOCKS * 500 must stay below BENCH_FEED_USERS" >&2; exit 1; }

# Our own copy: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-feed-bench.XXXXXX)
cp "$CARGO_TARGET_DIR/release/amora" "$work/amora"
guard=
pg_db=
cleanup() {
  if [ -n "$guard" ]; then kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; fi
  if [ -n "$pg_db" ]; then psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

now=$(date +%s)
lorem="Sunset walks, ramen at midnight and a new language every year. Tell me about your city, your favourite song and the place you dream of visiting next; I will tell you mine."
# A person's row: u in 0..users-1, id u0 + u. People 0..999 post a tenth of all dynamics
# (about 110 each), the others about 10 each. Person 7 is the one whose feed is measured.
# Dynamic i (1..dynamics): id i, one every 30 s up to now, by person
#   i % 10 = 0 ? (i / 10 * 7) % 1000 : i * 7919 % users;
# three photos when i % 3 = 0 (no text when i % 6 = 0); removed by staff when i % 1000 = 999;
# likes: i % 5 people, plus the viewer when i % 200 = 1;
# comments: t(i % 8) top-level ones, of 0 1 2 3 4 5 1 2 (2.25 on average), the first of which has
# s(i % 8) replies, of 0 0 1 2 1 2 0 0 (0.75 on average): 3 comments a dynamic, a quarter replies.
# Blocks: the viewer blocked people 500k + 3, and people 500k + 251 blocked the viewer
# (k < BENCH_FEED_BLOCKS); the viewer likes people 100 + 1001k (k < 50). A person with
# u % 200 = 199 is banned, u % 500 = 333 deleted.

sqlite_seed() { # viewer-id u0
  local v=$1 u0=$2
  cat <<SQL
PRAGMA journal_mode = DELETE;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -524288;
PRAGMA temp_store = MEMORY;
PRAGMA foreign_keys = OFF;
BEGIN;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, status,
    created_at, last_active_at, deleted_at)
SELECT $u0 + u, 'feed' || u, 'feed' || u || '@example.com',
    (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    CASE u % 8 WHEN 0 THEN 'Japan' WHEN 1 THEN 'United States' WHEN 2 THEN 'China'
      WHEN 3 THEN 'Brazil' WHEN 4 THEN 'Spain' WHEN 5 THEN 'Philippines' WHEN 6 THEN 'Thailand'
      ELSE 'Mexico' END,
    date((u * 37 % 12000) * 86400, 'unixepoch'),
    CASE u % 5 WHEN 0 THEN 'ja' WHEN 1 THEN 'en' WHEN 2 THEN 'es' WHEN 3 THEN 'zh-Hans' ELSE 'zh-Hant' END,
    CASE WHEN u % 3 = 0 THEN substr('$lorem', 1 + u % 40, 30 + u % 60) END,
    CASE WHEN u % 5 <> 0 THEN 'avatars/' || printf('%032x', u * 2654435761) || '.jpg' END,
    CASE WHEN u % 5 <> 0 THEN 'avatars/' || printf('%032x', u * 2654435761) || '_thumb.jpg' END,
    TRUE,
    CASE WHEN u % 10 = 0 THEN 'VIP' WHEN u % 25 = 1 THEN 'SVIP' END,
    CASE WHEN u % 10 = 0 OR u % 25 = 1 THEN $now + 30 * 86400 END,
    CASE WHEN u % 200 = 199 THEN 'banned' WHEN u % 500 = 333 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400 + u * 60, $now - (u * 7 % 2592000),
    CASE WHEN u % 200 <> 199 AND u % 500 = 333 THEN $now - 86400 END
FROM (SELECT value AS u FROM generate_series(0, $users - 1));

INSERT INTO dynamics (id, user_id, content, images, likes, comments, created_at, removed_at)
SELECT i,
    $u0 + CASE WHEN i % 10 = 0 THEN (i / 10 * 7) % 1000 ELSE i * 7919 % $users END,
    CASE WHEN i % 6 = 0 THEN '' ELSE 'Dynamic ' || i || ': ' || substr('$lorem', 1 + i % 50, 20 + i * 7 % 120) END,
    CASE WHEN i % 3 = 0 THEN 'dynamics/' || lower(hex(randomblob(16))) || '.jpg dynamics/'
      || lower(hex(randomblob(16))) || '.jpg dynamics/' || lower(hex(randomblob(16))) || '.jpg'
      ELSE '' END,
    i % 5 + (i % 200 = 1),
    CAST(substr('01234512', i % 8 + 1, 1) AS INTEGER) + CAST(substr('00121200', i % 8 + 1, 1) AS INTEGER),
    $now - ($dynamics - i) * 30,
    CASE WHEN i % 1000 = 999 THEN $now - ($dynamics - i) * 30 + 3600 END
FROM (SELECT value AS i FROM generate_series(1, $dynamics));

INSERT INTO dynamic_likes (dynamic_id, user_id, created_at)
SELECT i, $u0 + (i * 13 + k * 7919) % $users, $now - ($dynamics - i) * 30 + 60 * (k + 1)
FROM (SELECT value AS i FROM generate_series(1, $dynamics))
  CROSS JOIN (SELECT value AS k FROM generate_series(0, 3))
WHERE k < i % 5
ORDER BY 1, 2;
INSERT INTO dynamic_likes (dynamic_id, user_id, created_at)
SELECT value, $v, $now - ($dynamics - value) * 30 + 600 FROM generate_series(1, $dynamics) WHERE value % 200 = 1;

INSERT INTO comments (dynamic_id, user_id, content, subs, created_at)
SELECT i, $u0 + (i * 31 + j * 7919) % $users,
    'Comment ' || j || ': ' || substr('$lorem', 1 + (i + j) % 60, 10 + (i * 3 + j) % 90),
    CASE WHEN j = 1 THEN CAST(substr('00121200', i % 8 + 1, 1) AS INTEGER) ELSE 0 END,
    $now - ($dynamics - i) * 30 + 60 * j
FROM (SELECT value AS i FROM generate_series(1, $dynamics))
  CROSS JOIN (SELECT value AS j FROM generate_series(1, 5))
WHERE j <= CAST(substr('01234512', i % 8 + 1, 1) AS INTEGER)
ORDER BY i, j;

INSERT INTO comments (dynamic_id, user_id, parent_id, reply_to_user_id, content, subs, created_at)
SELECT c.dynamic_id, $u0 + (c.id * 17 + k * 7919) % $users, c.id,
    CASE WHEN k = 2 THEN c.user_id END,
    'Reply ' || k || ': ' || substr('$lorem', 1 + c.id % 60, 10 + c.id % 70),
    0, c.created_at + 30 * k
FROM comments c CROSS JOIN (SELECT value AS k FROM generate_series(1, 2))
WHERE c.parent_id IS NULL AND c.subs >= k
ORDER BY c.id, k;

INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $v, $u0 + value * 500 + 3, $now - 86400 FROM generate_series(0, $blocks - 1);
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $u0 + value * 500 + 251, $v, $now - 86400 FROM generate_series(0, $blocks - 1);
INSERT INTO likes (liker_id, liked_id, created_at)
SELECT $v, $u0 + 100 + value * 1001, $now - 86400 FROM generate_series(0, 49)
WHERE 100 + value * 1001 < $users;
COMMIT;
ANALYZE;
PRAGMA journal_mode = WAL;
SQL
}

postgres_seed() { # viewer-id u0
  local v=$1 u0=$2
  cat <<SQL
SET synchronous_commit = off;
SET maintenance_work_mem = '512MB';
SET work_mem = '256MB';
-- Rows are consistent by construction: no foreign-key trigger per row while loading.
SET session_replication_role = replica;
BEGIN;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, status,
    created_at, last_active_at, deleted_at)
OVERRIDING SYSTEM VALUE
SELECT $u0 + u, 'feed' || u, 'feed' || u || '@example.com',
    (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    CASE u % 8 WHEN 0 THEN 'Japan' WHEN 1 THEN 'United States' WHEN 2 THEN 'China'
      WHEN 3 THEN 'Brazil' WHEN 4 THEN 'Spain' WHEN 5 THEN 'Philippines' WHEN 6 THEN 'Thailand'
      ELSE 'Mexico' END,
    to_char(date '1970-01-01' + (u * 37 % 12000)::int, 'YYYY-MM-DD'),
    CASE u % 5 WHEN 0 THEN 'ja' WHEN 1 THEN 'en' WHEN 2 THEN 'es' WHEN 3 THEN 'zh-Hans' ELSE 'zh-Hant' END,
    CASE WHEN u % 3 = 0 THEN substr('$lorem', 1 + (u % 40)::int, 30 + (u % 60)::int) END,
    CASE WHEN u % 5 <> 0 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '.jpg' END,
    CASE WHEN u % 5 <> 0 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '_thumb.jpg' END,
    TRUE,
    CASE WHEN u % 10 = 0 THEN 'VIP' WHEN u % 25 = 1 THEN 'SVIP' END,
    CASE WHEN u % 10 = 0 OR u % 25 = 1 THEN $now + 30 * 86400 END,
    CASE WHEN u % 200 = 199 THEN 'banned' WHEN u % 500 = 333 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400 + u * 60, $now - (u * 7 % 2592000),
    CASE WHEN u % 200 <> 199 AND u % 500 = 333 THEN $now - 86400 END
FROM generate_series(0::bigint, $users - 1) AS u;
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));

INSERT INTO dynamics (id, user_id, content, images, likes, comments, created_at, removed_at)
OVERRIDING SYSTEM VALUE
SELECT i,
    $u0 + CASE WHEN i % 10 = 0 THEN (i / 10 * 7) % 1000 ELSE i * 7919 % $users END,
    CASE WHEN i % 6 = 0 THEN '' ELSE 'Dynamic ' || i || ': ' || substr('$lorem', 1 + (i % 50)::int, 20 + (i * 7 % 120)::int) END,
    CASE WHEN i % 3 = 0 THEN 'dynamics/' || md5(i || 'a') || '.jpg dynamics/' || md5(i || 'b')
      || '.jpg dynamics/' || md5(i || 'c') || '.jpg' ELSE '' END,
    i % 5 + (i % 200 = 1)::int,
    (array[0, 1, 2, 3, 4, 5, 1, 2])[i % 8 + 1] + (array[0, 0, 1, 2, 1, 2, 0, 0])[i % 8 + 1],
    $now - ($dynamics - i) * 30,
    CASE WHEN i % 1000 = 999 THEN $now - ($dynamics - i) * 30 + 3600 END
FROM generate_series(1::bigint, $dynamics) AS i;
SELECT setval(pg_get_serial_sequence('dynamics', 'id'), (SELECT max(id) FROM dynamics));

INSERT INTO dynamic_likes (dynamic_id, user_id, created_at)
SELECT i, $u0 + (i * 13 + k * 7919) % $users, $now - ($dynamics - i) * 30 + 60 * (k + 1)
FROM generate_series(1::bigint, $dynamics) AS i, generate_series(0, 3) AS k
WHERE k < i % 5
UNION ALL
SELECT i, $v, $now - ($dynamics - i) * 30 + 600
FROM generate_series(1::bigint, $dynamics) AS i WHERE i % 200 = 1
ORDER BY 1, 2;

INSERT INTO comments (dynamic_id, user_id, content, subs, created_at)
SELECT i, $u0 + (i * 31 + j * 7919) % $users,
    'Comment ' || j || ': ' || substr('$lorem', 1 + ((i + j) % 60)::int, 10 + ((i * 3 + j) % 90)::int),
    CASE WHEN j = 1 THEN (array[0, 0, 1, 2, 1, 2, 0, 0])[i % 8 + 1] ELSE 0 END,
    $now - ($dynamics - i) * 30 + 60 * j
FROM generate_series(1::bigint, $dynamics) AS i, generate_series(1, 5) AS j
WHERE j <= (array[0, 1, 2, 3, 4, 5, 1, 2])[i % 8 + 1]
ORDER BY i, j;

INSERT INTO comments (dynamic_id, user_id, parent_id, reply_to_user_id, content, subs, created_at)
SELECT c.dynamic_id, $u0 + (c.id * 17 + k * 7919) % $users, c.id,
    CASE WHEN k = 2 THEN c.user_id END,
    'Reply ' || k || ': ' || substr('$lorem', 1 + (c.id % 60)::int, 10 + (c.id % 70)::int),
    0, c.created_at + 30 * k
FROM comments c, generate_series(1, 2) AS k
WHERE c.parent_id IS NULL AND c.subs >= k
ORDER BY c.id, k;

INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $v, $u0 + k * 500 + 3, $now - 86400 FROM generate_series(0, $blocks - 1) AS k;
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $u0 + k * 500 + 251, $v, $now - 86400 FROM generate_series(0, $blocks - 1) AS k;
INSERT INTO likes (liker_id, liked_id, created_at)
SELECT $v, $u0 + 100 + k * 1001, $now - 86400 FROM generate_series(0, 49) AS k
WHERE 100 + k * 1001 < $users;
COMMIT;
RESET session_replication_role;
VACUUM (ANALYZE);
CHECKPOINT;
SQL
}

stop_server() {
  kill "$guard" 2>/dev/null || true
  wait "$guard" 2>/dev/null || true
  guard=
}

run_backend() { # name database-url
  local name=$1 url=$2 dir v u0 seed_start seed_seconds
  dir=$(mktemp -d "$work/$name.XXXX")
  local log="$out/feed-seed-$name.txt"
  echo "# $(date -u +%FT%TZ) feed bench on $name: $users people, $dynamics dynamics" | tee "$log"
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  start_server "$dir" "$url"
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"feedviewer\",\"email\":\"feedviewer@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  stop_server
  v=$(query "$url" "SELECT id FROM users WHERE user_name = 'feedviewer'")
  u0=$(query "$url" "SELECT max(id) + 1 FROM users")
  seed_start=$(date +%s.%N)
  if [[ $url == postgres* ]]; then
    postgres_seed "$v" "$u0" | psql -X -q -v ON_ERROR_STOP=1 "$url" >>"$log" 2>&1
  else
    sqlite_seed "$v" "$u0" | sqlite3 -bail "${url#sqlite://}" >>"$log" 2>&1
  fi
  seed_seconds=$(awk -v a="$seed_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  local counts size
  counts=$(query "$url" "SELECT (SELECT count(*) FROM users) || ' ' || (SELECT count(*) FROM dynamics) || ' ' || (SELECT count(*) FROM comments) || ' ' || (SELECT count(*) FROM comments WHERE parent_id IS NOT NULL) || ' ' || (SELECT count(*) FROM dynamic_likes) || ' ' || (SELECT count(*) FROM blocks)")
  if [[ $url == postgres* ]]; then
    size=$(psql -X -At "$url" -c "SELECT pg_database_size(current_database()) / 1048576")
  else
    size=$(( $(stat -c %s "${url#sqlite://}") / 1048576 ))
  fi
  read -r n_users n_dyn n_com n_sub n_likes n_blocks <<<"$counts"
  printf 'seeded in %.1f s: users %s, dynamics %s, comments %s (replies %s), dynamic likes %s, blocks %s; database %s MiB\n' \
    "$seed_seconds" "$n_users" "$n_dyn" "$n_com" "$n_sub" "$n_likes" "$n_blocks" "$size" | tee -a "$log"

  # The server again, on the seeded database. On PostgreSQL, while the pages below are walked
  # once, the database logs every statement with its parameters: the feed queries exactly as the
  # server sends them, for the plans at the end. The server is restarted without that logging
  # for the measurements.
  local pg_log_from=0
  if [[ $url == postgres* ]] && [ -r "$pg_log" ]; then
    pg_log_from=$(stat -c %s "$pg_log")
    psql -X -q "$pg_admin" -c "ALTER DATABASE $pg_db SET log_min_duration_statement = 0"
  fi
  start_server "$dir" "$url"
  local person=$((u0 + 7)) cursor page rows
  # Page 50 of the everyone feed: walk 49 pages once for the cursor.
  cursor=
  for page in $(seq 49); do
    cursor=$(get_json "/prod-api/system/dynamic/list?pageSize=10${cursor:+&before=$cursor}" |
      python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; assert len(d["rows"]) == 10, d; assert d["next"] is not None, d; print(d["next"])')
  done
  rows=$(get_json "/prod-api/system/dynamic/list?pageSize=10&before=$cursor" | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print(len(d["rows"]), d["rows"][0]["id"], d["rows"][-1]["id"])')
  echo "page 50: before=$cursor, rows (count, first id, last id): $rows" | tee -a "$log"
  rows=$(get_json "/prod-api/system/dynamic/list?pageSize=10&userId=$person" | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print(len(d["rows"]), d["next"])')
  echo "person $person: rows, next: $rows" | tee -a "$log"
  get_json "/prod-api/system/dynamic/list?pageSize=10" | python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print("page 1 first row:", json.dumps(d["rows"][0])[:400])' | tee -a "$log"
  if [[ $url == postgres* ]] && [ -r "$pg_log" ]; then
    stop_server
    psql -X -q "$pg_admin" -c "ALTER DATABASE $pg_db RESET log_min_duration_statement"
    sleep 0.5
    capture_statements "$pg_log" "$pg_log_from" "$pg_db" "$cursor" "$work/statements" | tee -a "$log"
    start_server "$dir" "$url"
  fi
  local rss_idle
  rss_idle=$(status_kib "$pid" VmRSS)

  local label path raw t0 t1 m0 m1 cores busy rps p50 p99 bad
  local -a labels=("getInfo (authenticated)" "everyone feed, page 1" "everyone feed, page 50 (before=)" "one person's feed (userId=), page 1")
  local -a paths=("/prod-api/getInfo" "/prod-api/system/dynamic/list?pageSize=10" "/prod-api/system/dynamic/list?pageSize=10&before=$cursor" "/prod-api/system/dynamic/list?pageSize=10&userId=$person")
  local -a files=(getinfo page1 page50 person)
  local k
  for k in 0 1 2 3; do
    label=${labels[k]} path=${paths[k]} raw="$out/feed-${files[k]}-$name.txt"
    wrk -t2 -c"$connections" -d"$warmup" -H "Authorization: Bearer $token" "$base$path" >/dev/null
    t0=$(cpu_ticks "$pid") m0=$(machine_ticks)
    { echo "# $(date -u +%FT%TZ) $name $path; load average before: $(loadavg)"
      wrk -t2 -c"$connections" -d"$duration" --timeout 30s --latency -H "Authorization: Bearer $token" "$base$path"; } >"$raw"
    t1=$(cpu_ticks "$pid") m1=$(machine_ticks)
    cores=$(awk -v d="$((t1 - t0))" -v hz="$(getconf CLK_TCK)" -v s="${duration%s}" 'BEGIN {printf "%.2f", d / hz / s}')
    read -r rps p50 p99 bad < <(summary "$raw")
    busy=$(awk -v a="$m0" -v b="$m1" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.0f%%", 100 * (y[1] - x[1]) / (y[2] - x[2])}')
    echo "server cores: $cores; machine busy: $busy; non-2xx: $bad" >>"$raw"
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$label" "$name" "$rps" "$p50" "$p99" "$cores" "$busy" \
      "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$out/feed.md"
  done
  local hwm rss
  hwm=$(status_kib "$pid" VmHWM) rss=$(status_kib "$pid" VmRSS)
  printf '\n%s: server RSS %d MiB idle after start, %d MiB after the loads, peak (VmHWM) %d MiB; seeding %.0f s; database %s MiB\n\n' \
    "$name" $((rss_idle / 1024)) $((rss / 1024)) $((hwm / 1024)) "$seed_seconds" "$size" | tee -a "$out/feed.md" "$log"
  stop_server
  # The plans wait for the end (the statements come from the PostgreSQL run): keep the database.
  plan_dbs+=("$name $url")
}

# The feed statements the server sent during the walk (the PostgreSQL log, from byte `from`, of
# database `db`): one file each for page 1, page 50 and one person's feed, the statement with
# its parameters ($1, $2, ... as in the log), into `dir`.
capture_statements() { # log from db cursor dir
  mkdir -p "$5"
  python3 - "$@" <<'PY'
import re, sys
log, start, db, cursor, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
with open(log, 'rb') as f:
    f.seek(start)
    text = f.read().decode('utf-8', 'replace')
entries, cur = [], None
for line in text.split('\n'):
    if re.match(r'^\d{4}-\d\d-\d\d ', line):
        cur = [line]
        entries.append(cur)
    elif cur is not None:
        cur.append(line)
found = {}
for i, e in enumerate(entries):
    head = e[0]
    if f'@{db} ' not in head:
        continue
    m = re.search(r'LOG:  duration: [\d.]+ ms  execute [^:]*: (.*)$', head)
    if not m:
        continue
    sql = '\n'.join([m.group(1)] + [l[1:] if l.startswith('\t') else l for l in e[1:]]).strip()
    if 'FROM dynamics d' not in sql or 'ORDER BY d.id DESC' not in sql:
        continue
    params = {}
    if i + 1 < len(entries) and 'DETAIL:  parameters:' in entries[i + 1][0]:
        params = dict(re.findall(r"\$(\d+) = '([^']*)'", entries[i + 1][0]))
    binds = [params[k] for k in sorted(params, key=int)]
    if '$5' in sql or len(binds) >= 5:
        label = 'person'
    elif str(2**63 - 1) in binds[1:2]:
        label = 'page1'
    elif cursor in binds[1:2]:
        label = 'page50'
    else:
        continue
    found.setdefault(label, (sql, binds))
for label, (sql, binds) in sorted(found.items()):
    with open(f'{out}/{label}.sql', 'w') as f:
        f.write(sql + '\n')
    with open(f'{out}/{label}.binds', 'w') as f:
        f.write(' '.join(binds) + '\n')
print('feed statements captured from the PostgreSQL log:', ', '.join(sorted(found)) or 'none')
PY
}

{
  echo "# feed bench $(date -u +%FT%TZ): $users people, $dynamics dynamics, ${duration} each, $connections connections"
  echo
  echo '| endpoint | database | requests/s | p50 | p99 | server cores | machine busy | answers |'
  echo '|---|---|---|---|---|---|---|---|'
} >"$out/feed.md"
plan_dbs=()
for b in $backends; do
  case $b in
    sqlite) run_backend sqlite "sqlite://$work/feed.db" ;;
    postgres)
      pg_db="amora_feed_$$"
      psql "$pg_admin" -qc "CREATE DATABASE $pg_db"
      run_backend postgres "${pg_admin%/*}/$pg_db" ;;
    *) echo "unknown backend $b" >&2; exit 1 ;;
  esac
done
cat "$out/feed.md"

# The plans of the feed statements on each database (bench/loadgen `plan`: through sqlx, with the
# SQLite it bundles, as the server runs them), each then timed alone on one connection.
if compgen -G "$work/statements/*.sql" >/dev/null; then
  cargo build --release -q -p amora-loadgen
  for entry in "${plan_dbs[@]}"; do
    read -r name url <<<"$entry"
    for f in "$work"/statements/*.sql; do
      label=$(basename "$f" .sql)
      binds=()
      for b in $(cat "${f%.sql}.binds"); do binds+=(--bind "$b"); done
      { echo "# $name, $label: $(tr '\n' ' ' <"$f" | tr -s ' ')"
        echo "# binds: ${binds[*]}"
        "$CARGO_TARGET_DIR/release/loadgen" plan --db "$url" --sql "$f" "${binds[@]}" --repeat 200
      } >"$out/feed-plan-$label-$name.txt" 2>&1 || true
      echo "plan $label on $name: $(grep '^RESULT' "$out/feed-plan-$label-$name.txt" || tail -1 "$out/feed-plan-$label-$name.txt")"
    done
  done
else
  echo "no feed statement captured (the PostgreSQL log $pg_log is not readable here): no plans"
fi
