#!/usr/bin/env bash
# Operator console benchmark of the release server, on SQLite (a fresh file) and on PostgreSQL (a
# fresh database), with full queues:
#   - 100,000 people; 100,000 open reports and 100,000 closed ones, the older half, as in a queue
#     staff work through (a tenth of all against 100 much-reported people, about 200 reports
#     each), with the messages the reported people sent their reporters; 10,000 album photos waiting for review (beside 40,000 approved);
#     20,000 dynamics with 50,000 open flags; 5,000 messages in the safety queue (beside 5,000
#     decided); an audit log of every decision those closed items stand for (about 145,000 rows);
#   - the viewer: a staff member, registered through the API, then given the staff role with
#     `amora user admin --email E`.
# Measured with wrk (2 threads, BENCH_STAFF_CONNECTIONS, a short warm-up, then BENCH_STAFF_DURATION), all
# authenticated as the viewer, in one run of one server process:
#   - GET /prod-api/getInfo                      (the yardstick of the run)
#   - GET /prod-api/admin/reports                (open reports, oldest first, page 1)
#   - GET /prod-api/admin/reports?pageNum=50     (page 50)
#   - GET /prod-api/admin/reports/{id}           (an open report against a much-reported person)
#   - GET /prod-api/admin/review                 (photos, flagged dynamics, safety messages)
#   - GET /prod-api/admin/audit                  (the audit log, newest first)
#   - GET /prod-api/admin/users?q=<prefix>       (people search by user-name prefix)
# and the server's peak resident memory (VmHWM). Then the plans: on PostgreSQL the statements the
# server sent for each request are logged once (with their parameters) and run under EXPLAIN
# ANALYZE, with the plan for those values and with the generic plan; the same statements on the
# SQLite database get EXPLAIN QUERY PLAN and are timed alone.
#
# Shortcut: only the viewer is registered through the API (Argon2id); everything else is inserted
# straight into the database the server uses, with SQL (the sqlite3 CLI, psql), with the viewer's
# password hash copied into every seeded person.
#
# Knobs: BENCH_STAFF_USERS (100000), BENCH_STAFF_REPORTS (100000 open; as many closed),
# BENCH_STAFF_PHOTOS (10000 waiting; four times as many approved), BENCH_STAFF_DYNAMICS (20000),
# BENCH_STAFF_FLAGS (50000), BENCH_STAFF_SAFETY (5000 open; as many decided),
# BENCH_STAFF_MESSAGES (100000 besides those of the reports), BENCH_STAFF_QUERY (mar: the search),
# BENCH_STAFF_DURATION (20s), BENCH_STAFF_WARMUP (3s), BENCH_STAFF_CONNECTIONS (4: a moderation team),
# BENCH_STAFF_BACKENDS ("sqlite postgres"), BENCH_STAFF_BIN (the server binary; default
# $CARGO_TARGET_DIR/release/amora), BENCH_STAFF_TRY_SQLITE and BENCH_STAFF_TRY_POSTGRES (SQL run
# on the seeded database before the measurements, such as an index to try; none by default). BENCH_STAFF_PG_LOG: the local PostgreSQL's log file
# (Debian's by default; no plans without it).
# Results: bench/results/staff-*.txt (raw wrk outputs, seeding log, plans) and
# bench/results/staff.md (table).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pg_log=${BENCH_STAFF_PG_LOG:-$(ls /var/log/postgresql/postgresql-*-main.log 2>/dev/null | head -1)}
bin=${BENCH_STAFF_BIN:-$CARGO_TARGET_DIR/release/amora}
users=${BENCH_STAFF_USERS:-100000}
reports=${BENCH_STAFF_REPORTS:-100000}
photos=${BENCH_STAFF_PHOTOS:-10000}
dynamics=${BENCH_STAFF_DYNAMICS:-20000}
flags=${BENCH_STAFF_FLAGS:-50000}
safety=${BENCH_STAFF_SAFETY:-5000}
messages=${BENCH_STAFF_MESSAGES:-100000}
search=${BENCH_STAFF_QUERY:-mar}
duration=${BENCH_STAFF_DURATION:-20s}
warmup=${BENCH_STAFF_WARMUP:-3s}
connections=${BENCH_STAFF_CONNECTIONS:-4}
backends=${BENCH_STAFF_BACKENDS:-sqlite postgres}
port=18184
base="http://127.0.0.1:$port"
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk sqlite3 psql curl python3; do
  command -v "$tool" >/dev/null || { echo "staff bench: $tool is missing (apt-get install -y wrk sqlite3 postgresql-client)" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "staff bench: no server binary at $bin (cargo build --release -p amora-server, or set BENCH_STAFF_BIN)" >&2; exit 1; }
(( users >= 1000 )) || { echo "staff bench: BENCH_STAFF_USERS must be at least 1000" >&2; exit 1; }
(( reports >= 1000 && dynamics >= 1 && photos >= 1 && safety >= 1 )) || { echo "staff bench: BENCH_STAFF_REPORTS must be at least 1000, the other counts at least 1" >&2; exit 1; }
(( flags >= dynamics && flags <= users )) || { echo "staff bench: BENCH_STAFF_FLAGS must be between BENCH_STAFF_DYNAMICS and BENCH_STAFF_USERS" >&2; exit 1; }
(( 5 * photos <= 6 * users )) || { echo "staff bench: BENCH_STAFF_PHOTOS * 5 must stay within six photos a person" >&2; exit 1; }

# Our own copy: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-staff-bench.XXXXXX)
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

