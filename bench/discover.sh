#!/usr/bin/env bash
# Discover-at-scale benchmark of the release server, on SQLite (a fresh file) and on PostgreSQL
# (a fresh database):
#   - 100,000 people: genders alternating, the eleven countries, ages 18 to 70, the eight
#     languages, a photo on half of them, 5% banned and 0.5% deleted; activity spread over the
#     last 30 days (the 1% most recent made online just before the measurements), joined over
#     the last 400 days (about 4% in the last 30: new members);
#   - the viewer: a man registered through the API, made a member with SQL; he likes 20,000
#     people, 20,000 people like him (a third of them among those he likes: 6,666 matches), he
#     blocked 2,000 people, 100 people blocked him, and 50,000 people visited his profile (on one
#     to three days each).
# Measured with wrk (2 threads, BENCH_DISCOVER_CONNECTIONS, a short warm-up, then
# BENCH_DISCOVER_DURATION), all authenticated as the viewer, in one run of one server process:
#   - GET /prod-api/getInfo (the yardstick of the run)
#   - discover (GET /prod-api/system/user/profile/homePage/all?pageSize=20) as a mix of eight
#     requests in turn: the default filters, country=Japan, minAge=25&maxAge=35, online=true,
#     withPhotos=true, newMembers=true, a narrow search (Spain, es, 20 to 40, with photos) and
#     page 50 of the default filters (pageToken: the nextPageToken of page 49, found by walking
#     the 49 pages once before); then page 1 and page 50 of the default filters alone;
#   - the people lists (likeTo, likeMe, visitor, likeMeAndLikeTo, blacklisted/list), page 1 and
#     page 50 (pageToken, walked before) of each, pageSize 20, as a mix of the ten requests in
#     turn; then page 1 of each list alone (BENCH_DISCOVER_LISTS_ALONE=0 skips these);
#   - discover's long tail: searches nobody made in the last 30 s, each a country, a language, an
#     age range (and with photos or not) of its own, drawn from about 180,000 without repeating;
#     at the highest rate (wrk), then paced at the goal's rate, 20% of this run's getInfo
#     (`loadgen pace`, an open loop: each request's latency counts from when it was due);
# and the server's resident memory: its peak (VmHWM) after all, and the largest VmRSS sampled
# every second during the run. Every request is made once before the measurements and its
# answer checked (the filters hold, nobody twice while scrolling, nobody hidden from the viewer).
#
# Shortcut: only the viewer is registered through the API (Argon2id); everything else is inserted
# straight into the database the server uses, with SQL (the sqlite3 CLI, psql), with the viewer's
# password hash copied into every seeded person. Matches and visits (migration 0013) are filled
# from the likes and footprints seeded, when the database has those tables.
#
# Knobs: BENCH_DISCOVER_USERS (100000; the viewer's likes, blocks and visitors keep their counts
# above 100,000 people and shrink in proportion below), BENCH_DISCOVER_DURATION (15s),
# BENCH_DISCOVER_WARMUP (2s), BENCH_DISCOVER_CONNECTIONS (32), BENCH_DISCOVER_BACKENDS ("sqlite
# postgres"), BENCH_DISCOVER_BIN (the server binary; default $CARGO_TARGET_DIR/release/amora),
# BENCH_DISCOVER_LISTS_ALONE (1: also page 1 of each people list alone), BENCH_DISCOVER_LISTS (1: the
# people lists mix; 0 measures discover only), BENCH_DISCOVER_REPLICA (1: on PostgreSQL, the server
# finds discover's lists on a streaming replica made with pg_basebackup on this machine, port
# BENCH_DISCOVER_REPLICA_PORT, 5433; needs root, and adds a loopback replication line to
# pg_hba.conf when there is none), BENCH_DISCOVER_KEEP_PG
# (1: keep the PostgreSQL database for later EXPLAIN; its name is printed).
# Results: bench/results/discover-*.txt (raw wrk outputs, seeding and checking log, server log) and
# bench/results/discover.md (table, memory, goals).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
bin=${BENCH_DISCOVER_BIN:-$CARGO_TARGET_DIR/release/amora}
users=${BENCH_DISCOVER_USERS:-100000}
duration=${BENCH_DISCOVER_DURATION:-15s}
warmup=${BENCH_DISCOVER_WARMUP:-2s}
connections=${BENCH_DISCOVER_CONNECTIONS:-32}
backends=${BENCH_DISCOVER_BACKENDS:-sqlite postgres}
lists_alone=${BENCH_DISCOVER_LISTS_ALONE:-1}
lists_measured=${BENCH_DISCOVER_LISTS:-1}
replica=${BENCH_DISCOVER_REPLICA:-0}
replica_port=${BENCH_DISCOVER_REPLICA_PORT:-5433}
keep_pg=${BENCH_DISCOVER_KEEP_PG:-0}
port=18185
base="http://127.0.0.1:$port"
page_size=20
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk sqlite3 psql curl python3; do
  command -v "$tool" >/dev/null || { echo "discover bench: $tool is missing (apt-get install -y wrk sqlite3 postgresql-client)" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "discover bench: no server binary at $bin (cargo build --release -p amora-server, or set BENCH_DISCOVER_BIN)" >&2; exit 1; }
(( users >= 1000 )) || { echo "discover bench: BENCH_DISCOVER_USERS must be at least 1000" >&2; exit 1; }
[[ $duration =~ ^[0-9]+s$ ]] || { echo "discover bench: BENCH_DISCOVER_DURATION is in seconds (15s)" >&2; exit 1; }

