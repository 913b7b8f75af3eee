#!/usr/bin/env bash
# People-nearby benchmark of the release server, on SQLite (a fresh file) and on PostgreSQL (a
# fresh database):
#   - 100,000 people: genders alternating, the eleven countries, ages 18 to 70, a photo on half of
#     them, 5% banned and 0.5% deleted, active over the last 30 days;
#   - a third of them share their area: around 48 of the world's big towns (a town each, in turn),
#     each person up to about 40 km from the middle of their town, nearer ones more often; the
#     cells are computed here as the server computes them (people/area.rs), and inserted with SQL;
#   - the viewer: a man registered through the API, made a member with SQL (no daily cap), who
#     shares his area in Tokyo through the API; he blocked 300 of the people sharing theirs and 50
#     blocked him.
# Measured with wrk (2 threads, BENCH_NEARBY_CONNECTIONS, a short warm-up, then
# BENCH_NEARBY_DURATION), authenticated as the viewer, in one run of one server process:
#   - GET /prod-api/getInfo (the yardstick of the run);
#   - nearby page 1 (GET /prod-api/system/user/profile/nearby?pageSize=20) alone;
#   - nearby page 50 (the nextPageToken of page 49, found by walking the 49 pages once before)
#     alone;
#   - a mix in turn: page 1, page 50, page 1 with gender=female&withPhotos=true, page 1 with
#     country=Japan&minAge=25&maxAge=40;
#   - the same mix at the goal's rate, 15% of getInfo's in this run, paced (`loadgen pace`, an open
#     loop: each request's latency counts from when it was due), for the p99 the goal asks at that
#     rate; wrk's closed loop at 32 connections measures the queue at the highest rate instead.
# Every measured request is made once before and its answer checked: nearest first, nobody twice
# in a scroll, nobody hidden from the viewer (banned, deleted, blocked either way), the filters
# held, `distanceKm` never under 5.
#
# Knobs: BENCH_NEARBY_USERS (100000), BENCH_NEARBY_DURATION (15s), BENCH_NEARBY_WARMUP (2s),
# BENCH_NEARBY_CONNECTIONS (32), BENCH_NEARBY_BACKENDS ("sqlite postgres"), BENCH_NEARBY_BIN
# (the server binary; default $CARGO_TARGET_DIR/release/amora).
# Results: bench/results/nearby-*.txt (raw wrk outputs, seeding and checking log) and
# bench/results/nearby.md (table and goals).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
bin=${BENCH_NEARBY_BIN:-$CARGO_TARGET_DIR/release/amora}
users=${BENCH_NEARBY_USERS:-100000}
duration=${BENCH_NEARBY_DURATION:-15s}
warmup=${BENCH_NEARBY_WARMUP:-2s}
connections=${BENCH_NEARBY_CONNECTIONS:-32}
backends=${BENCH_NEARBY_BACKENDS:-sqlite postgres}
port=18186
base="http://127.0.0.1:$port"
page_size=20
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk sqlite3 psql curl python3; do
  command -v "$tool" >/dev/null || { echo "nearby bench: $tool is missing (apt-get install -y wrk sqlite3 postgresql-client)" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "nearby bench: no server binary at $bin (cargo build --release -p amora-server, or set BENCH_NEARBY_BIN)" >&2; exit 1; }
(( users >= 3000 )) || { echo "nearby bench: BENCH_NEARBY_USERS must be at least 3000" >&2; exit 1; }
[[ $duration =~ ^[0-9]+s$ ]] || { echo "nearby bench: BENCH_NEARBY_DURATION is in seconds (15s)" >&2; exit 1; }

cargo build --release -q -p amora-loadgen
# Our own copy: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-nearby-bench.XXXXXX)
cp "$bin" "$work/amora"
cp "$CARGO_TARGET_DIR/release/loadgen" "$work/loadgen"
. bench/lib.sh
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
stop_server() {
  kill "$guard" 2>/dev/null || true
  wait "$guard" 2>/dev/null || true
  guard=
}
to_ms() { # a wrk latency (850.00us, 3.51ms, 1.02s) -> milliseconds
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); v = v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v) }
    else if (v ~ /s$/) { sub(/s$/, "", v); v = v * 1000 }
    printf "%.3f", v }'
}

countries='Britain|Japan|South Korea|Germany|Russia|Spain|America|Australia|Singapore|Malaysia|Canada'
countries_pg="array['${countries//|/\', \'}']"
countries_json="[\"${countries//|/\", \"}\"]"