now=$(date +%s)
lorem="Sunset walks, ramen at midnight and a new language every year. Tell me about your city, your favourite song and the place you dream of visiting next; I will tell you mine."
names='Sakura Mei Yuki Hana Maria Lucia Sofia Ana Li Wei James John Carlos Diego Ken Taro'
# SQL lists of the names (an array literal on PostgreSQL, a JSON array for SQLite's json_extract).
names_pg="array['${names// /\', \'}']"
names_json="[\"${names// /\", \"}\"]"
total=$((2 * reports))            # reports, the closed ones first (ids 1..reports), then the open
step=$((365 * 86400 / total))     # a report every `step` seconds over the last year
(( step >= 1 )) || step=1

# A person's row: u in 0..users-1, id u0 + u, user name <first name of u % 16><u> (BENCH_STAFF_QUERY
# "mar" finds the Marias, a sixteenth of everyone). People 1 and 2 are staff besides the viewer.
# A person with u % 200 = 199 is banned (half of them for 30 days), u % 500 = 333 deleted.
# Report i (1..2 * reports), filed at now - (2 * reports - i) * step, closed when i <= reports:
#   target t(i) = i % 10 = 0 ? ((i / 10) % 100 * 997) % users (100 much-reported people: about
#     2 * reports / 1000 reports each, half of them open) : i * 7919 % users;
#   reporter (t + 1 + i * 31 % (users - 1)) % users, never the target; reason i % 7 of the seven;
#   a text on two in three, one photo on one in five (two on one in twenty);
#   closed by the viewer or person 1 or 2 (i % 3), with action ban when the target is banned,
#   remove when i % 10 = 7, else dismiss, 1 to 48 hours after it was filed.
# Messages: before each report with i % 10 = 0, the target wrote the reporter 3 messages (30 when
# i % 100 = 0, as for every report against person 0) and the reporter answered once; plus
# BENCH_STAFF_MESSAGES messages between people spread over everyone.
# People held from discover: 3 different reporters with an open report against them (the
# server's rule without its 7-day window, which would leave almost no one held here).
# Album: photo p (1..5 * photos) of person p * 7919 % users; the first 4 * photos approved, the
# last `photos` waiting; private on one in four.
# Dynamics d (1..dynamics) of person d * 104729 % users, one every 5 minutes; flag n
# (0..flags-1) by person n * 7919 % users on dynamic 1 + n^2 * dynamics / flags^2: the oldest
# dynamics have the most flags (354 for the first), the newest one or two.
# Safety queue: item q (1..2 * safety), decided when q <= safety; spam (held, no message) when
# q % 5 = 0, else a delivered first message with a caution (link, phone, email, money).
# Audit log: one row per closed report, approved photo, decided safety item and ban, in time order.

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
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, role, status,
    created_at, last_active_at, deleted_at, ban_reason, banned_until)
SELECT $u0 + u, json_extract('$names_json', '\$[' || (u % 16) || ']') || u,
    'staff' || u || '@example.com',
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
    CASE WHEN u IN (1, 2) THEN 'staff' ELSE 'member' END,
    CASE WHEN u % 200 = 199 THEN 'banned' WHEN u % 500 = 333 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400 + u * 60, $now - (u * 7 % 2592000),
    CASE WHEN u % 200 <> 199 AND u % 500 = 333 THEN $now - 86400 END,
    CASE WHEN u % 200 = 199 THEN 'spam' END,
    CASE WHEN u % 400 = 199 THEN $now + 30 * 86400 END
FROM (SELECT value AS u FROM generate_series(0, $users - 1));

INSERT INTO reports (id, reporter_id, target_id, reason, content, images, status, created_at,
    action, closed_at, closed_by)
SELECT i, $u0 + (t + 1 + i * 31 % ($users - 1)) % $users, $u0 + t,
    json_extract('["spam", "fake_profile", "inappropriate_content", "harassment", "underage", "scam", "other"]', '\$[' || (i % 7) || ']'),
    CASE WHEN i % 3 <> 0 THEN 'Report ' || i || ': ' || substr('$lorem', 1 + i % 50, 20 + i * 7 % 100) END,
    CASE WHEN i % 20 = 0 THEN 'reports/' || printf('%032x', i * 2654435761) || '.jpg' || char(10)
        || 'reports/' || printf('%032x', i * 2246822519) || '.jpg'
      WHEN i % 5 = 0 THEN 'reports/' || printf('%032x', i * 2654435761) || '.jpg' ELSE '' END,
    CASE WHEN i <= $reports THEN 'closed' ELSE 'open' END,
    $now - ($total - i) * $step,
    CASE WHEN i > $reports THEN NULL WHEN t % 200 = 199 THEN 'ban' WHEN i % 10 = 7 THEN 'remove' ELSE 'dismiss' END,
    CASE WHEN i <= $reports THEN $now - ($total - i) * $step + 3600 * (1 + i % 48) END,
    CASE WHEN i > $reports THEN NULL WHEN i % 3 = 0 THEN $v ELSE $u0 + i % 3 END
FROM (SELECT value AS i, CASE WHEN value % 10 = 0 THEN (value / 10 % 100 * 997) % $users
        ELSE value * 7919 % $users END AS t
      FROM generate_series(1, $total));


-- Held from discover: 3 different people with an open report against them.
UPDATE users SET held_at = $now - 3600
WHERE status = 'active' AND id IN (SELECT target_id FROM reports WHERE status = 'open'
    GROUP BY target_id HAVING count(DISTINCT reporter_id) >= 3);

INSERT INTO album_photos (id, user_id, image_key, is_open, approved, created_at, reviewed_at)
SELECT p, $u0 + p * 7919 % $users, 'album/' || printf('%032x', p * 2654435761) || '.jpg',
    p % 4 <> 0, p <= 4 * $photos, $now - (5 * $photos - p) * 600,
    CASE WHEN p <= 4 * $photos THEN $now - (5 * $photos - p) * 600 + 600 END
