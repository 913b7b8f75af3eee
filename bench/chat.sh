#!/usr/bin/env bash
# Chat benchmarks of the release server, on SQLite and on PostgreSQL, and of Prosody on the same
# traffic. Everything runs on this machine over loopback, every run is bounded in time, and every
# process started here is stopped here (and each has its own time limit as well).
#
#  1. Memory per idle /im connection: the server's VmRSS before and after opening N authenticated
#     connections (N = BENCH_IDLE_CONNECTIONS, 50,000 by default, or as many as the open-file
#     limit allows).
#  2. One-to-one traffic among BENCH_CHAT_PAIRS pairs (500): the highest rate of delivered (and
#     stored) messages, then the latency from sending to the recipient's event frame at half that
#     rate.
#  3. The same traffic through Prosody (BENCH_CHAT_PROSODY=no leaves it out) (XMPP over WebSocket, message archive on), with its default
#     file storage and with SQL storage on SQLite and on PostgreSQL.
#
# BENCH_CHAT_PHASES=idle runs the first alone (memory is measured well on a busy machine, rates
# are not).
#
# Shortcut: the benchmark accounts, their sessions and IM tokens are inserted straight into the
# database by `loadgen seed` (the token hash is the server's: hex(sha256(token))); registering
# 50,000 through the API would spend at least ten minutes of both cores in Argon2id. Prosody's accounts
# are written as its own account files (internal_plain).
#
# Results: bench/results/chat-*.txt (raw) and bench/results/chat.md (tables).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pairs=${BENCH_CHAT_PAIRS:-500}
seconds=${BENCH_CHAT_SECONDS:-10}
warmup=${BENCH_CHAT_WARMUP:-3}
window=${BENCH_CHAT_WINDOW:-1}
want_idle=${BENCH_IDLE_CONNECTIONS:-50000}
phases=${BENCH_CHAT_PHASES:-all}
case $phases in all | idle) ;; *) echo "BENCH_CHAT_PHASES is all or idle, not $phases" >&2; exit 2 ;; esac
port=18182
xmpp_c2s=15222
xmpp_http=15280

cargo build --release -q -p amora-loadgen
# Our own copies: the shared target folder may be rebuilt while we run.
work=$(mktemp -d /tmp/amora-chat-bench.XXXXXX)
chmod 755 "$work"
cp "$CARGO_TARGET_DIR/release/amora" "$work/amora"
cp "$CARGO_TARGET_DIR/release/loadgen" "$work/loadgen"
pids=()
pg_dbs=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for db in "${pg_dbs[@]}"; do psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# Open files: one per connection on each side. Raise the soft limit to the hard one (and the hard
# one too where we may); the server inherits it from this shell.
prlimit --pid $$ --nofile=200000:200000 2>/dev/null || true
hard=$(ulimit -Hn)
[ "$hard" = unlimited ] && hard=1048576
ulimit -n "$(( hard < 200000 ? hard : 200000 ))"
fd_limit=$(ulimit -n)
# The open-file limit is per process: when it is below the connections asked for, the idle
# connections are spread over several server processes joined through NATS (one deployment of
# several nodes, as in production), each with its own load generator.
per_node=$(( (fd_limit - 300) / 100 * 100 ))
idle=$want_idle
nodes=$(( (idle + per_node - 1) / per_node ))
idle_note="$idle on one server process"
if (( nodes > 1 )); then
  idle_note="$idle over $nodes server processes joined through NATS (the open-file limit is $fd_limit per process; raising it needs CAP_SYS_RESOURCE)"