# People u = 0..users-1 (id u0 + u): female when u is even; country u % 11; born 18 to 70 years
# ago; banned when h % 20 = 7, deleted when h % 200 = 13 (h a hash of u); a photo on half; last
# active up to 30 days ago.
users_sql() { # sqlite|postgres viewer-id u0 now
  local db=$1 v=$2 u0=$3 now=$4 today=$(($4 / 86400))
  if [ "$db" = sqlite ]; then
    cat <<SQL
PRAGMA journal_mode = DELETE;
PRAGMA synchronous = OFF;
PRAGMA foreign_keys = OFF;
BEGIN;
UPDATE users SET level = 'VIP', member_expires_at = $now + 365 * 86400 WHERE id = $v;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    avatar_key, avatar_thumb_key, email_verified, status, created_at, last_active_at, deleted_at, ban_reason)
SELECT $u0 + u, 'near' || u, 'near' || u || '@example.com', (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    json_extract('$countries_json', '\$[' || (u % 11) || ']'),
    date(($today - 6588 - (u * 3266489917) % 4294967296 / 226290) * 86400, 'unixepoch'), 'en',
    CASE WHEN u % 4 < 2 THEN 'avatars/' || printf('%032x', u * 2654435761) || '.jpg' END,
    CASE WHEN u % 4 < 2 THEN 'avatars/' || printf('%032x', u * 2654435761) || '_thumb.jpg' END,
    TRUE,
    CASE WHEN h % 20 = 7 THEN 'banned' WHEN h % 200 = 13 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400, $now - (u * 668265263) % 2592000,
    CASE WHEN h % 200 = 13 THEN $now - 86400 END, CASE WHEN h % 20 = 7 THEN 'spam' END
FROM (SELECT value AS u, (value * 2654435761) % 4294967296 / 65536 AS h FROM generate_series(0, $users - 1));
COMMIT;
SQL
  else
    cat <<SQL
SET synchronous_commit = off;
SET session_replication_role = replica;
BEGIN;
UPDATE users SET level = 'VIP', member_expires_at = $now + 365 * 86400 WHERE id = $v;
INSERT INTO users (id, user_name, email, password_hash, gender, country, birthday, language,
    avatar_key, avatar_thumb_key, email_verified, status, created_at, last_active_at, deleted_at, ban_reason)
OVERRIDING SYSTEM VALUE
SELECT $u0 + u, 'near' || u, 'near' || u || '@example.com', (SELECT password_hash FROM users WHERE id = $v),
    CASE u % 2 WHEN 0 THEN 'female' ELSE 'male' END,
    ($countries_pg)[u % 11 + 1],
    to_char(date '1970-01-01' + ($today - 6588 - (u * 3266489917) % 4294967296 / 226290)::int, 'YYYY-MM-DD'), 'en',
    CASE WHEN u % 4 < 2 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '.jpg' END,
    CASE WHEN u % 4 < 2 THEN 'avatars/' || lpad(to_hex(u * 2654435761), 32, '0') || '_thumb.jpg' END,
    TRUE,
    CASE WHEN h % 20 = 7 THEN 'banned' WHEN h % 200 = 13 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400, $now - (u * 668265263) % 2592000,
    CASE WHEN h % 200 = 13 THEN $now - 86400 END, CASE WHEN h % 20 = 7 THEN 'spam' END
FROM (SELECT u, (u * 2654435761) % 4294967296 / 65536 AS h FROM generate_series(0::bigint, $users - 1) AS u) AS s;
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));
COMMIT;
SQL
  fi
}