FROM (SELECT value AS p FROM generate_series(1, 5 * $photos));

INSERT INTO dynamics (id, user_id, content, images, likes, comments, created_at)
SELECT d, $u0 + d * 104729 % $users,
    CASE WHEN d % 6 = 0 THEN '' ELSE 'Dynamic ' || d || ': ' || substr('$lorem', 1 + d % 50, 20 + d * 7 % 120) END,
    CASE WHEN d % 3 = 0 THEN 'dynamics/' || printf('%032x', d * 2654435761) || '.jpg dynamics/'
      || printf('%032x', d * 2246822519) || '.jpg' ELSE '' END,
    0, 0, $now - 8 * 86400 - ($dynamics - d) * 300
FROM (SELECT value AS d FROM generate_series(1, $dynamics));

INSERT INTO dynamic_flags (dynamic_id, user_id, reason, status, created_at)
SELECT 1 + n * n * $dynamics / ($flags * $flags), $u0 + n * 7919 % $users,
    json_extract('["spam", "inappropriate_content", "harassment", "scam", "other"]', '\$[' || (n % 5) || ']'),
    'open', $now - 7 * 86400 + n * 604800 / $flags
FROM (SELECT value AS n FROM generate_series(0, $flags - 1))
ORDER BY 1, 2;

-- Messages: what the reported people wrote their reporters before the report and one answer
-- each, the first messages behind the safety queue, and messages between people, in time order.
INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at)
SELECT sender_id, recipient_id, client_id, 'txt', content, n, n, at, at + 1, at + 60
FROM (
  SELECT r.target_id AS sender_id, r.reporter_id AS recipient_id, 'r' || r.id || '-' || j AS client_id,
      json_object('text', 'Message ' || j || ' before report ' || r.id || ': '
        || substr('$lorem', 1 + (r.id + j) % 60, 10 + j * 7 % 90)) AS content,
      r.id * 40 + j AS n, r.created_at - 600 - 60 * (40 - j) AS at
  FROM reports r CROSS JOIN (SELECT value AS j FROM generate_series(1, 30))
  WHERE r.id % 10 = 0 AND j <= CASE WHEN r.id % 100 = 0 THEN 30 ELSE 3 END
  UNION ALL
  SELECT r.reporter_id, r.target_id, 'a' || r.id, json_object('text', 'Please stop writing to me.'),
      r.id * 40 + 31, r.created_at - 300
  FROM reports r WHERE r.id % 10 = 0
  UNION ALL
  SELECT $u0 + s, $u0 + (s + 1 + m * 13 % ($users - 1)) % $users, 'b' || m,
      json_object('text', 'Hello ' || m || ': ' || substr('$lorem', 1 + m % 60, 10 + m * 7 % 90)), m,
      $now - 365 * 86400 + m * (365 * 86400 / $messages)
  FROM (SELECT value AS m, value * 7919 % $users AS s FROM generate_series(1, $messages))
  UNION ALL
  SELECT $u0 + s, $u0 + (s + 1 + q * 17 % ($users - 1)) % $users, 'c' || q,
      json_object('text', json_extract('["Hi! More photos of me at www.example.com", "Call me tonight: +1 555 010 2233", "Write me at someone@example.com instead", "Could you send me a gift card? I will pay you back"]', '\$[' || (q % 4) || ']'),
        'caution', json_extract('["link", "phone", "email", "money"]', '\$[' || (q % 4) || ']')),
      q, $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety))
  FROM (SELECT value AS q, (value * 104729 + 5) % $users AS s FROM generate_series(1, 2 * $safety))
  WHERE q % 5 <> 0
) ORDER BY at;

INSERT INTO safety_queue (id, kind, reason, sender_id, recipient_id, message_id, client_id, content,
    status, created_at, decided_at, decided_by)
SELECT q, CASE WHEN q % 5 = 0 THEN 'spam' ELSE 'caution' END,
    CASE WHEN q % 5 = 0 THEN 'repeated' ELSE json_extract('["link", "phone", "email", "money"]', '\$[' || (q % 4) || ']') END,
    $u0 + s, $u0 + (s + 1 + q * 17 % ($users - 1)) % $users,
    CASE WHEN q % 5 <> 0 THEN (SELECT id FROM messages WHERE sender_id = $u0 + s AND client_id = 'c' || q) END,
    CASE WHEN q % 5 = 0 THEN 's' || q ELSE 'c' || q END,
    CASE WHEN q % 5 = 0
      THEN json_object('text', 'Hello dear, I saw your profile and I feel we have a lot in common, write me back')
      ELSE (SELECT content FROM messages WHERE sender_id = $u0 + s AND client_id = 'c' || q) END,
    CASE WHEN q <= $safety THEN 'closed' ELSE 'open' END,
    $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety)),
    CASE WHEN q <= $safety THEN $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety)) + 1800 END,
    CASE WHEN q > $safety THEN NULL WHEN q % 3 = 0 THEN $v ELSE $u0 + q % 3 END
FROM (SELECT value AS q, (value * 104729 + 5) % $users AS s FROM generate_series(1, 2 * $safety));