# Our own copy: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-discover-bench.XXXXXX)
cp "$bin" "$work/amora"
cargo build --release -q -p amora-loadgen
cp "$CARGO_TARGET_DIR/release/loadgen" "$work/loadgen"
guard=
sampler=
pg_db=
cleanup() {
  if declare -F stop_replica >/dev/null; then stop_replica; fi
  if [ -n "$sampler" ]; then kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true; fi
  if [ -n "$guard" ]; then kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; fi
  if [ -n "$pg_db" ] && [ "$keep_pg" != 1 ]; then
    psql -X "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

lorem="Sunset walks, ramen at midnight and a new language every year. Tell me about your city, your favourite song and the place you dream of visiting next; I will tell you mine."
names='Sakura Mei Yuki Hana Maria Lucia Sofia Ana Li Wei James John Carlos Diego Ken Taro'
# The server's eleven countries (account/model.rs, COUNTRIES) and eight language codes.
countries='Britain|Japan|South Korea|Germany|Russia|Spain|America|Australia|Singapore|Malaysia|Canada'
languages='en zh-Hans zh-Hant ja es kr ge ru'
# SQL lists: an array literal on PostgreSQL, a JSON array for SQLite's json_extract.
names_pg="array['${names// /\', \'}']"
names_json="[\"${names// /\", \"}\"]"
countries_pg="array['${countries//|/\', \'}']"
countries_json="[\"${countries//|/\", \"}\"]"
languages_pg="array['${languages// /\', \'}']"
languages_json="[\"${languages// /\", \"}\"]"

# The viewer's people: the counts of 100,000 people, in proportion below that.
scale=$(( users < 100000 ? users : 100000 ))
n_like=$((scale / 5))           # he likes 20,000
n_match=$((n_like / 3))         # 6,666 of whom like him back
n_liker=$((scale / 5))          # 20,000 like him
n_block=$((scale / 50))         # he blocked 2,000
n_blocker=$(( scale / 1000 > 0 ? scale / 1000 : 1 ))  # 100 blocked him
n_visit=$((scale / 2))          # 50,000 visitors
# Each seeded person u (0..users-1, id u0 + u) has a rank r = u * step % users (step coprime to
# users: a shuffle); the viewer's people are ranges of ranks:
#   he likes r < n_like; r in [l0, l0 + n_liker) like him (the first n_match of them among those
#   he likes); he blocked r in [b0, b0 + n_block); r in [k0, k0 + n_blocker) blocked him;
#   r in [w0, w0 + n_visit) visited him (overlapping those who like him, and everyone blocked).
l0=$((n_like - n_match))
b0=$((2 * n_like))
k0=$((b0 + n_block))
w0=$((3 * scale / 10))
rank_limit=$(( w0 + n_visit > k0 + n_blocker ? w0 + n_visit : k0 + n_blocker ))
gcd() { local a=$1 b=$2 t; while (( b )); do t=$((a % b)); a=$b; b=$t; done; echo "$a"; }
step=7919
while (( $(gcd "$step" "$users") != 1 )); do step=$((step + 1)); done

# A person's row, u in 0..users-1 (h = bits 16..31 of u * 2654435761, a hash of u):
#   gender female when u is even, male when odd; country u % 11; language (u / 2) % 8 (so both
#   genders speak each); a photo when bit 16 of u * 2246822519 is 0 (half); born 18 years and
#   (a hash of u) 0 to 52 years ago; banned when h % 20 = 7 (5%), deleted when h % 200 = 13
#   (0.5%); a member (VIP) on one in ten; last active la = u * 668265263 % 2592000 seconds ago
#   (a shuffle of the last 30 days: nobody shares a second below 2,592,000 people); joined up to
#   370 days before that (so up to 400 days ago; about 4% in the last 30 days).
# The viewer: likes rank r at now - 3600 - 1553 r (over a year); is liked by rank r at
# now - 1800 - 1499 (r - l0); blocked rank r at now - 7200 - 3593 (r - b0); was blocked by rank r
# at now - 600 - 86400 (r - k0); was visited by rank r on 1 + r % 3 days, each
# (r * 31 + 7 j) % 60 days ago (j = 0, 1, 2: days at least a week apart), at a second of the
# day that depends on r: one footprint a visitor and UTC day, as the server keeps them.

# Matches and visits (migration 0013), from the likes and footprints seeded, when the database
# has those tables: a match at the later of the two likes, once for each person; each visitor
# once, with the last visit.
derived_sql() { # viewer-id greatest-function matches? visits?
  if [ "$3" = 1 ]; then
    cat <<SQL
INSERT INTO matches (user_id, other_id, created_at)
SELECT l.liker_id, l.liked_id, $2(l.created_at, back.created_at)
FROM likes l JOIN likes back ON back.liker_id = l.liked_id AND back.liked_id = l.liker_id
WHERE $1 IN (l.liker_id, l.liked_id);
SQL
  fi
  if [ "$4" = 1 ]; then
    cat <<SQL
INSERT INTO visits (visited_id, visitor_id, last_at)
SELECT visited_id, visitor_id, MAX(created_at) FROM footprints WHERE visited_id = $1
GROUP BY visited_id, visitor_id;
SQL
  fi
}

sqlite_seed() { # viewer-id u0 now matches? visits?
  local v=$1 u0=$2 now=$3 has_matches=$4 has_visits=$5 today=$(($3 / 86400))
  cat <<SQL
PRAGMA journal_mode = DELETE;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -524288;
PRAGMA temp_store = MEMORY;
PRAGMA foreign_keys = OFF;
BEGIN;
UPDATE users SET level = 'VIP', member_expires_at = $now + 365 * 86400 WHERE id = $v;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, status,
    created_at, last_active_at, deleted_at, ban_reason)
SELECT $u0 + u, json_extract('$names_json', '\$[' || (u % 16) || ']') || u,
    'discover' || u || '@example.com',
    (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    json_extract('$countries_json', '\$[' || (u % 11) || ']'),
    date(($today - 6588 - (u * 3266489917) % 4294967296 / 226290) * 86400, 'unixepoch'),
    json_extract('$languages_json', '\$[' || (u / 2 % 8) || ']'),
    CASE WHEN u % 3 = 0 THEN substr('$lorem', 1 + u % 40, 30 + u % 60) END,
    CASE WHEN (u * 2246822519) % 4294967296 / 65536 % 2 = 0 THEN 'avatars/' || printf('%032x', u * 2654435761) || '.jpg' END,
    CASE WHEN (u * 2246822519) % 4294967296 / 65536 % 2 = 0 THEN 'avatars/' || printf('%032x', u * 2654435761) || '_thumb.jpg' END,
    TRUE,
    CASE WHEN u % 10 = 0 THEN 'VIP' END,
    CASE WHEN u % 10 = 0 THEN $now + 30 * 86400 END,
    CASE WHEN h % 20 = 7 THEN 'banned' WHEN h % 200 = 13 THEN 'deleted' ELSE 'active' END,
    $now - la - (u * 374761393) % (370 * 86400),
    $now - la,
    CASE WHEN h % 200 = 13 THEN $now - 86400 END,
    CASE WHEN h % 20 = 7 THEN 'spam' END
FROM (SELECT value AS u, (value * 2654435761) % 4294967296 / 65536 AS h,
        (value * 668265263) % 2592000 AS la
      FROM generate_series(0, $users - 1));

CREATE TEMP TABLE ranks (id INTEGER PRIMARY KEY, r INTEGER NOT NULL);
INSERT INTO ranks (id, r)
SELECT $u0 + value, value * $step % $users FROM generate_series(0, $users - 1)
WHERE value * $step % $users < $rank_limit;

INSERT INTO likes (liker_id, liked_id, created_at)
SELECT $v, id, $now - 3600 - 1553 * r FROM ranks WHERE r < $n_like ORDER BY id;
INSERT INTO likes (liker_id, liked_id, created_at)
SELECT id, $v, $now - 1800 - 1499 * (r - $l0) FROM ranks WHERE r >= $l0 AND r < $l0 + $n_liker ORDER BY id;
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $v, id, $now - 7200 - 3593 * (r - $b0) FROM ranks WHERE r >= $b0 AND r < $b0 + $n_block ORDER BY id;
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT id, $v, $now - 600 - 86400 * (r - $k0) FROM ranks WHERE r >= $k0 AND r < $k0 + $n_blocker ORDER BY id;
INSERT INTO footprints (visitor_id, visited_id, day, created_at)
SELECT id, $v, at / 86400, at FROM (
  SELECT id, $now - (r * 31 + 7 * j) % 60 * 86400 - r * 7919 % 86400 AS at
  FROM ranks CROSS JOIN (SELECT value AS j FROM generate_series(0, 2))
  WHERE r >= $w0 AND r < $w0 + $n_visit AND j <= r % 3)
ORDER BY id, at;
$(derived_sql "$v" MAX "$has_matches" "$has_visits")
DROP TABLE ranks;
COMMIT;
ANALYZE;
PRAGMA journal_mode = WAL;
SQL
}

postgres_seed() { # viewer-id u0 now matches? visits?
  local v=$1 u0=$2 now=$3 has_matches=$4 has_visits=$5 today=$(($3 / 86400))
  cat <<SQL
SET synchronous_commit = off;
SET maintenance_work_mem = '512MB';
SET work_mem = '256MB';
-- Rows are consistent by construction: no foreign-key trigger per row while loading.
SET session_replication_role = replica;
BEGIN;
UPDATE users SET level = 'VIP', member_expires_at = $now + 365 * 86400 WHERE id = $v;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, status,
    created_at, last_active_at, deleted_at, ban_reason)
OVERRIDING SYSTEM VALUE
SELECT $u0 + u, ($names_pg)[u % 16 + 1] || u, 'discover' || u || '@example.com',
    (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    ($countries_pg)[u % 11 + 1],
    to_char(date '1970-01-01' + ($today - 6588 - (u * 3266489917) % 4294967296 / 226290)::int, 'YYYY-MM-DD'),
    ($languages_pg)[u / 2 % 8 + 1],
    CASE WHEN u % 3 = 0 THEN substr('$lorem', 1 + (u % 40)::int, 30 + (u % 60)::int) END,
    CASE WHEN (u * 2246822519) % 4294967296 / 65536 % 2 = 0 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '.jpg' END,
    CASE WHEN (u * 2246822519) % 4294967296 / 65536 % 2 = 0 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '_thumb.jpg' END,
    TRUE,
    CASE WHEN u % 10 = 0 THEN 'VIP' END,
    CASE WHEN u % 10 = 0 THEN $now + 30 * 86400 END,
    CASE WHEN h % 20 = 7 THEN 'banned' WHEN h % 200 = 13 THEN 'deleted' ELSE 'active' END,
    $now - la - (u * 374761393) % (370 * 86400),
    $now - la,
    CASE WHEN h % 200 = 13 THEN $now - 86400 END,
    CASE WHEN h % 20 = 7 THEN 'spam' END
FROM (SELECT u, (u * 2654435761) % 4294967296 / 65536 AS h, (u * 668265263) % 2592000 AS la
      FROM generate_series(0::bigint, $users - 1) AS u) AS s;
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));