# The areas of the people sharing theirs (u % 3 = 0), as CSV: user_id,row,col,lng,updated_at;
# the cells as people/area.rs makes them.
areas_csv() { # u0 now
  python3 - "$1" "$2" "$users" <<'PY'
import math, sys
u0, now, users = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
towns = [(35.68, 139.69), (34.69, 135.50), (35.18, 136.91), (43.06, 141.35), (33.59, 130.40),
         (37.57, 126.98), (35.18, 129.08), (31.23, 121.47), (39.90, 116.41), (22.32, 114.17),
         (25.03, 121.57), (1.35, 103.82), (3.14, 101.69), (13.76, 100.50), (14.60, 120.98),
         (-6.21, 106.85), (28.61, 77.21), (19.08, 72.88), (25.20, 55.27), (41.01, 28.98),
         (55.76, 37.62), (59.94, 30.31), (52.52, 13.40), (48.14, 11.58), (50.11, 8.68),
         (48.86, 2.35), (51.51, -0.13), (53.48, -2.24), (40.42, -3.70), (41.39, 2.17),
         (41.90, 12.50), (45.46, 9.19), (52.37, 4.90), (59.33, 18.07), (-33.87, 151.21),
         (-37.81, 144.96), (-36.85, 174.76), (40.71, -74.01), (34.05, -118.24), (41.88, -87.63),
         (37.77, -122.42), (43.65, -79.38), (49.28, -123.12), (19.43, -99.13), (-23.55, -46.63),
         (-34.60, -58.38), (30.04, 31.24), (-33.92, 18.42)]
R = 6371.0
km_deg = R * math.pi / 180
row_deg = 5.0 / km_deg
rows = math.ceil(180 / row_deg)
def cells_in_row(row):
    lat = max(-90.0, min(90.0, -90 + (row + 0.5) * row_deg))
    return max(1, math.floor(360 * km_deg * math.cos(math.radians(lat)) / 5.0))
def cell(lat, lng):
    row = min(max(math.floor((lat + 90) / row_deg), 0), rows - 1)
    n = cells_in_row(row)
    col = math.floor((lng + 180) / 360 * n) % n
    mid = -180 + (col + 0.5) * 360 / n
    return row, col, round(mid * 1000)
out = sys.stdout
for u in range(0, users, 3):
    lat0, lng0 = towns[(u // 3) % len(towns)]
    h = (u * 2654435761) % 4294967296
    # Up to 40 km away, nearer more often (the square of a uniform draw), in any direction.
    dist = 40.0 * ((h % 10007) / 10007.0) ** 2
    bearing = 2 * math.pi * ((h >> 16) % 3607) / 3607.0
    lat = lat0 + dist * math.cos(bearing) / km_deg
    lng = lng0 + dist * math.sin(bearing) / (km_deg * math.cos(math.radians(lat0)))
    r, c, m = cell(lat, lng)
    out.write(f'{u0 + u},{r},{c},{m},{now}\n')
PY
}

results="$work/results.tsv"
: >"$results"
: >"$work/table.md"
: >"$work/problems"

# Walks nearby as the viewer, following nextPageToken, and checks each page: a 200; nearest
# first; nobody twice; nobody hidden; distanceKm at least 5; the path's filters held. Prints the
# token of the page after the last walked (URL-encoded).
walk() { # path pages hidden-file
  python3 - "$base" "$token" "$@" <<'PY'
import json, sys, urllib.parse, urllib.request, urllib.error
base, token, path, pages, hidden = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
hidden = set(int(x) for x in open(hidden).read().split())
q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(path).query))
def get(p):
    req = urllib.request.Request(base + p, headers={'Authorization': 'Bearer ' + token})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        return {'code': e.code, 'msg': e.read().decode()[:300]}
seen, last, tok, walked, problems = set(), 0, None, 0, []
while walked < pages:
    body = get(path + (f'&pageToken={urllib.parse.quote(tok, safe="")}' if tok else ''))
    if body.get('code') != 200:
        problems.append(f'page {walked + 1}: {body}')
        break
    walked += 1
    for c in body['data']['rows']:
        uid, km = c['userId'], c['distanceKm']
        if uid in seen: problems.append(f'page {walked}: {uid} twice')
        if uid in hidden: problems.append(f'page {walked}: {uid} is hidden from the viewer')
        if km < 5: problems.append(f'page {walked}: {uid} at {km} km')
        if km < last: problems.append(f'page {walked}: {uid} at {km} km after {last} km')
        if c['gender'] != q.get('gender', 'female'): problems.append(f'page {walked}: {uid} is {c["gender"]}')
        if 'country' in q and c['country'] != q['country']: problems.append(f'page {walked}: {uid} of {c["country"]}')
        if q.get('withPhotos') == 'true' and not c.get('avatar'): problems.append(f'page {walked}: {uid} without a photo')
        if not (int(q.get('minAge', 18)) <= c['age'] <= int(q.get('maxAge', 99))): problems.append(f'page {walked}: {uid} aged {c["age"]}')
        seen.add(uid); last = km
    tok = body['data']['nextPageToken']
    if tok is None: break
print(f'{path}: {walked} page(s), {len(seen)} people, the last {last} km away' + ('' if tok else '; the list ended'), file=sys.stderr)
for p in problems[:10]: print(f'  PROBLEM {p}', file=sys.stderr)
print(urllib.parse.quote(tok, safe='') if tok else '')
PY
}