fi
nats_url=${AMORA_TEST_NATS_URL:-nats://127.0.0.1:4222}
accounts=$(( idle > 2 * pairs ? idle : 2 * pairs ))
echo "chat bench: $idle idle connections ($idle_note), $pairs pairs, ${seconds}s measured after ${warmup}s"

field() { # file phase key -> value
  grep "^RESULT phase=$2 " "$1" | tr ' ' '\n' | sed -n "s/^$3=//p" | head -1
}
wait_port() { # port -> waits until something listens
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.1
  done
  echo "nothing listens on $1" >&2
  return 1
}
wait_free() { # port -> waits (up to 20 s) until nothing listens there
  for _ in $(seq 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null || return 0
    sleep 0.1
  done
  echo "port $1 is still in use" >&2
  return 1
}
pg_url_part() { # url part -> host, port, user, password
  python3 -c 'import sys, urllib.parse as u; p = u.urlparse(sys.argv[1]); print({"host": p.hostname or "127.0.0.1", "port": p.port or 5432, "user": p.username or "postgres", "password": u.unquote(p.password or "")}[sys.argv[2]])' "$1" "$2"
}

# --- Amora ---------------------------------------------------------------------------------
run_amora() { # name database-url
  local name=$1 url=$2 dir raw pid guard
  dir=$(mktemp -d "$work/amora-$name.XXXX")
  raw="$out/chat-amora-$name.txt"
  # A load generator sends far more frames a connection than a person: no per-connection budget.
  export AMORA_ADDR=127.0.0.1:$port AMORA_DATA_DIR="$dir" AMORA_DATABASE_URL="$url" \
    AMORA_RATE_LIMIT__DISABLED=true AMORA_WEB_DIR="$dir/none" RUST_LOG=warn \
    AMORA_CHAT__FRAMES_PER_SECOND=1000000 AMORA_CHAT__FRAME_BURST=1000000
  "$work/amora" migrate >/dev/null
  "$work/loadgen" seed --db "$url" --users "$accounts" --out "$dir/accounts.tsv"
  # 1. Idle connections, on $nodes server processes.
  local k share node_guards=() node_pids=() gens=()
  for ((k = 0; k < nodes; k++)); do
    wait_free $((port + 1 + k))
    if (( nodes > 1 )); then
      AMORA_ADDR=127.0.0.1:$((port + 1 + k)) AMORA_NATS_URL=$nats_url AMORA_NATS_PREFIX="bench$$" \
        timeout 900 "$work/amora" serve >"$dir/node-$k.log" 2>&1 &
    else
      AMORA_ADDR=127.0.0.1:$((port + 1 + k)) timeout 900 "$work/amora" serve >"$dir/node-$k.log" 2>&1 &
    fi
    node_guards+=($!)
    pids+=($!)
    # One after the other: each starts (migrations, service accounts) on a ready database.
    wait_port $((port + 1 + k))
    node_pids+=("$(pgrep -P "${node_guards[k]}" | head -1)")
  done
  {
    echo "# $(date -u +%FT%TZ) amora on $name; load average before: $(loadavg)"
    for ((k = 0; k < nodes; k++)); do
      share=$(( k < nodes - 1 ? per_node : idle - per_node * (nodes - 1) ))
      timeout 300 "$work/loadgen" idle --server "127.0.0.1:$((port + 1 + k))" --pid "${node_pids[k]}" \
        --accounts "$dir/accounts.tsv" --offset $((k * per_node)) --connections "$share" \
        --settle $(( nodes > 1 ? 15 : 3 )) | sed "s/^RESULT phase=idle /RESULT phase=idle node=$k /" &
      gens+=($!)
    done
    for g in "${gens[@]}"; do wait "$g"; done
  } | tee "$raw"
  for g in "${node_guards[@]}"; do kill "$g" 2>/dev/null || true; done
  for g in "${node_guards[@]}"; do wait "$g" 2>/dev/null || true; done
  if [ "$phases" = idle ]; then
    unset AMORA_ADDR AMORA_DATA_DIR AMORA_DATABASE_URL AMORA_RATE_LIMIT__DISABLED AMORA_WEB_DIR RUST_LOG \
      AMORA_CHAT__FRAMES_PER_SECOND AMORA_CHAT__FRAME_BURST
    return
  fi

  # 2. Chat traffic, on one server process.
  wait_free "$port"
  timeout 900 "$work/amora" serve >"$dir/server.log" 2>&1 &
  local guard=$!
  pids+=("$guard")
  wait_port "$port"
  pid=$(pgrep -P "$guard" | head -1) # the server itself, under timeout
  {
    echo "# load average before the chat run: $(loadavg)"
    local pg=()
    [[ $url == postgres* ]] && pg=(--pg "$url")
    timeout 300 "$work/loadgen" chat --proto amora --server "127.0.0.1:$port" --pid "$pid" "${pg[@]}" \
      --accounts "$dir/accounts.tsv" --pairs "$pairs" --window "$window" \
      --seconds "$seconds" --warmup "$warmup"
  } | tee -a "$raw"
  local stored
  if [[ $url == sqlite://* ]]; then
    stored=$(sqlite3 "${url#sqlite://}" "SELECT COUNT(*) FROM messages")
  else
    stored=$(psql "$url" -Atc "SELECT COUNT(*) FROM messages")
  fi
  echo "RESULT phase=stored messages=$stored" | tee -a "$raw"
  kill "$guard"; wait "$guard" 2>/dev/null || true
  unset AMORA_ADDR AMORA_DATA_DIR AMORA_DATABASE_URL AMORA_RATE_LIMIT__DISABLED AMORA_WEB_DIR RUST_LOG \
    AMORA_CHAT__FRAMES_PER_SECOND AMORA_CHAT__FRAME_BURST
}

# --- Prosody -------------------------------------------------------------------------------
run_prosody() { # storage: internal | sqlite | postgres
  local storage=$1 dir raw pid guard storage_cfg=""
  dir=$(mktemp -d "$work/prosody-$storage.XXXX")
  raw="$out/chat-prosody-$storage.txt"
  mkdir -p "$dir/data/localhost/accounts" "$dir/certs"
  for ((i = 0; i < 2 * pairs; i++)); do
    printf 'return {\n\t["password"] = "secret1";\n};\n' >"$dir/data/localhost/accounts/bench$i.dat"
  done
  case $storage in
    sqlite)
      # The same journal as ours (WAL); Prosody keeps SQLite's default synchronous=FULL.
      sqlite3 "$dir/prosody.sqlite" "PRAGMA journal_mode=WAL;" >/dev/null
      storage_cfg="storage = { archive = \"sql\" }
sql = { driver = \"SQLite3\", database = \"$dir/prosody.sqlite\" }" ;;
    postgres)
      local db="prosody_chat_bench_$$"
      psql "$pg_admin" -qc "CREATE DATABASE $db"
      pg_dbs+=("$db")
      storage_cfg="storage = { archive = \"sql\" }
sql = { driver = \"PostgreSQL\", database = \"$db\", host = \"$(pg_url_part "$pg_admin" host)\", port = $(pg_url_part "$pg_admin" port), username = \"$(pg_url_part "$pg_admin" user)\", password = \"$(pg_url_part "$pg_admin" password)\" }" ;;
  esac
  cat >"$dir/prosody.cfg.lua" <<CFG
-- Prosody for the chat benchmark: loopback only, no s2s, no TLS (all on this machine).
pidfile = "$dir/prosody.pid"
data_path = "$dir/data"
certificates = "$dir/certs"
interfaces = { "127.0.0.1" }
http_interfaces = { "127.0.0.1" }
c2s_ports = { $xmpp_c2s }
c2s_direct_tls_ports = { }
http_ports = { $xmpp_http }
https_ports = { }
network_backend = "epoll"
-- Small writes go out at once, like our client's and (with TCP_NODELAY) a tuned server's.
network_settings = { nagle = false; opportunistic_writes = true }
log = { warn = "$dir/prosody.log" }
modules_enabled = { "roster", "saslauth", "disco", "ping", "mam", "websocket" }
modules_disabled = { "s2s", "offline" }
authentication = "internal_plain"
default_storage = "internal"
$storage_cfg
archive_expires_after = "never"
default_archive_policy = true
c2s_require_encryption = false
allow_unencrypted_plain_auth = true
consider_websocket_secure = true
VirtualHost "localhost"
CFG
  wait_free "$xmpp_http"
  wait_free "$xmpp_c2s"
  # Prosody will not run as root: as its own system user when there is one.
  if id prosody >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    chown -R prosody: "$dir"
    timeout 600 runuser -u prosody -- prosody --config "$dir/prosody.cfg.lua" -F >"$dir/out.txt" 2>&1 &
  else
    [ "$(id -u)" = 0 ] && echo 'run_as_root = true' >>"$dir/prosody.cfg.lua"
    timeout 600 prosody --config "$dir/prosody.cfg.lua" -F >"$dir/out.txt" 2>&1 &
  fi
  local guard=$!
  pids+=("$guard")
  wait_port "$xmpp_http"
  for _ in $(seq 50); do [ -s "$dir/prosody.pid" ] && break; sleep 0.1; done
  pid=$(cat "$dir/prosody.pid")
  {
    echo "# $(date -u +%FT%TZ) prosody $(dpkg-query -W -f='${Version}' prosody 2>/dev/null || true), archive on $storage; load average before: $(loadavg)"
    local pg=()
    [ "$storage" = postgres ] && pg=(--pg "${pg_admin%/*}/prosody_chat_bench_$$")
    timeout 300 "$work/loadgen" chat --proto xmpp --server "127.0.0.1:$xmpp_http" --pid "$pid" "${pg[@]}" \
      --pairs "$pairs" --window "$window" --seconds "$seconds" --warmup "$warmup"
  } | tee "$raw"
  local stored=""
  case $storage in
    sqlite) stored=$(sqlite3 "$dir/prosody.sqlite" "SELECT COUNT(*) FROM prosodyarchive") ;;
    postgres) stored=$(psql "${pg_admin%/*}/prosody_chat_bench_$$" -Atc "SELECT COUNT(*) FROM prosodyarchive") ;;
    internal) stored=$(cat "$dir"/data/localhost/archive/*.list 2>/dev/null | grep -c '^item(' || true) ;;
  esac
  # Each message is archived twice: for its sender and for its recipient.
  echo "RESULT phase=stored archived=$stored" | tee -a "$raw"
  # Prosody takes a few seconds to close its sessions; the next run needs the ports.
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$guard" 2>/dev/null || true
  cp "$dir/prosody.log" "$out/chat-prosody-$storage.log" 2>/dev/null || true
}

run_amora sqlite "sqlite://$work/amora-sqlite.db"
db="amora_chat_bench_$$"
psql "$pg_admin" -qc "CREATE DATABASE $db"
pg_dbs+=("$db")
run_amora postgres "${pg_admin%/*}/$db"

prosody_runs=()
if [ "$phases" = idle ]; then
  echo "Prosody left out (BENCH_CHAT_PHASES=idle)"
elif [ "${BENCH_CHAT_PROSODY:-yes}" = no ]; then
  echo "Prosody left out (BENCH_CHAT_PROSODY=no)"
elif command -v prosody >/dev/null; then
  for storage in internal sqlite postgres; do
    if run_prosody "$storage"; then prosody_runs+=("$storage"); else echo "prosody on $storage failed"; fi
  done
else
  echo "prosody is not installed (apt-get install -y prosody lua-dbi-sqlite3 lua-dbi-postgresql): no comparison"
fi

# --- Tables --------------------------------------------------------------------------------
{
  echo "Machine: $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; $(date -u +%F). Idle connections: $idle_note."
  echo -n "Load average (1, 5, 15 min) before each run:"
  for f in "$out"/chat-amora-sqlite.txt "$out"/chat-amora-postgres.txt "${prosody_runs[@]/#/$out/chat-prosody-}"; do
    f=${f%.txt}.txt
    [ -f "$f" ] && echo -n " $(basename "$f" .txt | sed 's/^chat-//') $(sed -n 's/.*load average before: //p' "$f" | head -1);"
  done
  echo
  echo
  echo "| database | idle connections | server RSS before | after | per connection | kernel slab per socket |"
  echo "|---|---|---|---|---|---|"
  for name in sqlite postgres; do
    f="$out/chat-amora-$name.txt"
    [ -f "$f" ] || continue
    # Summed over the server processes; the kernel's slab is the machine's, seen by each.
    grep '^RESULT phase=idle ' "$f" | tr ' ' '\n' | awk -F= -v name="$name" '
      $1 == "connections" { n += $2; last = $2 } $1 == "rss_before_kib" { b += $2 } $1 == "rss_after_kib" { a += $2 }
      $1 == "kernel_slab_bytes_per_socket" { slab += $2 * last; nodes++ }
      END { printf "| %s | %d on %d process%s | %.0f MiB | %.0f MiB | %.1f KiB | %.1f KiB |\n", name, n, nodes, (nodes > 1 ? "es" : ""), b / 1024, a / 1024, (a - b) / n, slab / n / nodes / 1024 }'
  done
  if [ "$phases" = all ]; then
    echo
    echo "| server | storage | max messages/s | p50 | p99 | at half: messages/s | p50 | p99 | CPU per message (server + database) | at max: server, database CPU; machine busy | stored |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    row() { # label storage file stored
      printf '| %s | %s | %s | %s ms | %s ms | %s | %s ms | %s ms | %s ms | %s | %s |\n' "$1" "$2" \
        "$(field "$3" max messages_per_s)" "$(field "$3" max p50_ms)" "$(field "$3" max p99_ms)" \
        "$(field "$3" rate messages_per_s)" "$(field "$3" rate p50_ms)" "$(field "$3" rate p99_ms)" \
        "$(field "$3" max cpu_ms_per_message)" \
        "$(field "$3" max server_cpu_cores), $(field "$3" max db_cpu_cores) cores; $(awk -v b="$(field "$3" max machine_busy)" 'BEGIN {printf "%.0f%%", b * 100}')" "$4"
    }
    for name in sqlite postgres; do
      f="$out/chat-amora-$name.txt"
      [ -f "$f" ] && row Amora "$name" "$f" "$(field "$f" stored messages) of $(field "$f" total sent) sent"
    done
    for storage in "${prosody_runs[@]}"; do
      f="$out/chat-prosody-$storage.txt"
      [ -f "$f" ] && row Prosody "$storage" "$f" "$(field "$f" stored archived) archive items for $(field "$f" total sent) sent"
    done
    if ((${#prosody_runs[@]})); then
      echo
      echo "| Amora / Prosody | max messages/s | p99 at half the rate (lower is better) |"
      echo "|---|---|---|"
      for pair in "sqlite internal" "sqlite sqlite" "postgres postgres"; do
        set -- $pair
        a="$out/chat-amora-$1.txt" p="$out/chat-prosody-$2.txt"
        [ -f "$a" ] && [ -f "$p" ] || continue
        printf '| Amora on %s / Prosody on %s | %s | %s |\n' "$1" "$2" \
          "$(awk -v a="$(field "$a" max messages_per_s)" -v b="$(field "$p" max messages_per_s)" 'BEGIN {printf (b > 0 ? "%.2f x" : "-"), a / b}')" \
          "$(awk -v a="$(field "$a" rate p99_ms)" -v b="$(field "$p" rate p99_ms)" 'BEGIN {printf (b > 0 ? "%.2f x" : "-"), a / b}')"
      done
    fi
  fi
} >"$out/chat.md"
cat "$out/chat.md"