INSERT INTO audit_log (staff_id, action, target_kind, target_id, before, after, created_at)
SELECT staff_id, action, target_kind, target_id, before, after, at FROM (
  SELECT closed_by AS staff_id, 'report.close' AS action, 'report' AS target_kind,
      CAST(id AS TEXT) AS target_id, '{"status":"open"}' AS before,
      json_object('status', 'closed', 'action', action) AS after, closed_at AS at
  FROM reports WHERE status = 'closed'
  UNION ALL
  SELECT CASE id % 3 WHEN 0 THEN $v ELSE $u0 + id % 3 END, 'review.photo', 'photo', CAST(id AS TEXT),
      NULL, '{"decision":"approve"}', reviewed_at
  FROM album_photos WHERE approved
  UNION ALL
  SELECT decided_by, 'review.message', 'message', CAST(id AS TEXT), NULL,
      json_object('decision', CASE WHEN id % 2 = 0 THEN 'approve' ELSE 'reject' END), decided_at
  FROM safety_queue WHERE status = 'closed'
  UNION ALL
  SELECT CASE id % 3 WHEN 0 THEN $v ELSE $u0 + id % 3 END, 'user.ban', 'user', CAST(id AS TEXT),
      '{"status":"active"}', json_object('status', 'banned', 'reason', ban_reason),
      $now - 86400 * (1 + id % 300)
  FROM users WHERE status = 'banned'
) ORDER BY at;
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
    signature, avatar_key, avatar_thumb_key, email_verified, level, member_expires_at, role, status,
    created_at, last_active_at, deleted_at, ban_reason, banned_until)
OVERRIDING SYSTEM VALUE
SELECT $u0 + u, ($names_pg)[u % 16 + 1] || u, 'staff' || u || '@example.com',
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
    CASE WHEN u IN (1, 2) THEN 'staff' ELSE 'member' END,
    CASE WHEN u % 200 = 199 THEN 'banned' WHEN u % 500 = 333 THEN 'deleted' ELSE 'active' END,
    $now - 400 * 86400 + u * 60, $now - (u * 7 % 2592000),
    CASE WHEN u % 200 <> 199 AND u % 500 = 333 THEN $now - 86400 END,
    CASE WHEN u % 200 = 199 THEN 'spam' END,
    CASE WHEN u % 400 = 199 THEN $now + 30 * 86400 END
FROM generate_series(0::bigint, $users - 1) AS u;
SELECT setval(pg_get_serial_sequence('users', 'id'), (SELECT max(id) FROM users));

INSERT INTO reports (id, reporter_id, target_id, reason, content, images, status, created_at,
    action, closed_at, closed_by)
OVERRIDING SYSTEM VALUE
SELECT i, $u0 + (t + 1 + i * 31 % ($users - 1)) % $users, $u0 + t,
    (array['spam', 'fake_profile', 'inappropriate_content', 'harassment', 'underage', 'scam', 'other'])[i % 7 + 1],
    CASE WHEN i % 3 <> 0 THEN 'Report ' || i || ': ' || substr('$lorem', 1 + (i % 50)::int, 20 + (i * 7 % 100)::int) END,
    CASE WHEN i % 20 = 0 THEN 'reports/' || lpad(to_hex(i * 2654435761), 32, '0') || '.jpg' || chr(10)
        || 'reports/' || lpad(to_hex(i * 2246822519), 32, '0') || '.jpg'
      WHEN i % 5 = 0 THEN 'reports/' || lpad(to_hex(i * 2654435761), 32, '0') || '.jpg' ELSE '' END,
    CASE WHEN i <= $reports THEN 'closed' ELSE 'open' END,
    $now - ($total - i) * $step,
    CASE WHEN i > $reports THEN NULL WHEN t % 200 = 199 THEN 'ban' WHEN i % 10 = 7 THEN 'remove' ELSE 'dismiss' END,
    CASE WHEN i <= $reports THEN $now - ($total - i) * $step + 3600 * (1 + i % 48) END,
    CASE WHEN i > $reports THEN NULL WHEN i % 3 = 0 THEN $v ELSE $u0 + i % 3 END
FROM (SELECT i, CASE WHEN i % 10 = 0 THEN (i / 10 % 100 * 997) % $users ELSE i * 7919 % $users END AS t
      FROM generate_series(1::bigint, $total) AS i) AS r;
SELECT setval(pg_get_serial_sequence('reports', 'id'), (SELECT max(id) FROM reports));

-- Held from discover: 3 different people with an open report against them.
UPDATE users SET held_at = $now - 3600
WHERE status = 'active' AND id IN (SELECT target_id FROM reports WHERE status = 'open'
    GROUP BY target_id HAVING count(DISTINCT reporter_id) >= 3);

INSERT INTO album_photos (id, user_id, image_key, is_open, approved, created_at, reviewed_at)
OVERRIDING SYSTEM VALUE
SELECT p, $u0 + p * 7919 % $users, 'album/' || lpad(to_hex(p * 2654435761), 32, '0') || '.jpg',
    p % 4 <> 0, p <= 4 * $photos, $now - (5 * $photos - p) * 600,
    CASE WHEN p <= 4 * $photos THEN $now - (5 * $photos - p) * 600 + 600 END
FROM generate_series(1::bigint, 5 * $photos) AS p;
SELECT setval(pg_get_serial_sequence('album_photos', 'id'), (SELECT max(id) FROM album_photos));

INSERT INTO dynamics (id, user_id, content, images, likes, comments, created_at)
OVERRIDING SYSTEM VALUE
SELECT d, $u0 + d * 104729 % $users,
    CASE WHEN d % 6 = 0 THEN '' ELSE 'Dynamic ' || d || ': ' || substr('$lorem', 1 + (d % 50)::int, 20 + (d * 7 % 120)::int) END,
    CASE WHEN d % 3 = 0 THEN 'dynamics/' || lpad(to_hex(d * 2654435761), 32, '0') || '.jpg dynamics/'
      || lpad(to_hex(d * 2246822519), 32, '0') || '.jpg' ELSE '' END,
    0, 0, $now - 8 * 86400 - ($dynamics - d) * 300