run_backend() { # name database-url
  local name=$1 url=$2 dir v u0 now log
  log="$out/nearby-seed-$name.txt"
  dir=$(mktemp -d "$work/$name.XXXX")
  echo "# $(date -u +%FT%TZ) nearby bench on $name: $users people, a third sharing their area" | tee "$log"
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  start_server "$dir" "$url"
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"nearbyviewer\",\"email\":\"nearbyviewer@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  stop_server
  v=$(query "$url" "SELECT id FROM users WHERE user_name = 'nearbyviewer'")
  u0=$(query "$url" "SELECT max(id) + 1 FROM users")
  now=$(date +%s)
  local seed_start=$SECONDS
  users_sql "$name" "$v" "$u0" "$now" >"$work/users.sql"
  areas_csv "$u0" "$now" >"$work/areas.csv"
  # He blocked 300 of the people sharing their area, and 50 of them blocked him.
  if [ "$name" = sqlite ]; then
    sqlite3 "${url#sqlite://}" <"$work/users.sql" >/dev/null
    sqlite3 "${url#sqlite://}" <<SQL >/dev/null
PRAGMA foreign_keys = OFF;
CREATE TEMP TABLE a (user_id INTEGER, cell_row INTEGER, cell_col INTEGER, cell_lng INTEGER, updated_at INTEGER);
.mode csv
.import $work/areas.csv a
INSERT INTO nearby_areas SELECT * FROM a;
INSERT INTO blocks (blocker_id, blocked_id, created_at) SELECT $v, $u0 + value * 333, $now FROM generate_series(0, 299);
INSERT INTO blocks (blocker_id, blocked_id, created_at) SELECT $u0 + 3 + value * 999, $v, $now FROM generate_series(0, 49);
ANALYZE;
PRAGMA journal_mode = WAL;
SQL
  else
    psql -X -q "$url" <"$work/users.sql" >/dev/null
    psql -X -q "$url" <<SQL >/dev/null
\copy nearby_areas (user_id, cell_row, cell_col, cell_lng, updated_at) FROM '$work/areas.csv' WITH (FORMAT csv)
INSERT INTO blocks (blocker_id, blocked_id, created_at) SELECT $v, $u0 + g * 333, $now FROM generate_series(0, 299) g;
INSERT INTO blocks (blocker_id, blocked_id, created_at) SELECT $u0 + 3 + g * 999, $v, $now FROM generate_series(0, 49) g;
VACUUM (ANALYZE);
CHECKPOINT;
SQL
  fi
  echo "seeded in $((SECONDS - seed_start)) s: $(query "$url" "SELECT count(*) FROM users") people, $(query "$url" "SELECT count(*) FROM nearby_areas") sharing their area" | tee -a "$log"
  query "$url" "SELECT id FROM users WHERE status <> 'active' OR id = $v UNION SELECT blocked_id FROM blocks WHERE blocker_id = $v UNION SELECT blocker_id FROM blocks WHERE blocked_id = $v" >"$work/hidden"

  start_server "$dir" "$url"
  # The viewer shares his area in Tokyo, through the API.
  curl -sf -X PUT "$base/prod-api/system/user/profile/location" -H "Authorization: Bearer $token" \
    -H 'content-type: application/json' -d '{"lat": 35.6895, "lng": 139.6917}' >/dev/null
  local near="/prod-api/system/user/profile/nearby?pageSize=$page_size"
  local photos="$near&gender=female&withPhotos=true" japan="$near&country=Japan&minAge=25&maxAge=40"
  local page50 p
  page50=$(walk "$near" 49 "$work/hidden" 2>>"$work/checked-$name")
  for p in "$photos" "$japan"; do walk "$p" 10 "$work/hidden" >/dev/null 2>>"$work/checked-$name"; done
  tee -a "$log" <"$work/checked-$name" >&2
  grep PROBLEM "$work/checked-$name" | sed "s/^ */$name: /" >>"$work/problems" || true
  [ -n "$page50" ] || echo "$name: PROBLEM the list ended before page 50" | tee -a "$work/problems" >&2
  write_mix "$work/mix.lua" "$near" "$near&pageToken=$page50" "$photos" "$japan"

  local -a keys=(getinfo page1 page50 mix)
  local -a labels=("getInfo (the yardstick)" "nearby page 1 alone" "nearby page 50 (pageToken) alone" "nearby mix (page 1, page 50, two filtered page 1s, in turn)")
  local -a targets=(/prod-api/getInfo "$near" "$near&pageToken=$page50" "@$work/mix.lua")
  local k raw rps p50 p99 bad yard= share
  local -a how
  for k in "${!keys[@]}"; do
    raw="$out/nearby-${keys[k]}-$name.txt"
    if [[ ${targets[k]} == @* ]]; then how=(-s "${targets[k]#@}" "$base"); else how=("$base${targets[k]}"); fi
    wrk -t2 -c"$connections" -d"$warmup" -H "Authorization: Bearer $token" "${how[@]}" >/dev/null
    { echo "# $(date -u +%FT%TZ) $name ${keys[k]}: ${targets[k]#@}; load average before: $(loadavg)"
      wrk -t2 -c"$connections" -d"$duration" --timeout 30s --latency -H "Authorization: Bearer $token" "${how[@]}"; } >"$raw"
    read -r rps p50 p99 bad < <(summary "$raw")
    [ -n "$yard" ] || yard=$rps
    share=$(awk -v a="$rps" -v b="$yard" 'BEGIN {printf "%.0f%%", (b > 0 ? 100 * a / b : 0)}')
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$name" "${labels[k]}" "$rps" "$share" "$p50" "$p99" \
      "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$work/table.md"
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "${keys[k]}" "$rps" "$(to_ms "$p99")" "$bad" >>"$results"
  done
  # The mix again at the goal's rate, paced: what a page costs at that rate, queueing included.
  local asked paced
  asked=$(awk -v y="$yard" 'BEGIN {printf "%.0f", 0.15 * y}')
  raw="$out/nearby-paced-$name.txt"
  { echo "# $(date -u +%FT%TZ) $name paced mix at $asked/s; load average before: $(loadavg)"
    "$work/loadgen" pace --server "127.0.0.1:$port" --header "Authorization: Bearer $token" \
      --path "$near" --path "$near&pageToken=$page50" --path "$photos" --path "$japan" \
      --rate "$asked" --seconds "${duration%s}" --warmup "${warmup%s}"; } >"$raw"
  paced=$(tail -n1 "$raw")
  read -r rps p50 p99 bad < <(awk '{print $2, $8, $10, $14}' <<<"$paced")
  share=$(awk -v a="$rps" -v b="$yard" 'BEGIN {printf "%.0f%%", (b > 0 ? 100 * a / b : 0)}')
  printf '| %s | %s | %s | %s | %sms | %sms | %s |\n' "$name" "nearby mix paced at 15% of getInfo's rate ($asked/s asked)" \
    "$rps" "$share" "$p50" "$p99" "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$work/table.md"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" paced "$rps" "$p99" "$bad" >>"$results"
  stop_server
  cp "$dir/server.log" "$out/nearby-server-$name.txt"
}

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