CREATE TEMP TABLE ranks (id bigint PRIMARY KEY, r bigint NOT NULL);
INSERT INTO ranks (id, r)
SELECT $u0 + u, u * $step % $users FROM generate_series(0::bigint, $users - 1) AS u
WHERE u * $step % $users < $rank_limit;

INSERT INTO likes (liker_id, liked_id, created_at)
SELECT $v, id, $now - 3600 - 1553 * r FROM ranks WHERE r < $n_like ORDER BY id;
INSERT INTO likes (liker_id, liked_id, created_at)
SELECT id, $v, $now - 1800 - 1499 * (r - $l0) FROM ranks WHERE r >= $l0 AND r < $l0 + $n_liker ORDER BY id;
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT $v, id, $now - 7200 - 3593 * (r - $b0) FROM ranks WHERE r >= $b0 AND r < $b0 + $n_block ORDER BY id;
INSERT INTO blocks (blocker_id, blocked_id, created_at)
SELECT id, $v, $now - 600 - 86400 * (r - $k0) FROM ranks WHERE r >= $k0 AND r < $k0 + $n_blocker ORDER BY id;
INSERT INTO footprints (visitor_id, visited_id, day, created_at)
SELECT id, $v, at / 86400, at FROM (
  SELECT id, $now - (r * 31 + 7 * j) % 60 * 86400 - r * 7919 % 86400 AS at
  FROM ranks, generate_series(0, 2) AS j
  WHERE r >= $w0 AND r < $w0 + $n_visit AND j <= r % 3) AS f
ORDER BY id, at;
$(derived_sql "$v" GREATEST "$has_matches" "$has_visits")
DROP TABLE ranks;
COMMIT;
RESET session_replication_role;
VACUUM (ANALYZE);
CHECKPOINT;
SQL
}

