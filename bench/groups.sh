#!/usr/bin/env bash
# Group chat benchmark of the release server, on SQLite and on PostgreSQL, beside one-to-one chat
# in the same run (the yardstick).
#
#  1. One-to-one: the same 200 people as 100 pairs, everyone writing to their partner
#     (`loadgen chat`): the highest rate of delivered messages, then the latency at half of it.
#  2. A group of 200, all online, 20 of them writing (`loadgen chat --group`): deliveries a second
#     (a message read by 199 people is 199 deliveries) at the highest rate, then the latency from
#     sending to each member reading it at half that rate.
#  3. Storage: rows of group_events and of group_members after the run, beside the messages
#     delivered (a message is one row, whatever the number of members).
#
# Goals (issue: group chats): group deliveries a second at least 50% of one-to-one's, p99 under
# 50 ms at half the rate, storage growing with messages, not messages times members.
#
# Shortcut: the accounts are seeded straight into the database (`loadgen seed`), and so is the
# group with its 200 members: making it through the API asks for a conversation with each first.
#
# Results: bench/results/groups-*.txt (raw) and the table printed at the end.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
members=${BENCH_GROUP_MEMBERS:-200}
senders=${BENCH_GROUP_SENDERS:-20}
seconds=${BENCH_GROUP_SECONDS:-10}
warmup=${BENCH_GROUP_WARMUP:-3}
port=18192
base="http://127.0.0.1:$port"

cargo build --release -q -p amora-loadgen
work=$(mktemp -d /tmp/amora-groups-bench.XXXXXX)
cp "$CARGO_TARGET_DIR/release/amora" "$work/amora"
cp "$CARGO_TARGET_DIR/release/loadgen" "$work/loadgen"
guard=
db=
cleanup() {
  [ -n "$guard" ] && { kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; }
  [ -n "$db" ] && psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
field() { # file phase key -> value
  grep "^RESULT phase=$2 " "$1" | tr ' ' '\n' | sed -n "s/^$3=//p" | head -1
}

run() { # name database-url
  local name=$1 url=$2 dir raw
  dir=$(mktemp -d "$work/$name.XXXX")
  raw="$out/groups-$name.txt"
  # A load generator sends far more frames a connection than a person: no per-connection budget.
  export AMORA_CHAT__FRAMES_PER_SECOND=1000000 AMORA_CHAT__FRAME_BURST=1000000
  AMORA_DATABASE_URL="$url" AMORA_DATA_DIR="$dir" "$work/amora" migrate >/dev/null
  "$work/loadgen" seed --db "$url" --users "$members" --out "$dir/accounts.tsv" >/dev/null
  local first
  first=$(head -1 "$dir/accounts.tsv" | cut -f1)
  query "$url" "INSERT INTO chat_groups (name, last_seq, created_at) VALUES ('bench', 0, 0)" >/dev/null
  query "$url" "INSERT INTO group_members (group_id, user_id, role, joined_seq, read_seq, added_at)
    SELECT (SELECT MAX(id) FROM chat_groups), id, CASE WHEN id = $first THEN 0 ELSE 2 END, 0, 0, 0
    FROM users WHERE id >= $first ORDER BY id LIMIT $members" >/dev/null
  local group
  group=$(query "$url" "SELECT MAX(id) FROM chat_groups")
  start_server "$dir" "$url"
  local pg=()
  [[ $url == postgres* ]] && pg=(--pg "$url")
  {
    echo "# $(date -u +%FT%TZ) groups bench on $name: $members members, $senders writing; load average $(loadavg)"
    timeout 300 "$work/loadgen" chat --proto amora --server "127.0.0.1:$port" --pid "$pid" "${pg[@]}" \
      --accounts "$dir/accounts.tsv" --pairs $((members / 2)) --seconds "$seconds" --warmup "$warmup" \
      | sed 's/^RESULT phase=/RESULT phase=pairs-/'
    timeout 300 "$work/loadgen" chat --proto amora --server "127.0.0.1:$port" --pid "$pid" "${pg[@]}" \
      --accounts "$dir/accounts.tsv" --group "$group" --members "$members" --senders "$senders" \
      --seconds "$seconds" --warmup "$warmup" \
      | sed 's/^RESULT phase=/RESULT phase=group-/'
    echo "RESULT phase=stored group_events=$(query "$url" "SELECT COUNT(*) FROM group_events") group_members=$(query "$url" "SELECT COUNT(*) FROM group_members") user_events=$(query "$url" "SELECT COUNT(*) FROM user_events")"
  } | tee "$raw"
  kill "$guard"; wait "$guard" 2>/dev/null || true
  guard=
  unset AMORA_CHAT__FRAMES_PER_SECOND AMORA_CHAT__FRAME_BURST
}

run sqlite "sqlite://$work/groups.db"
db="amora_groups_bench_$$"
psql "$pg_admin" -qc "CREATE DATABASE $db" >/dev/null
run postgres "${pg_admin%/*}/$db"

echo
echo "Machine: $(nproc) cores; load average at the end: $(loadavg)."
echo
echo "| database | traffic | deliveries/s | share of one-to-one | p50 at half | p99 at half | group_events rows | goal |"
echo "|---|---|---|---|---|---|---|---|"
for name in sqlite postgres; do
  f="$out/groups-$name.txt"
  one=$(field "$f" pairs-max messages_per_s)
  many=$(field "$f" group-max messages_per_s)
  share=$(awk -v a="$many" -v b="$one" 'BEGIN { printf "%.0f%%", 100 * a / b }')
  p99=$(field "$f" group-rate p99_ms)
  rows=$(field "$f" stored group_events)
  met=$(awk -v a="$many" -v b="$one" -v p="$p99" 'BEGIN { print (a >= b / 2 && p < 50) ? "met" : "not met" }')
  echo "| $name | one-to-one, $((members / 2)) pairs (the yardstick) | $one | 100% | $(field "$f" pairs-rate p50_ms) ms | $(field "$f" pairs-rate p99_ms) ms | - | |"
  echo "| $name | a group of $members, $senders writing | $many | $share | $(field "$f" group-rate p50_ms) ms | $p99 ms | $rows | **$met** |"
done