started=$(date +%s)
start_load=$(loadavg)
for b in $backends; do
  case $b in
    sqlite) run_backend sqlite "sqlite://$work/nearby.db" ;;
    postgres)
      pg_db="amora_nearby_$$"
      psql -X "$pg_admin" -qc "CREATE DATABASE $pg_db"
      run_backend postgres "${pg_admin%/*}/$pg_db"
      psql -X "$pg_admin" -qc "DROP DATABASE $pg_db WITH (FORCE)"
      pg_db= ;;
    *) echo "unknown backend $b" >&2; exit 1 ;;
  esac
done

{
  echo "# nearby bench $(date -u +%FT%TZ): $users people, $((users / 3)) sharing their area; ${duration} each after ${warmup} of warm-up, $connections connections, page size $page_size; $(( $(date +%s) - started )) s in all"
  echo
  echo "Machine: $(nproc) cores; load average at the start: $start_load, at the end: $(loadavg)."
  echo
  echo '| database | what | requests/s | share of getInfo | p50 | p99 | answers |'
  echo '|---|---|---|---|---|---|---|'
  cat "$work/table.md"
  echo
  python3 - "$results" "$work/problems" <<'PY'
import sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
problems = open(sys.argv[2]).read().splitlines()
for b in dict.fromkeys(r[0] for r in rows):
    runs = {r[1]: r[2:] for r in rows if r[0] == b}
    y = float(runs['getinfo'][0])
    flat_out = {k: v for k, v in runs.items() if k not in ('getinfo', 'paced')}
    worst = min(float(v[0]) for v in flat_out.values())
    queued = max(float(v[1]) for v in flat_out.values())
    p99 = float(runs['paced'][1])
    kept_pace = float(runs['paced'][0]) >= 0.95 * 0.15 * y
    bad = sum(int(v[2]) for v in runs.values())
    ok = worst >= 0.15 * y and kept_pace and p99 < 50 and bad == 0 and not [p for p in problems if p.startswith(b)]
    print(f"- {b}: slowest nearby run at {100 * worst / y:.0f}% of getInfo's rate (goal: 15%); at that goal's rate, paced, p99 {p99:.1f} ms (goal: under 50; at the highest rate, 32 requests queued at once, {queued:.1f} ms); {bad} non-2xx, {len([p for p in problems if p.startswith(b)])} problems in the checks: {'met' if ok else '**not met**'}")
PY
} >"$out/nearby.md"
cat "$out/nearby.md"