to_ms() { # a wrk latency (850.00us, 3.51ms, 1.02s) -> milliseconds
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v) }
    else if (v ~ /m$/) { sub(/m$/, "", v); v = v * 60000 }
    else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000 }
    printf "%.3f", v }'
}
stop_server() {
  stop_sampler
  kill "$guard" 2>/dev/null || true
  wait "$guard" 2>/dev/null || true
  guard=
}
# The server's VmRSS every second; the largest so far in the file (KiB).
start_sampler() { # pid file
  echo 0 >"$2"
  (
    max=0
    while r=$(awk '$1 == "VmRSS:" {print $2}' "/proc/$1/status" 2>/dev/null) && [ -n "$r" ]; do
      if (( r > max )); then max=$r; echo "$max" >"$2"; fi
      sleep 1
    done
  ) &
  sampler=$!
}
stop_sampler() {
  if [ -n "$sampler" ]; then kill "$sampler" 2>/dev/null || true; wait "$sampler" 2>/dev/null || true; fi
  sampler=
}
# A wrk script sending the given paths in turn (each thread starting at another one).
write_mix() { # file path...
  local file=$1 p
  shift
  {
    echo 'local paths = {'
    for p in "$@"; do printf '  "%s",\n' "$p"; done
    echo '}'
    cat <<'LUA'
local threads = 0
local n = 0
function setup(thread)
  threads = threads + 1
  thread:set("start", threads)
end
function init(args)
  n = (start or 0) % #paths
end
function request()
  n = n % #paths + 1
  return wrk.format("GET", paths[n])
end
LUA
  } >"$file"
}

# Walks people pages as the viewer, following nextPageToken, and checks what it gets: every
# answer a 200 with a page of the size asked, nobody twice in one scroll; in discover nobody
# hidden from the viewer (themselves, banned, deleted, held, service accounts, blocked either
# way) and the filters of the path held by every card. Reads "key<TAB>path<TAB>pages<TAB>kind"
# lines from the file of walks (kind: discover or list); writes "key|token of the page after the
# last walked (URL encoded)|pages walked" lines, and what it found to stderr (lines starting PROBLEM for what is wrong).
walker() { # base token hidden-ids-file page-size walks-file
  python3 - "$@" <<'PY'
import json, sys, urllib.error, urllib.parse, urllib.request
base, token, hidden_file, page_size, walks = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
hidden = set(int(x) for x in open(hidden_file).read().split())
def log(*a):
    print(*a, file=sys.stderr, flush=True)
def get(path):
    req = urllib.request.Request(base + path, headers={'Authorization': 'Bearer ' + token})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        body = e.read()
        try:
            return e.code, json.loads(body)
        except ValueError:
            return e.code, body.decode('utf-8', 'replace')
def checks(path):
    q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(path).query))
    tests = [('gender female (the viewer is a man)', lambda c: c.get('gender') == 'female')]
    if 'country' in q:
        tests.append((f"country {q['country']}", lambda c: c.get('country') == q['country']))
    if 'language' in q:
        tests.append((f"language {q['language']}", lambda c: c.get('language') == q['language']))
    lo, hi = int(q.get('minAge', 18)), int(q.get('maxAge', 99))
    tests.append((f'age {lo} to {hi}', lambda c: lo <= c.get('age', -1) <= hi))
    if q.get('online') == 'true':
        tests.append(('online', lambda c: c.get('online') is True))
    if q.get('withPhotos') == 'true':
        tests.append(('with a photo', lambda c: bool(c.get('avatar'))))
    return tests
for line in open(walks).read().splitlines():
    key, path, pages, kind = line.split('\t')
    pages = int(pages)
    tests = checks(path) if kind == 'discover' else []
    seen, tok, walked, total, problems, hidden_shown, first_rows = set(), None, 0, None, [], 0, None
    while walked < pages:
        sep = '&' if '?' in path else '?'
        status, body = get(path + (f'{sep}pageToken={urllib.parse.quote(tok, safe="")}' if tok else ''))
        if status != 200 or not isinstance(body, dict) or body.get('code') != 200:
            problems.append(f'page {walked + 1}: HTTP {status}: {json.dumps(body)[:300] if not isinstance(body, str) else body[:300]}')
            break
        data = body['data']
        rows = data.get('rows') or []
        walked += 1
        if walked == 1:
            total, first_rows = data.get('total'), len(rows)
        for c in rows:
            uid = c.get('userId')
            if uid in seen:
                problems.append(f'page {walked}: person {uid} shown again in the same scroll')
            seen.add(uid)
            if uid in hidden:
                hidden_shown += 1
                if kind == 'discover':
                    problems.append(f'page {walked}: person {uid} is hidden from the viewer but shown: {json.dumps(c)[:200]}')
            for name, test in tests:
                if not test(c):
                    problems.append(f'page {walked}: filter "{name}" not held by {json.dumps(c)[:200]}')
        tok = data.get('nextPageToken')
        if len(rows) != page_size and tok is not None:
            problems.append(f'page {walked}: {len(rows)} rows, not {page_size}, and a next page')
        if tok is None:
            break
    # The page after the last walked: fetched once, as the measurements will.
    after = ''
    if tok is not None and pages > 1:
        status, body = get(path + f'{"&" if "?" in path else "?"}pageToken={urllib.parse.quote(tok, safe="")}')
        if status != 200 or not isinstance(body, dict) or body.get('code') != 200:
            problems.append(f'page {walked + 1} (token): HTTP {status}: {str(body)[:300]}')
        else:
            after = f"; page {walked + 1}: {len(body['data'].get('rows') or [])} rows"
    log(f'{key}: {walked} page(s) walked, {len(seen)} people, total {total}, first page {first_rows} rows'
        + (f', {hidden_shown} of them blocked either way, banned or deleted' if kind == 'list' else '')
        + after + ('' if tok is not None or pages == 1 else '; the list ended'))
    for p in problems[:10]:
        log(f'  PROBLEM {key}: {p}')
    if len(problems) > 10:
        log(f'  PROBLEM {key}: ... and {len(problems) - 10} more')
    print(f'{key}|{urllib.parse.quote(tok, safe="") if tok else ""}|{walked}')
PY
}

# Counts answers by status (the first body of each status other than 200 too).
cat >"$work/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
answers = {}
function response(status, headers, body)
  local key = tostring(status)
  answers[key] = (answers[key] or 0) + 1
  if status ~= 200 and not answers["body " .. key] then answers["body " .. key] = body:sub(1, 300) end
end
function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for key, value in pairs(thread:get("answers")) do
      if key:sub(1, 5) == "body " then all[key] = all[key] or value else all[key] = (all[key] or 0) + value end
    end
  end
  for key, value in pairs(all) do
    if key:sub(1, 5) == "body " then
      io.write(string.format("answers: -> %s, the first: %s\n", key:sub(6), value))
    else
      io.write(string.format("answers: -> %s x %d\n", key, value))
    end
  end