FROM generate_series(1::bigint, $dynamics) AS d;
SELECT setval(pg_get_serial_sequence('dynamics', 'id'), (SELECT max(id) FROM dynamics));

INSERT INTO dynamic_flags (dynamic_id, user_id, reason, status, created_at)
SELECT 1 + n * n * $dynamics / ($flags::bigint * $flags), $u0 + n * 7919 % $users,
    (array['spam', 'inappropriate_content', 'harassment', 'scam', 'other'])[n % 5 + 1],
    'open', $now - 7 * 86400 + n * 604800 / $flags
FROM generate_series(0::bigint, $flags - 1) AS n
ORDER BY 1, 2;

-- Messages: what the reported people wrote their reporters before the report and one answer
-- each, the first messages behind the safety queue, and messages between people, in time order.
INSERT INTO messages (sender_id, recipient_id, client_id, kind, content, sender_seq, recipient_seq,
    created_at, delivered_at, read_at)
SELECT sender_id, recipient_id, client_id, 'txt', content, n, n, at, at + 1, at + 60
FROM (
  SELECT r.target_id AS sender_id, r.reporter_id AS recipient_id, 'r' || r.id || '-' || j AS client_id,
      jsonb_build_object('text', 'Message ' || j || ' before report ' || r.id || ': '
        || substr('$lorem', 1 + ((r.id + j) % 60)::int, 10 + (j * 7 % 90)::int))::text AS content,
      r.id * 40 + j AS n, r.created_at - 600 - 60 * (40 - j) AS at
  FROM reports r, generate_series(1, 30) AS j
  WHERE r.id % 10 = 0 AND j <= CASE WHEN r.id % 100 = 0 THEN 30 ELSE 3 END
  UNION ALL
  SELECT r.reporter_id, r.target_id, 'a' || r.id, jsonb_build_object('text', 'Please stop writing to me.')::text,
      r.id * 40 + 31, r.created_at - 300
  FROM reports r WHERE r.id % 10 = 0
  UNION ALL
  SELECT $u0 + s, $u0 + (s + 1 + m * 13 % ($users - 1)) % $users, 'b' || m,
      jsonb_build_object('text', 'Hello ' || m || ': ' || substr('$lorem', 1 + (m % 60)::int, 10 + (m * 7 % 90)::int))::text,
      m, $now - 365 * 86400 + m * (365 * 86400 / $messages)
  FROM (SELECT m, m * 7919 % $users AS s FROM generate_series(1::bigint, $messages) AS m) AS b
  UNION ALL
  SELECT $u0 + s, $u0 + (s + 1 + q * 17 % ($users - 1)) % $users, 'c' || q,
      jsonb_build_object('text', (array['Hi! More photos of me at www.example.com', 'Call me tonight: +1 555 010 2233', 'Write me at someone@example.com instead', 'Could you send me a gift card? I will pay you back'])[q % 4 + 1],
        'caution', (array['link', 'phone', 'email', 'money'])[q % 4 + 1])::text,
      q, $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety))
  FROM (SELECT q, (q * 104729 + 5) % $users AS s FROM generate_series(1::bigint, 2 * $safety) AS q) AS c
  WHERE q % 5 <> 0
) AS m ORDER BY at;

INSERT INTO safety_queue (id, kind, reason, sender_id, recipient_id, message_id, client_id, content,
    status, created_at, decided_at, decided_by)
OVERRIDING SYSTEM VALUE
SELECT q, CASE WHEN q % 5 = 0 THEN 'spam' ELSE 'caution' END,
    CASE WHEN q % 5 = 0 THEN 'repeated' ELSE (array['link', 'phone', 'email', 'money'])[q % 4 + 1] END,
    $u0 + s, $u0 + (s + 1 + q * 17 % ($users - 1)) % $users, m.id,
    CASE WHEN q % 5 = 0 THEN 's' || q ELSE 'c' || q END,
    CASE WHEN q % 5 = 0
      THEN jsonb_build_object('text', 'Hello dear, I saw your profile and I feel we have a lot in common, write me back')::text
      ELSE m.content END,
    CASE WHEN q <= $safety THEN 'closed' ELSE 'open' END,
    $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety)),
    CASE WHEN q <= $safety THEN $now - (2 * $safety - q) * (14 * 86400 / (2 * $safety)) + 1800 END,
    CASE WHEN q > $safety THEN NULL WHEN q % 3 = 0 THEN $v ELSE $u0 + q % 3 END
FROM (SELECT q, (q * 104729 + 5) % $users AS s FROM generate_series(1::bigint, 2 * $safety) AS q) AS c
  LEFT JOIN messages m ON q % 5 <> 0 AND m.sender_id = $u0 + s AND m.client_id = 'c' || q;
SELECT setval(pg_get_serial_sequence('safety_queue', 'id'), (SELECT max(id) FROM safety_queue));

INSERT INTO audit_log (staff_id, action, target_kind, target_id, before, after, created_at)
SELECT staff_id, action, target_kind, target_id, before, after, at FROM (
  SELECT closed_by AS staff_id, 'report.close' AS action, 'report' AS target_kind,
      id::text AS target_id, '{"status": "open"}' AS before,
      jsonb_build_object('status', 'closed', 'action', action)::text AS after, closed_at AS at
  FROM reports WHERE status = 'closed'
  UNION ALL
  SELECT CASE id % 3 WHEN 0 THEN $v ELSE $u0 + id % 3 END, 'review.photo', 'photo', id::text,
      NULL, '{"decision": "approve"}', reviewed_at
  FROM album_photos WHERE approved
  UNION ALL
  SELECT decided_by, 'review.message', 'message', id::text, NULL,
      jsonb_build_object('decision', CASE WHEN id % 2 = 0 THEN 'approve' ELSE 'reject' END)::text, decided_at
  FROM safety_queue WHERE status = 'closed'
  UNION ALL
  SELECT CASE id % 3 WHEN 0 THEN $v ELSE $u0 + id % 3 END, 'user.ban', 'user', id::text,
      '{"status": "active"}', jsonb_build_object('status', 'banned', 'reason', ban_reason)::text,
      $now - 86400 * (1 + id % 300)
  FROM users WHERE status = 'banned'
) AS a ORDER BY at;
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
  local log="$out/staff-seed-$name.txt"
  echo "# $(date -u +%FT%TZ) staff bench on $name: $users people, $reports open reports and as many closed, $photos photos waiting, $dynamics dynamics with $flags flags, $safety safety items" | tee "$log"
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  start_server "$dir" "$url"
  token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"staffviewer\",\"email\":\"staffviewer@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
  stop_server
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" RUST_LOG=warn "$work/amora" user admin --email staffviewer@example.com | tee -a "$log"
  v=$(query "$url" "SELECT id FROM users WHERE user_name = 'staffviewer'")
  u0=$(query "$url" "SELECT max(id) + 1 FROM users")
  seed_start=$(date +%s.%N)
  if [[ $url == postgres* ]]; then
    postgres_seed "$v" "$u0" | psql -X -q -v ON_ERROR_STOP=1 "$url" >>"$log" 2>&1
  else
    sqlite_seed "$v" "$u0" | sqlite3 -bail "${url#sqlite://}" >>"$log" 2>&1
  fi
  seed_seconds=$(awk -v a="$seed_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  local counts size
  counts=$(query "$url" "SELECT (SELECT count(*) FROM users) || ' ' || (SELECT count(*) FROM reports WHERE status = 'open') || ' ' || (SELECT count(*) FROM reports WHERE status = 'closed') || ' ' || (SELECT count(*) FROM users WHERE held_at IS NOT NULL) || ' ' || (SELECT count(*) FROM album_photos WHERE NOT approved) || ' ' || (SELECT count(DISTINCT dynamic_id) FROM dynamic_flags WHERE status = 'open') || ' ' || (SELECT count(*) FROM dynamic_flags WHERE status = 'open') || ' ' || (SELECT count(*) FROM safety_queue WHERE status = 'open') || ' ' || (SELECT count(*) FROM messages) || ' ' || (SELECT count(*) FROM audit_log)")
  if [[ $url == postgres* ]]; then
    size=$(psql -X -At "$url" -c "SELECT pg_database_size(current_database()) / 1048576")
  else
    size=$(( $(stat -c %s "${url#sqlite://}") / 1048576 ))
  fi
  read -r n_users n_open n_closed n_held n_photos n_flagged n_flags n_safety n_messages n_audit <<<"$counts"
  printf 'seeded in %.1f s: users %s, reports %s open and %s closed, people held %s, photos waiting %s, flagged dynamics %s (open flags %s), safety items open %s, messages %s, audit rows %s; database %s MiB\n' \
    "$seed_seconds" "$n_users" "$n_open" "$n_closed" "$n_held" "$n_photos" "$n_flagged" "$n_flags" "$n_safety" "$n_messages" "$n_audit" "$size" | tee -a "$log"

  # An index to try (BENCH_STAFF_TRY_SQLITE, BENCH_STAFF_TRY_POSTGRES), on the seeded database.
  local try
  if [[ $url == postgres* ]]; then try=${BENCH_STAFF_TRY_POSTGRES:-}; else try=${BENCH_STAFF_TRY_SQLITE:-}; fi
  if [ -n "$try" ]; then
    echo "tried on top of the migrations: $try" | tee -a "$log"
    if [[ $url == postgres* ]]; then
      psql -X -q -v ON_ERROR_STOP=1 "$url" -c "$try" -c "VACUUM (ANALYZE)" >>"$log" 2>&1 ||
        { tail -3 "$log" >&2; return 1; }
    else
      sqlite3 -bail "${url#sqlite://}" "$try" "ANALYZE" >>"$log" 2>&1 || { tail -3 "$log" >&2; return 1; }
    fi
  fi

  # The report of a much-reported person (person 0): the newest open one against them.
  local report
  report=$(query "$url" "SELECT max(id) FROM reports WHERE target_id = $u0 AND status = 'open'")
  local -a labels=("getInfo (authenticated)" "open reports, page 1" "open reports, page 50 (pageNum=50)" "one report (target with $((total / 1000)) reports)" "review queue" "audit log, page 1" "people search (q=$search)")
  local -a paths=("/prod-api/getInfo" "/prod-api/admin/reports" "/prod-api/admin/reports?pageNum=50" "/prod-api/admin/reports/$report" "/prod-api/admin/review" "/prod-api/admin/audit" "/prod-api/admin/users?q=$search")
  local -a files=(getinfo reports reports50 report review audit users)

  # The server again, on the seeded database: each request once, checked. On PostgreSQL the
  # database logs every statement with its parameters meanwhile (the offsets of the log around
  # each request tell whose they are), for the plans below; the server is restarted without
  # that logging for the measurements.
  local logging=
  if [[ $url == postgres* ]] && [ -r "$pg_log" ]; then
    logging=1
    psql -X -q "$pg_admin" -c "ALTER DATABASE $pg_db SET log_min_duration_statement = 0"
  fi
  start_server "$dir" "$url"
  local k from
  : >"$work/offsets"
  for k in "${!paths[@]}"; do
    # Twice: the statements of the second request, once the connection has them prepared.
    get_json "${paths[k]}" >/dev/null
    from=$([ -n "$logging" ] && stat -c %s "$pg_log" || echo 0)
    get_json "${paths[k]}" >"$work/${files[k]}.json"
    sleep 0.2
    echo "${files[k]} $from $([ -n "$logging" ] && stat -c %s "$pg_log" || echo 0)" >>"$work/offsets"
  done
  python3 - "$work" "$reports" "$photos" "$safety" "$n_flagged" "$n_audit" "$report" <<'PY' | tee -a "$log"
import json, sys
work, reports, photos, safety, flagged, audit, report = sys.argv[1], *map(int, sys.argv[2:])
# Queue totals are counted up to 10,000 (db::COUNTED).
counted = 10_000
def data(name):
    with open(f'{work}/{name}.json') as f:
        body = json.load(f)
    assert body['code'] == 200, body
    return body['data']
def short(row):
    return json.dumps(row, ensure_ascii=False)[:400]
d = data('reports')
assert len(d['rows']) == 20 and d['total'] == min(reports, counted), (len(d['rows']), d['total'])
assert d['rows'][0]['id'] == reports + 1, d['rows'][0]['id']
print('open reports, page 1: total', d['total'], 'first', short(d['rows'][0]))
d = data('reports50')
assert len(d['rows']) == 20 and d['rows'][0]['id'] == reports + 981, d['rows'][0]['id']
print('page 50: ids', d['rows'][0]['id'], 'to', d['rows'][-1]['id'])
d = data('report')
assert d['id'] == report and len(d['recentMessages']) == 20, (d['id'], len(d['recentMessages']))
assert len(d['earlierReports']) == min(20, d['targetReports'] - 1), (len(d['earlierReports']), d['targetReports'])
print('report', report, ': targetReports', d['targetReports'], 'held', d['target']['held'],
      'recentMessages', len(d['recentMessages']), 'earlierReports', len(d['earlierReports']),
      'newest message', short(d['recentMessages'][0]))
d = data('review')
assert d['counts'] == {'photos': min(photos, counted), 'dynamics': min(flagged, counted), 'messages': min(safety, counted)}, d['counts']
print('review: counts', d['counts'], 'rows', len(d['photos']), len(d['dynamics']), len(d['messages']),
      'most flagged', short(d['dynamics'][0]))
d = data('audit')
assert len(d['rows']) == 20 and d['total'] == min(audit, counted), (len(d['rows']), d['total'])
print('audit: total', d['total'], 'newest', short(d['rows'][0]))
d = data('users')
assert len(d['rows']) == 20, len(d['rows'])
print('people search: total', d['total'], 'first', short(d['rows'][0]))
PY
  if [ -n "$logging" ]; then
    stop_server
    psql -X -q "$pg_admin" -c "ALTER DATABASE $pg_db RESET log_min_duration_statement"
    explain_statements "$url" "$out/staff-plans-$name.txt"
    start_server "$dir" "$url"
  fi
  local rss_idle
  rss_idle=$(status_kib "$pid" VmRSS)

  local label path raw t0 t1 m0 m1 cores busy rps p50 p99 bad
  for k in "${!paths[@]}"; do
    label=${labels[k]} path=${paths[k]} raw="$out/staff-${files[k]}-$name.txt"
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
      "$([ "$bad" = 0 ] && echo ok || echo "$bad non-2xx")" | tee -a "$out/staff.md"
  done
  local hwm rss
  hwm=$(status_kib "$pid" VmHWM) rss=$(status_kib "$pid" VmRSS)
  printf '\n%s: server RSS %d MiB idle after start, %d MiB after the loads, peak (VmHWM) %d MiB; seeding %.0f s; database %s MiB\n\n' \
    "$name" $((rss_idle / 1024)) $((rss / 1024)) $((hwm / 1024)) "$seed_seconds" "$size" | tee -a "$out/staff.md" "$log"
  [ -z "$try" ] || printf '%s: tried on top of the migrations: %s\n\n' "$name" "$try" >>"$out/staff.md"
  stop_server
}