end
LUA
# Discover's long tail: every search of its own (country, language, an age range, with photos or
# not), shuffled; each wrk thread walks them from a place of its own, so no search comes twice in
# a run unless a thread walks round the whole file.
python3 - "$work/longtail.txt" "$countries" "$languages" "$page_size" <<'PY'
import random, sys, urllib.parse
out, countries, languages, size = sys.argv[1], sys.argv[2].split('|'), sys.argv[3].split(), sys.argv[4]
paths = [f'/prod-api/system/user/profile/homePage/all?pageSize={size}&country={urllib.parse.quote(c)}'
         f'&language={l}&minAge={a}&maxAge={a + w}' + ('&withPhotos=true' if p else '')
         for c in countries for l in languages for a in range(18, 70) for w in range(3, 23) for p in (0, 1)]
random.Random(7).shuffle(paths)
open(out, 'w').write('\n'.join(paths) + '\n')
PY
head -n 90000 "$work/longtail.txt" >"$work/longtail-wrk.txt"
tail -n 90000 "$work/longtail.txt" >"$work/longtail-paced.txt"
cat >"$work/longtail.lua" <<LUA
local paths = {}
for line in io.lines("$work/longtail-wrk.txt") do paths[#paths + 1] = line end
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function init(args)
  -- Each run starts somewhere new, each thread half the file away from the other.
  math.randomseed(os.time() * 7 + (id or 0))
  n = (math.random(#paths) + (id or 0) * math.floor(#paths / 2)) % #paths
end
function request()
  n = n % #paths + 1
  return wrk.format("GET", paths[n])
end
LUA
results="$work/results.tsv"
: >"$results"

# A streaming replica of the local PostgreSQL server, for finding (BENCH_DISCOVER_REPLICA=1).
replica_dir=
start_replica() { # database-name -> sets replica_url
  local pgbin hba t0
  pgbin=/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -n | tail -1)/bin
  [ "$(id -u)" = 0 ] || { echo "discover bench: the replica needs root (su postgres)" >&2; return 1; }
  hba=$(psql -X -At "$pg_admin" -c "SHOW hba_file")
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$hba"; then
    echo "host replication all 127.0.0.1/32 trust" >>"$hba"
    psql -X "$pg_admin" -qc "SELECT pg_reload_conf()" >/dev/null
  fi
  replica_dir=$(mktemp -d /tmp/amora-replica.XXXXXX)
  chown postgres "$replica_dir" && chmod 700 "$replica_dir"
  t0=$(date +%s.%N)
  su postgres -c "$pgbin/pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D $replica_dir -R -X stream -c fast"
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\nhot_standby = on\n" \
    "$replica_port" "$replica_dir" >"$replica_dir/postgresql.conf"
  printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' >"$replica_dir/pg_hba.conf"
  chown postgres "$replica_dir/postgresql.conf" "$replica_dir/pg_hba.conf"
  su postgres -c "$pgbin/pg_ctl -D $replica_dir -l $replica_dir/server.log -w start" >/dev/null
  replica_url="postgres://postgres@127.0.0.1:$replica_port/$1"
  echo "replica: copied and started in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}') s, $(du -sm "$replica_dir" | cut -f1) MiB, at $replica_url"
}
stop_replica() {
  [ -n "$replica_dir" ] || return 0
  su postgres -c "/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -n | tail -1)/bin/pg_ctl -D $replica_dir -m fast -w stop" >/dev/null || true
  rm -rf "$replica_dir"
  replica_dir=
}
: >"$work/problems"
run_backend() { # name database-url
  local name=$1 url=$2 dir v u0 now seed_start seed_seconds has_matches has_visits token
  dir=$(mktemp -d "$work/$name.XXXX")
  local log="$out/discover-seed-$name.txt"
  echo "# $(date -u +%FT%TZ) discover bench on $name: $users people; the viewer likes $n_like, is liked by $n_liker ($n_match matches), blocked $n_block, blocked by $n_blocker, $n_visit visitors" | tee "$log"
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  start_server "$dir" "$url"
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"discoverviewer\",\"email\":\"discoverviewer@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  stop_server
  v=$(query "$url" "SELECT id FROM users WHERE user_name = 'discoverviewer'")
  u0=$(query "$url" "SELECT max(id) + 1 FROM users")
  # Matches and visits have tables of their own since migration 0013.
  if [[ $url == postgres* ]]; then
    has_matches=$(query "$url" "SELECT (to_regclass('matches') IS NOT NULL)::int")
    has_visits=$(query "$url" "SELECT (to_regclass('visits') IS NOT NULL)::int")
  else
    has_matches=$(query "$url" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'matches'")
    has_visits=$(query "$url" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'visits'")
  fi
  now=$(date +%s)
  seed_start=$(date +%s.%N)
  if [[ $url == postgres* ]]; then
    postgres_seed "$v" "$u0" "$now" "$has_matches" "$has_visits" | psql -X -q -o /dev/null -v ON_ERROR_STOP=1 "$url" >>"$log" 2>&1 ||
      { echo "seeding failed:" >&2; tail -5 "$log" >&2; return 1; }
  else
    sqlite_seed "$v" "$u0" "$now" "$has_matches" "$has_visits" | sqlite3 -bail "${url#sqlite://}" >>"$log" 2>&1 ||
      { echo "seeding failed:" >&2; tail -5 "$log" >&2; return 1; }
  fi
  seed_seconds=$(awk -v a="$seed_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  local counts size
  counts=$(query "$url" "SELECT (SELECT count(*) FROM users) || ' ' || (SELECT count(*) FROM users WHERE status = 'banned') || ' ' || (SELECT count(*) FROM users WHERE status = 'deleted') || ' ' || (SELECT count(*) FROM users WHERE avatar_key IS NOT NULL) || ' ' || (SELECT count(*) FROM users WHERE created_at >= $now - 30 * 86400) || ' ' || (SELECT count(*) FROM likes WHERE liker_id = $v) || ' ' || (SELECT count(*) FROM likes WHERE liked_id = $v) || ' ' || (SELECT count(*) FROM blocks WHERE blocker_id = $v) || ' ' || (SELECT count(*) FROM blocks WHERE blocked_id = $v) || ' ' || (SELECT count(*) FROM footprints WHERE visited_id = $v) || ' ' || (SELECT count(DISTINCT visitor_id) FROM footprints WHERE visited_id = $v)")
  local n_matches=- n_visits=-
  [ "$has_matches" = 1 ] && n_matches=$(query "$url" "SELECT count(*) FROM matches WHERE user_id = $v")
  [ "$has_visits" = 1 ] && n_visits=$(query "$url" "SELECT count(*) FROM visits WHERE visited_id = $v")
  if [[ $url == postgres* ]]; then
    size=$(query "$url" "SELECT pg_database_size(current_database()) / 1048576")
  else
    size=$(( $(stat -c %s "${url#sqlite://}") / 1048576 ))
  fi
  local c_users c_banned c_deleted c_photos c_new c_likes c_liked c_blocks c_blockers c_prints c_visitors
  read -r c_users c_banned c_deleted c_photos c_new c_likes c_liked c_blocks c_blockers c_prints c_visitors <<<"$counts"
  printf 'seeded in %.1f s: users %s (banned %s, deleted %s, with a photo %s, joined in the last 30 days %s); the viewer (id %s) likes %s, is liked by %s, matches %s, blocked %s, blocked by %s, footprints %s from %s visitors, visits rows %s; database %s MiB\n' \
    "$seed_seconds" "$c_users" "$c_banned" "$c_deleted" "$c_photos" "$c_new" "$v" "$c_likes" "$c_liked" "$n_matches" "$c_blocks" "$c_blockers" "$c_prints" "$c_visitors" "$n_visits" "$size" | tee -a "$log"

  # Online: the 1% most recently active (last active in the 7.2 hours before the seed) made
  # active in the minute before the server starts again, so that they are still online (the
  # server's 5 minutes) while discover is measured.
  local t online
  t=$(date +%s)
  query "$url" "UPDATE users SET last_active_at = $t - (id % 60) WHERE id >= $u0 AND last_active_at >= $now - 25920" >/dev/null
  online=$(query "$url" "SELECT count(*) FROM users WHERE id >= $u0 AND last_active_at >= $t - 60 AND status = 'active'")
  echo "made online: $online active people" | tee -a "$log"

  # Everyone the viewer must never see in discover.
  query "$url" "SELECT id FROM users WHERE status <> 'active' OR held_at IS NOT NULL OR role = 'service' OR id = $v UNION SELECT blocked_id FROM blocks WHERE blocker_id = $v UNION SELECT blocker_id FROM blocks WHERE blocked_id = $v" >"$work/hidden"

  if [ "$replica" = 1 ] && [[ $url == postgres* ]]; then
    psql -X "$url" -qc "CHECKPOINT" >/dev/null
    start_replica "${url##*/}" >"$work/replica.txt"
    tee -a "$log" <"$work/replica.txt"
    export AMORA_FINDING_DATABASE_URL="$replica_url"
    name="$name-replica"
  fi
  start_server "$dir" "$url"
  start_sampler "$pid" "$work/rss-$name"
  local rss_idle
  rss_idle=$(status_kib "$pid" VmRSS)

  local disc="/prod-api/system/user/profile/homePage/all?pageSize=$page_size"
  local -a mix_keys=(default japan age25-35 online photos new narrow)
  local -a mix_paths=("$disc" "$disc&country=Japan" "$disc&minAge=25&maxAge=35" "$disc&online=true"
    "$disc&withPhotos=true" "$disc&newMembers=true" "$disc&country=Spain&language=es&minAge=20&maxAge=40&withPhotos=true")
  local -a list_keys=(likeTo likeMe visitor likeMeAndLikeTo blacklisted)
  local -a list_paths=("/prod-api/system/like/likeTo?pageSize=$page_size" "/prod-api/system/like/likeMe?pageSize=$page_size"
    "/prod-api/system/like/visitor?pageSize=$page_size" "/prod-api/system/like/likeMeAndLikeTo?pageSize=$page_size"
    "/prod-api/system/blacklisted/list?pageSize=$page_size")
  local k
  {
    for k in "${!mix_keys[@]}"; do printf 'discover %s\t%s\t1\tdiscover\n' "${mix_keys[k]}" "${mix_paths[k]}"; done
    printf 'discover default, walked\t%s\t49\tdiscover\n' "$disc"
    for k in "${!list_keys[@]}"; do printf '%s\t%s\t49\tlist\n' "${list_keys[k]}" "${list_paths[k]}"; done
  } >"$work/walks-$name"
  walker "$base" "$token" "$work/hidden" "$page_size" "$work/walks-$name" >"$work/walked-$name" 2>"$work/checked-$name" ||
    echo "PROBLEM: the walk through the pages failed" >>"$work/checked-$name"
  tee -a "$log" <"$work/checked-$name" >&2
  local -A tok=() reached=()
  local wk wt wp
  while IFS='|' read -r wk wt wp; do tok[$wk]=$wt reached[$wk]=$wp; done <"$work/walked-$name"
  local page50
  page50=$(( ${reached["discover default, walked"]:-0} + 1 ))
  local -a alone_paths=("$disc")
  local -a mix=("${mix_paths[@]}")
  if [ -n "${tok["discover default, walked"]:-}" ]; then
    mix+=("$disc&pageToken=${tok["discover default, walked"]}")
    alone_paths+=("$disc&pageToken=${tok["discover default, walked"]}")
  else
    echo "  PROBLEM discover: no token for page 50 (the walk ended at page $((page50 - 1))): page 50 is not measured" | tee -a "$log" "$work/checked-$name" >&2
  fi
  local problems
  problems=$(grep -c PROBLEM "$work/checked-$name" || true)
  grep PROBLEM "$work/checked-$name" | sed "s/^ */$name: /" >>"$work/problems" || true
  printf '%s\tchecks\t%s\n' "$name" "$problems" >>"$results"
  local -a lists=()
  for k in "${!list_keys[@]}"; do
    lists+=("${list_paths[k]}")
    if [ -n "${tok[${list_keys[k]}]:-}" ]; then
      lists+=("${list_paths[k]}&pageToken=${tok[${list_keys[k]}]}")
    else
      echo "no page 50 of ${list_keys[k]}: the list ended at page ${reached[${list_keys[k]}]:-0}" | tee -a "$log" >&2
    fi
  done
  write_mix "$work/discover-mix.lua" "${mix[@]}"
  write_mix "$work/lists-mix.lua" "${lists[@]}"
  {
    echo "discover mix (${#mix[@]} paths in turn):"; printf '  %s\n' "${mix[@]}"
    echo "people lists mix (${#lists[@]} paths in turn):"; printf '  %s\n' "${lists[@]}"
  } >>"$log"

  # The runs: key, label, what wrk gets (a path, or @script for a mix).
  local -a run_keys=(getinfo mix page1) run_labels=("getInfo (the yardstick)" "discover mix (${#mix[@]} requests in turn)" "discover page 1 (default filters) alone")
  local -a run_targets=(/prod-api/getInfo "@$work/discover-mix.lua" "$disc")
  if (( ${#alone_paths[@]} > 1 )); then
    run_keys+=(page50) run_labels+=("discover page $page50 (pageToken) alone") run_targets+=("${alone_paths[1]}")
  fi
  run_keys+=(longtail) run_labels+=("discover long tail (a search of its own nearly every request)") run_targets+=("@$work/longtail.lua")
  if [ "$lists_measured" = 1 ]; then
    run_keys+=(lists) run_labels+=("people lists mix (${#lists[@]} requests in turn: page 1 and page 50 of five lists)") run_targets+=("@$work/lists-mix.lua")
  fi
  if [ "$lists_alone" = 1 ] && [ "$lists_measured" = 1 ]; then
    for k in "${!list_keys[@]}"; do
      run_keys+=("list-${list_keys[k]}") run_labels+=("${list_keys[k]} page 1 alone") run_targets+=("${list_paths[k]}")
    done
  fi

  local label target raw t0 t1 m0 m1 cores busy rps p50 p99 bad share yard=
  local -a how
  for k in "${!run_keys[@]}"; do
    label=${run_labels[k]} target=${run_targets[k]} raw="$out/discover-${run_keys[k]}-$name.txt"
    if [[ $target == @* ]]; then how=(-s "${target#@}" "$base"); else how=("$base$target"); fi
    wrk -t2 -c"$connections" -d"$warmup" -H "Authorization: Bearer $token" "${how[@]}" >/dev/null
    t0=$(cpu_ticks "$pid") m0=$(machine_ticks)
    { echo "# $(date -u +%FT%TZ) $name ${run_keys[k]}: ${target#@}; load average before: $(loadavg)"
      wrk -t2 -c"$connections" -d"$duration" --timeout 30s --latency -H "Authorization: Bearer $token" "${how[@]}"; } >"$raw"
    t1=$(cpu_ticks "$pid") m1=$(machine_ticks)
    cores=$(awk -v d="$((t1 - t0))" -v hz="$(getconf CLK_TCK)" -v s="${duration%s}" 'BEGIN {printf "%.2f", d / hz / s}')
    read -r rps p50 p99 bad < <(summary "$raw")
    busy=$(awk -v a="$m0" -v b="$m1" 'BEGIN {split(a, x, " "); split(b, y, " "); printf "%.0f%%", 100 * (y[1] - x[1]) / (y[2] - x[2])}')
    echo "server cores: $cores; machine busy: $busy; non-2xx: $bad" >>"$raw"
    if [ "$bad" != 0 ]; then
      # Which paths answered what: each path of the run alone for 1 s more, every answer counted
      # (a callback per answer in the load generator: only here).
      local -a again
      local p
      if [[ $target == @* ]]; then mapfile -t again < <(sed -n 's/^  "\(.*\)",$/\1/p' "${target#@}"); else again=("$target"); fi
      { echo "# answers by path and status, each path alone for 1 s:"
        for p in "${again[@]}"; do
          wrk -t2 -c"$connections" -d1s --timeout 30s -H "Authorization: Bearer $token" -s "$work/count.lua" "$base$p" |
            sed -n 's/^answers: /  /p' | awk -v p="$p" '{print p $0}'
        done; } >>"$raw"
      sed -n '/^# answers by path/,$p' "$raw" | grep -v ' 200 x' >&2 || true
    fi
    [ -n "$yard" ] || yard=$rps
    share=$(awk -v a="$rps" -v b="$yard" 'BEGIN {s = b > 0 ? 100 * a / b : 0; printf (s < 10 ? "%.1f%%" : "%.0f%%"), s}')
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$label" "$rps" "$share" "$p50" "$p99" "$cores" "$busy" \
      "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$work/table.md"
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "${run_keys[k]}" "$rps" "$(to_ms "$p50")" "$(to_ms "$p99")" "$bad" >>"$results"
  done
  # The long tail again at the goal's rate, paced: what a search of its own costs at that rate,
  # queueing included (later in the shuffled file than wrk reached: searches not made yet).
  local asked paced
  asked=$(awk -v y="$yard" 'BEGIN {printf "%.0f", 0.20 * y}')
  raw="$out/discover-longtail-paced-$name.txt"
  { echo "# $(date -u +%FT%TZ) $name long tail paced at $asked/s; load average before: $(loadavg)"
    "$work/loadgen" pace --server "127.0.0.1:$port" --header "Authorization: Bearer $token" \
      --paths-file "$work/longtail-paced.txt" --rate "$asked" --seconds "${duration%s}" --warmup "${warmup%s}"; } >"$raw"
  paced=$(tail -n1 "$raw")
  read -r rps p50 p99 bad < <(awk '{print $2, $8, $10, $14}' <<<"$paced")
  share=$(awk -v a="$rps" -v b="$yard" 'BEGIN {printf "%.0f%%", (b > 0 ? 100 * a / b : 0)}')
  printf '| %s | %s | %s | %s | %sms | %sms | - | - | %s |\n' "$name" "discover long tail paced at 20% of getInfo's rate ($asked/s asked)" \
    "$rps" "$share" "$p50" "$p99" "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$work/table.md"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" longtail-paced "$rps" "$p50" "$p99" "$bad" >>"$results"
  local hwm rss peak
  hwm=$(status_kib "$pid" VmHWM) rss=$(status_kib "$pid" VmRSS)
  stop_sampler
  peak=$(cat "$work/rss-$name")
  printf '%s\tmemory\t%s\t%s\t%s\t%s\n' "$name" "$hwm" "$peak" "$rss_idle" "$rss" >>"$results"
  printf '%s: server RSS %d MiB after start, %d MiB after the loads, largest sampled each second %d MiB, peak (VmHWM) %d MiB; seeding %.0f s; database %s MiB\n' \
    "$name" $((rss_idle / 1024)) $((rss / 1024)) $((peak / 1024)) $((hwm / 1024)) "$seed_seconds" "$size" | tee -a "$log" >>"$work/memory.md"
  stop_server
  unset AMORA_FINDING_DATABASE_URL
  if declare -F stop_replica >/dev/null; then stop_replica; fi
  cp "$dir/server.log" "$out/discover-server-$name.txt"
}

started=$(date +%s)
start_load=$(loadavg)
: >"$work/table.md"
: >"$work/memory.md"
for b in $backends; do
  case $b in
    sqlite) run_backend sqlite "sqlite://$work/discover.db" ;;
    postgres)
      pg_db="amora_discover_$$"
      psql -X "$pg_admin" -qc "CREATE DATABASE $pg_db"
      run_backend postgres "${pg_admin%/*}/$pg_db"
      if [ "$keep_pg" = 1 ]; then
        echo "PostgreSQL database kept: $pg_db (${pg_admin%/*}/$pg_db); drop it with: psql $pg_admin -c 'DROP DATABASE $pg_db'"
      else
        psql -X "$pg_admin" -qc "DROP DATABASE $pg_db WITH (FORCE)"
      fi
      pg_db= ;;
    *) echo "unknown backend $b" >&2; exit 1 ;;
  esac
done

{
  echo "# discover bench $(date -u +%FT%TZ): $users people; the viewer likes $n_like, is liked by $n_liker ($n_match matches), blocked $n_block, blocked by $n_blocker, $n_visit visitors; ${duration} each after ${warmup} of warm-up, $connections connections, page size $page_size; $(( $(date +%s) - started )) s in all"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GiB, $(uname -r); load average at the start: $start_load, at the end: $(loadavg) (other work on the machine weighs on every number)."
  echo
  echo '| database | what | requests/s | share of getInfo | p50 | p99 | server cores | machine busy | answers |'
  echo '|---|---|---|---|---|---|---|---|---|'
  cat "$work/table.md"
  echo
  echo "Discover mix: \`homePage/all?pageSize=$page_size\` with the default filters (women, for the viewer), \`country=Japan\`, \`minAge=25&maxAge=35\`, \`online=true\`, \`withPhotos=true\`, \`newMembers=true\`, \`country=Spain&language=es&minAge=20&maxAge=40&withPhotos=true\` and page 50 of the default filters (\`pageToken\`), in turn. People lists mix: page 1 and page 50 (\`pageToken\`) of \`likeTo\`, \`likeMe\`, \`visitor\`, \`likeMeAndLikeTo\` and \`blacklisted/list\`, in turn. Each measured request was checked once before (bench/results/discover-seed-*.txt)."
  echo
  cat "$work/memory.md"
  echo
  python3 - "$results" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
names = {'sqlite': 'SQLite', 'postgres': 'PostgreSQL'}
backends = list(dict.fromkeys(r[0] for r in rows))
runs = {(r[0], r[1]): r[2:] for r in rows}
def cell(ok, text):
    return f"{'met' if ok else '**not met**'} ({text})" if ok is not None else 'not measured'
goals = []
def rps(b, k):
    return float(runs[(b, k)][0]) if (b, k) in runs else None
def p99(b, k):
    return float(runs[(b, k)][2]) if (b, k) in runs else None
line = lambda goal, f: goals.append((goal, [f(b) for b in backends]))
def share(k, at_least=0.15):
    def f(b):
        r, y = rps(b, k), rps(b, 'getinfo')
        return cell(None, '') if r is None or not y else cell(r >= at_least * y, f'{100 * r / y:.0f}%')
    return f
line('discover mix, the common searches: at least 50% of getInfo\'s rate', share('mix', 0.50))
line('discover long tail: at least 20% of getInfo\'s rate', share('longtail', 0.20))
def paced(b):
    p = p99(b, 'longtail-paced')
    return cell(None, '') if p is None else cell(p < 50, f'p99 {p:.1f} ms at {rps(b, "longtail-paced"):.0f} requests/s')
line('discover long tail at 20% of getInfo\'s rate, paced: p99 under 50 ms', paced)
line('people lists mix: at least 15% of getInfo\'s rate', share('lists'))
def latency(b):
    measured = [(k, p99(b, k)) for (bb, k) in runs if bb == b and k not in ('getinfo', 'memory', 'checks', 'longtail')]
    if not measured:
        return cell(None, '')
    worst = max(measured, key=lambda m: m[1])
    return cell(worst[1] < 50, f'worst {worst[1]:.1f} ms, {worst[0]}')
line('p99 under 50 ms (every discover and list row but the long tail at its highest rate)', latency)
def page50(b):
    a, z = rps(b, 'page1'), rps(b, 'page50')
    if a is None or z is None:
        return cell(None, '')
    return cell(z >= 0.9 * a, f'page 50 at {100 * z / a:.0f}% of page 1\'s rate, p99 {p99(b, "page50"):.1f} against {p99(b, "page1"):.1f} ms')
line('discover page 50 costs no more than page 1 (its rate at least 90% of page 1\'s)', page50)
def memory(b):
    if (b, 'memory') not in runs:
        return cell(None, '')
    hwm = int(runs[(b, 'memory')][0]) / 1024
    return cell(hwm < 200, f'VmHWM {hwm:.0f} MiB')
line('server peak RSS under 200 MiB', memory)
def answers(b):
    bad = sum(int(v[3]) for (bb, k), v in runs.items() if bb == b and k not in ('memory', 'checks'))
    return cell(bad == 0, f'{bad} non-2xx')
line('every answer a 2xx', answers)
def checked(b):
    if (b, 'checks') not in runs:
        return cell(None, '')
    n = int(runs[(b, 'checks')][0])
    return cell(n == 0, 'no problem found' if n == 0 else f'{n} problem lines, in the log')
line('the answers checked before the measurements', checked)
print('| goal (' + str(__import__('os').cpu_count()) + ' cores) | ' + ' | '.join(names.get(b, b) for b in backends) + ' |')
print('|---|' + '---|' * len(backends))
for goal, cells in goals:
    print(f'| {goal} | ' + ' | '.join(cells) + ' |')
PY
} >"$out/discover.md"
cat "$out/discover.md"
if [ -s "$work/problems" ]; then
  echo
  echo "$(wc -l <"$work/problems") problem lines in the checks before the measurements (bench/results/discover-seed-*.txt), the first ones:"
  head -12 "$work/problems"
fi