# The statements the server sent for each request (the PostgreSQL log between the offsets noted
# in $work/offsets, of this database), each prepared as logged and run under EXPLAIN (ANALYZE,
# BUFFERS) with the logged parameters: first with a plan made for those values (what a
# connection runs the first five times), then with the generic plan (what it may keep using
# after that, when PostgreSQL finds it no dearer). The log gives no parameter types: where
# PostgreSQL cannot infer one, bigint and text are tried. $work/explain.json keeps the
# statements for the plans on SQLite.
explain_statements() { # url file
  python3 - "$1" "$pg_log" "$pg_db" "$work/offsets" "$work/explain.json" >"$2" <<'PY'
import itertools, json, re, subprocess, sys, time
url, log, db, offsets, target = sys.argv[1:]
with open(log, 'rb') as f:
    text = f.read()
print(f'# {time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())} plans of the statements logged for each request (PostgreSQL)')
captured = []
for line in open(offsets):
    label, start, end = line.split()
    entries, cur = [], None
    for l in text[int(start):int(end)].decode('utf-8', 'replace').split('\n'):
        if re.match(r'^\d{4}-\d\d-\d\d ', l):
            cur = [l]
            entries.append(cur)
        elif cur is not None:
            cur.append(l)
    n = seen = 0
    for i, e in enumerate(entries):
        if f'@{db} ' not in e[0]:
            continue
        m = re.search(r'LOG:  duration: ([\d.]+) ms  (?:execute [^:]*|statement): (.*)$', e[0])
        if not m:
            continue
        sql = '\n'.join([m.group(2)] + [x[1:] if x.startswith('\t') else x for x in e[1:]]).strip()
        if sql.upper().startswith(('BEGIN', 'COMMIT', 'ROLLBACK', 'SET ', 'SHOW ')):
            continue
        # Every request begins with the session lookup and the user read: shown with getInfo.
        seen += 1
        if label != 'getinfo' and seen <= 2:
            continue
        params = {}
        if i + 1 < len(entries) and 'DETAIL:  parameters:' in entries[i + 1][0]:
            detail = '\n'.join(entries[i + 1])
            params = {k: v for k, v in re.findall(r"\$(\d+) = ('(?:[^']|'')*'|NULL)", detail)}
        args = [params[k] for k in sorted(params, key=int)]
        n += 1
        captured.append({'label': label, 'n': n, 'ms': float(m.group(1)), 'sql': sql, 'args': args})
with open(target, 'w') as f:
    json.dump(captured, f)

def candidates(arg):
    if arg == 'NULL':
        return ['text', 'bigint']
    if re.fullmatch(r"'-?\d+'", arg):
        return ['bigint', 'text']
    return ['text']

for s in captured:
    args = s['args']
    call = f"({', '.join(args)})" if args else ''
    print(f"### {s['label']} #{s['n']} ({s['ms']} ms as logged): {' '.join(s['sql'].split())}")
    print(f"parameters: {' '.join(args)}")
    tries = [None] + list(itertools.product(*map(candidates, args))) if args else [None]
    for types in tries:
        declared = f"({', '.join(types)})" if types else ''
        script = (f"PREPARE s{declared} AS {s['sql']};\n"
                  f"\\echo '-- plan for these values'\n"
                  f"EXPLAIN (ANALYZE, BUFFERS) EXECUTE s{call};\n"
                  "SET plan_cache_mode = force_generic_plan;\n"
                  f"\\echo '-- generic plan'\n"
                  f"EXPLAIN (ANALYZE, BUFFERS) EXECUTE s{call};\n")
        done = subprocess.run(['psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', url], input=script,
                              capture_output=True, text=True)
        if done.returncode == 0:
            if types:
                print(f"parameter types: {', '.join(types)}")
            print(done.stdout)
            break
    else:
        print(done.stderr)
PY
  echo "plans: $2 ($(grep -c '^### ' "$2" || true) statements)"
}

# The same statements on the SQLite database: EXPLAIN QUERY PLAN and the time of each alone (the
# median of up to 50 runs), through Python's sqlite3 module (the SQLite of the system, which may
# plan differently from the one bundled into the server).
sqlite_plans() { # database-file statements.json file
  python3 - "$@" <<'PY' >"$3"
import json, re, sqlite3, statistics, sys, time
db, statements = sys.argv[1], json.load(open(sys.argv[2]))
conn = sqlite3.connect(db)
print(f'# plans of the statements logged for each request (PostgreSQL), on SQLite {sqlite3.sqlite_version}')
for s in statements:
    args = {}
    for i, a in enumerate(s['args'], 1):
        if a == 'NULL':
            args[str(i)] = None
        else:
            text = a[1:-1].replace("''", "'")
            args[str(i)] = int(text) if re.fullmatch(r'-?\d+', text) else text
    # PostgreSQL's casts and boolean literals, the few the statements use, in SQLite's terms.
    sql = re.sub(r'::\w+', '', s['sql'])
    print(f"### {s['label']} #{s['n']}: {' '.join(sql.split())}")
    print(f'parameters: {list(args.values())}')
    try:
        depth = {0: 0}
        for node, parent, _, detail in conn.execute('EXPLAIN QUERY PLAN ' + sql, args):
            depth[node] = depth.get(parent, 0) + 1
            print('  ' * depth[node] + detail)
        times, begun = [], time.monotonic()
        while len(times) < 50 and time.monotonic() - begun < 5:
            t = time.perf_counter()
            rows = conn.execute(sql, args).fetchall()
            times.append(time.perf_counter() - t)
        print(f'rows: {len(rows)}; alone: p50 {statistics.median(times) * 1000:.3f} ms, max {max(times) * 1000:.3f} ms over {len(times)} runs')
    except sqlite3.Error as e:
        print(f'error: {e}')
    print()
PY
  echo "plans: $3 ($(grep -c '^### ' "$3" || true) statements)"
}

{
  echo "# staff bench $(date -u +%FT%TZ): $users people, $reports open reports and as many closed, $photos photos waiting, $dynamics dynamics with $flags open flags, $safety safety items; ${duration} each, $connections connections"
  echo
  echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f", $2 / 1048576}' /proc/meminfo) GiB, $(uname -r); load average at the start: $(loadavg)."
  echo
  echo '| endpoint | database | requests/s | p50 | p99 | server cores | machine busy | answers |'
  echo '|---|---|---|---|---|---|---|---|'
} >"$out/staff.md"
for b in $backends; do
  case $b in
    sqlite) run_backend sqlite "sqlite://$work/staff.db" ;;
    postgres)
      pg_db="amora_staff_$$"
      psql -X "$pg_admin" -qc "CREATE DATABASE $pg_db"
      run_backend postgres "${pg_admin%/*}/$pg_db"
      psql -X "$pg_admin" -qc "DROP DATABASE $pg_db WITH (FORCE)"
      pg_db= ;;
    *) echo "unknown backend $b" >&2; exit 1 ;;
  esac
done
cat "$out/staff.md"
if [ -s "$work/explain.json" ] && [ -f "$work/staff.db" ]; then
  sqlite_plans "$work/staff.db" "$work/explain.json" "$out/staff-plans-sqlite.txt"
fi
