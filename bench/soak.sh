#!/usr/bin/env bash
# Soak: three nodes behind a load balancer for ten minutes of mixed traffic, one of them killed
# with SIGKILL at 40% of the run and started again (the same command) at 60%.
#
# The installation is the one of docs/operations.md ("Three nodes behind a load balancer"): three
# `amora serve` processes on one fresh PostgreSQL database, joined through NATS (a prefix of their
# own), pictures in an S3 bucket (moto's server, a bucket of its own), rate limits and repeated
# texts counted in Redis (a key prefix of their own), the same media key; nginx in front with the
# configuration that section gives (least_conn, passive health checks, the /im WebSocket held
# open), run in the foreground with its own configuration, pid and log files in the run's temp
# folder. Rate limits are off, as in the other benchmarks.
#
# The traffic is one process, `loadgen soak` (bench/loadgen/src/soak.rs): BENCH_SOAK_USERS
# accounts seeded straight into the database (`loadgen seed`) connected to /im through the
# balancer, writing to each other in pairs at BENCH_SOAK_CHAT_RATE messages a second all
# together and reconnecting as the app does (300 ms, then at most 5 attempts 5 s apart, resuming
# from the last event and sending again what was not acknowledged); and REST requests through the
# balancer at BENCH_SOAK_HTTP_RATE a second: discover, the people lists, the feed's first page,
# posting to the feed (half with a picture), likes, picture uploads and the uploaded picture
# fetched back.
#
# The checks, each printed PASS or FAIL with its figures (the script exits 1 on any FAIL):
#   1. every message the server acknowledged is shown to its recipient exactly once (live or
#      replayed after a reconnect), and is stored once, as acknowledged, with one event for each
#      side;
#   2. every client whose socket was on the killed node is greeted by another node within 5
#      attempts (the attempts' distribution and the longest are reported);
#   3. no 5xx answer at all, but 503 with Retry-After while the killed node is down (from the
#      kill to its readiness again), and no request without an answer;
#   4. memory flat after the first minute: each node's VmRSS sampled every 10 s; the growth is the
#      slope of RSS over time within the stretches where a node's sockets stay where they are
#      (from minute one to the kill; from a minute after the kill to the end for the nodes that
#      took over the killed node's sockets; from a minute after its readiness to the end for the
#      restarted node), taken as the median of the slopes between every two samples of a stretch
#      (Theil-Sen: a sample taken while a picture is decoded does not tilt it); over the minutes
#      after the first it must stay under BENCH_SOAK_RSS_BOUND percent (2) of the node's RSS at
#      minute one.
# The yardstick, in the same run before the soak: authenticated getInfo on one node with wrk.
#
# Knobs: BENCH_SOAK_SECONDS (600; the kill at 40% and the restart at 60% follow it),
# BENCH_SOAK_USERS (2000), BENCH_SOAK_CHAT_RATE (100 messages/s), BENCH_SOAK_HTTP_RATE (40
# requests/s), BENCH_SOAK_HTTP_USERS (200, made members so that discover has no daily cap),
# BENCH_SOAK_RSS_BOUND (2, percent), BENCH_SOAK_YARDSTICK (10s), BENCH_SOAK_BIN (the server
# binary; default $CARGO_TARGET_DIR/release/amora),
# AMORA_TEST_POSTGRES_URL, BENCH_SOAK_NATS_URL (nats://127.0.0.1:4222), BENCH_SOAK_S3_URL
# (http://127.0.0.1:9090), BENCH_SOAK_REDIS_URL (redis://127.0.0.1:6379/0).
# Not part of `make test` or `make bench`: run it by hand, `nice -n 5 bash bench/soak.sh`
# (about 13 minutes with the defaults). Everything it starts (nodes, nginx, the load generator,
# the sampler) is stopped, and the database, the bucket, the Redis keys and the temp folder are
# removed, however it ends.
# Results: bench/results/soak-*.txt (raw: the load generator's report, the RSS samples, wrk's
# output, the nodes' and nginx's warnings) and bench/results/soak.md (tables).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
export RUST_BACKTRACE=0
out=bench/results
mkdir -p "$out"
pg_admin=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
nats_url=${BENCH_SOAK_NATS_URL:-nats://127.0.0.1:4222}
s3_url=${BENCH_SOAK_S3_URL:-http://127.0.0.1:9090}
redis_url=${BENCH_SOAK_REDIS_URL:-redis://127.0.0.1:6379/0}
bin=${BENCH_SOAK_BIN:-$CARGO_TARGET_DIR/release/amora}
seconds=${BENCH_SOAK_SECONDS:-600}
users=${BENCH_SOAK_USERS:-2000}
chat_rate=${BENCH_SOAK_CHAT_RATE:-100}
http_rate=${BENCH_SOAK_HTTP_RATE:-40}
http_users=${BENCH_SOAK_HTTP_USERS:-200}
rss_bound=${BENCH_SOAK_RSS_BOUND:-2}
yardstick=${BENCH_SOAK_YARDSTICK:-10s}
drain=30
killed=2 # the node killed and started again

for tool in nginx wrk psql curl python3 redis-cli; do
  command -v "$tool" >/dev/null || { echo "soak: $tool is missing (apt-get install -y nginx wrk postgresql-client redis-tools)" >&2; exit 1; }
done
[ -x "$bin" ] || { echo "soak: no server binary at $bin (set BENCH_SOAK_BIN)" >&2; exit 1; }
(( seconds >= 60 )) || { echo "soak: BENCH_SOAK_SECONDS must be at least 60" >&2; exit 1; }
(( users >= 2 && users % 2 == 0 )) || { echo "soak: BENCH_SOAK_USERS must be even (pairs)" >&2; exit 1; }
(( http_users <= users )) || { echo "soak: BENCH_SOAK_HTTP_USERS must not exceed BENCH_SOAK_USERS" >&2; exit 1; }
[[ $yardstick =~ ^[0-9]+s$ ]] || { echo "soak: BENCH_SOAK_YARDSTICK is in seconds (10s)" >&2; exit 1; }

tag="soak$$"
db="amora_soak_$$"
db_url="${pg_admin%/*}/$db"
bucket="amora-soak-$$"
work=$(mktemp -d /tmp/amora-soak.XXXXXX)
chmod 755 "$work"
guards=() node_pids=() others=() nginx_pid= db_made= bucket_made=
bucket_do() { # count | empty: the bucket's objects counted, or deleted with the bucket
  python3 - "$s3_url" "$bucket" "$1" <<'PY'
import datetime, hashlib, hmac, re, sys, urllib.parse, urllib.request
endpoint, bucket, action = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]
host = urllib.parse.urlparse(endpoint).netloc
KEY, REGION = "amora-soak", "us-east-1"
def call(method, path, query=""):
    # Signature V4 as the nodes sign (the stand-in checks a signature's form, not who signed).
    now = datetime.datetime.now(datetime.timezone.utc)
    amz, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
    empty = hashlib.sha256(b"").hexdigest()
    signed = "host;x-amz-content-sha256;x-amz-date"
    canonical = f"{method}\n{path}\n{query}\nhost:{host}\nx-amz-content-sha256:{empty}\nx-amz-date:{amz}\n\n{signed}\n{empty}"
    scope = f"{day}/{REGION}/s3/aws4_request"
    to_sign = f"AWS4-HMAC-SHA256\n{amz}\n{scope}\n{hashlib.sha256(canonical.encode()).hexdigest()}"
    k = ("AWS4" + KEY).encode()
    for part in (day, REGION, "s3", "aws4_request"):
        k = hmac.new(k, part.encode(), hashlib.sha256).digest()
    signature = hmac.new(k, to_sign.encode(), hashlib.sha256).hexdigest()
    headers = {"x-amz-date": amz, "x-amz-content-sha256": empty,
               "Authorization": f"AWS4-HMAC-SHA256 Credential={KEY}/{scope}, SignedHeaders={signed}, Signature={signature}"}
    url = f"{endpoint}{path}" + (f"?{query}" if query else "")
    return urllib.request.urlopen(urllib.request.Request(url, method=method, headers=headers)).read().decode()
def keys(after=""):
    query = "list-type=2&max-keys=1000" + (f"&start-after={urllib.parse.quote(after, safe='')}" if after else "")
    return re.findall(r"<Key>(.*?)</Key>", call("GET", f"/{bucket}", query))
if action == "count":
    n, page = 0, keys()
    while page:
        n += len(page)
        page = keys(page[-1])
    print(n)
else:
    page = keys()
    while page:
        for key in page:
            call("DELETE", f"/{bucket}/" + urllib.parse.quote(key))
        page = keys()
    call("DELETE", f"/{bucket}")
PY
}
cleanup() {
  local p
  for p in "${others[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  for p in "${guards[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${node_pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${others[@]}" $nginx_pid "${guards[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -n "$db_made" ]; then psql -X "$pg_admin" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  if [ -n "$bucket_made" ]; then bucket_do empty >/dev/null 2>&1 || true; fi
  redis-cli -u "$redis_url" --scan --pattern "$tag:*" 2>/dev/null | xargs -r -n 500 redis-cli -u "$redis_url" DEL >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Open files: a socket on each side of every connection, and the balancer holds two of each.
prlimit --pid $$ --nofile=65536:65536 2>/dev/null || true
hard=$(ulimit -Hn)
[ "$hard" = unlimited ] && hard=65536
ulimit -n "$(( hard < 65536 ? hard : 65536 ))"

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
now_ms() { date +%s%3N; }
sleep_until_ms() { # unix ms
  local left
  left=$(( $1 - $(now_ms) ))
  # In the background and waited for, so that a signal's trap runs at once.
  if (( left > 0 )); then sleep "$(awk -v l="$left" 'BEGIN {printf "%.3f", l / 1000}')" & wait $!; fi
  return 0
}

lb_port=$(free_port)
node_ports=("$(free_port)" "$(free_port)" "$(free_port)")
base="http://127.0.0.1:$lb_port"

# Our own copies: the shared target folders may be rebuilt while we run.
cargo build --release -q -p amora-loadgen
cp "$bin" "$work/amora"
cp "$CARGO_TARGET_DIR/release/loadgen" "$work/loadgen"

echo "soak: $seconds s, $users chat users at $chat_rate messages/s, $http_rate requests/s as $http_users of them; node $killed killed at $((seconds * 4 / 10)) s and started again at $((seconds * 6 / 10)) s"
echo "soak: server $bin ($(stat -c %y "$bin" | cut -d. -f1)), balancer 127.0.0.1:$lb_port, nodes ${node_ports[*]}, database $db, bucket $bucket, prefix $tag"

# --- The installation ----------------------------------------------------------------------
psql -X "$pg_admin" -qc "CREATE DATABASE $db"
db_made=1
curl -sf -X PUT "$s3_url/$bucket" >/dev/null || { echo "soak: could not make the bucket $bucket at $s3_url (is moto_server running?)" >&2; exit 1; }
bucket_made=1
media_key=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
# Every node's command: the same configuration (docs/operations.md), its own address and folder.
node_env=(
  AMORA_DATABASE_URL="$db_url"
  AMORA_NATS_URL="$nats_url" AMORA_NATS_PREFIX="$tag"
  AMORA_MEDIA_URL="s3://$bucket/media" AMORA_S3_ENDPOINT="$s3_url" AMORA_S3_REGION=us-east-1
  AMORA_S3_ACCESS_KEY_ID=amora-soak AMORA_S3_SECRET_ACCESS_KEY=amora-soak AMORA_S3_ALLOW_HTTP=true
  AMORA_MEDIA_KEY="$media_key"
  AMORA_COUNTERS_URL="$redis_url" AMORA_COUNTERS_PREFIX="$tag"
  AMORA_PUBLIC_URL="$base" AMORA_TRUST_FORWARDED_FOR=true
  AMORA_RATE_LIMIT__DISABLED=true AMORA_CHAT__FRAMES_PER_SECOND=1000000 AMORA_CHAT__FRAME_BURST=1000000
  AMORA_WEB_DIR="$work/none" RUST_LOG=warn
)
start_node() { # k -> node k serving, its pid in $work/node-k.pid
  local k=$1 i
  mkdir -p "$work/node-$k"
  env "${node_env[@]}" AMORA_ADDR="127.0.0.1:${node_ports[k]}" AMORA_DATA_DIR="$work/node-$k" \
    timeout $((seconds + 1800)) "$work/amora" serve >>"$work/node-$k.log" 2>&1 &
  guards[k]=$!
  for i in $(seq 600); do
    curl -sf "http://127.0.0.1:${node_ports[k]}/readyz" >/dev/null && break
    kill -0 "${guards[k]}" 2>/dev/null || break
    sleep 0.1
  done
  curl -sf "http://127.0.0.1:${node_ports[k]}/readyz" >/dev/null || { echo "soak: node $k did not start:" >&2; tail -20 "$work/node-$k.log" >&2; return 1; }
  node_pids[k]=$(pgrep -P "${guards[k]}" | head -1)
  echo "${node_pids[k]}" >"$work/node-$k.pid"
}
env "${node_env[@]}" AMORA_DATA_DIR="$work/node-0" "$work/amora" migrate >/dev/null
# One after the other, as a deployment starts them: each on a database that is ready.
for k in 0 1 2; do start_node "$k"; done

# The balancer: docs/operations.md's configuration, with the address of the node that took a
# socket in the upgrade's answer (X-Amora-Node), so that the load generator knows whose sockets
# the kill closes.
mkdir -p "$work/nginx"
{
  [ "$(id -u)" = 0 ] && echo "user root;"
  cat <<NGINX
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections $(( $(ulimit -n) - 64 )); }
http {
    log_format soak '\$msec \$status \$request_method \$uri \$upstream_addr \$upstream_status \$request_time';
    access_log $work/nginx/access.log soak;
    # An upload (a photo in base64) is kept in memory rather than in a temporary file.
    client_body_buffer_size 1m;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    # The load generator's keep-alive connections last the run.
    keepalive_timeout 900s;
    keepalive_requests 1000000;

    upstream amora {
        least_conn;
        server 127.0.0.1:${node_ports[0]} max_fails=2 fail_timeout=5s;
        server 127.0.0.1:${node_ports[1]} max_fails=2 fail_timeout=5s;
        server 127.0.0.1:${node_ports[2]} max_fails=2 fail_timeout=5s;
        keepalive 64;
    }

    map \$http_upgrade \$connection_upgrade {
        default upgrade;
        ''      '';
    }

    server {
        listen 127.0.0.1:$lb_port;
        client_max_body_size 12m;

        location / {
            proxy_pass http://amora;
            proxy_http_version 1.1;
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto \$scheme;
            proxy_set_header Connection "";
            proxy_next_upstream error timeout http_503;
            add_header X-Amora-Node \$upstream_addr always;
        }

        location /im {
            proxy_pass http://amora;
            proxy_http_version 1.1;
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_read_timeout 120s;
            proxy_send_timeout 120s;
            add_header X-Amora-Node \$upstream_addr always;
        }
    }
}
NGINX
} >"$work/nginx/nginx.conf"
nginx -t -q -e "$work/nginx/error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf"
nginx -e "$work/nginx/error.log" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "$base/healthz" && break; sleep 0.1; done
curl -sf -o /dev/null "$base/healthz" || { echo "soak: nginx did not start:" >&2; cat "$work/nginx/error.log" >&2; exit 1; }

# --- The people ----------------------------------------------------------------------------
"$work/loadgen" seed --db "$db_url" --users "$users" --prefix soak --out "$work/accounts.tsv"
# The ones making REST requests are members: discover has no daily cap for them.
psql -X "$db_url" -qc "UPDATE users SET level = 'VIP', member_expires_at = $(( $(date +%s) + 30 * 86400 )) WHERE id IN ($(head -n "$http_users" "$work/accounts.tsv" | cut -f1 | paste -sd,))"
token=$(head -1 "$work/accounts.tsv" | cut -f3)

# The photo: a 640 x 480 picture, uploaded once through the balancer and fetched back as the
# JPEG the server made of it (which also shows the bucket and the shared media key at work).
python3 - "$work/picture.png" <<'PY'
import struct, sys, zlib
w, h = 640, 480
rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(w * 3)) for y in range(h))
def chunk(k, d): return struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
url=$(curl -sf "$base/prod-api/common/image/uploads/base64" -H "Authorization: Bearer $token" -H 'content-type: application/json' \
  -d "{\"image\":\"data:image/png;base64,$(base64 -w0 "$work/picture.png")\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["url"])')
curl -sf "$base${url#"$base"}" -H "Authorization: Bearer $token" -o "$work/picture.jpg"
[ "$(head -c 2 "$work/picture.jpg" | od -An -tx1 | tr -d ' ')" = ffd8 ] || { echo "soak: the uploaded picture did not come back as a JPEG" >&2; exit 1; }

# --- The yardstick: getInfo on one node, before the soak ------------------------------------
raw_getinfo="$out/soak-getinfo.txt"
wrk -t2 -c32 -d2s -H "Authorization: Bearer $token" "http://127.0.0.1:${node_ports[0]}/prod-api/getInfo" >/dev/null
{ echo "# $(date -u +%FT%TZ) getInfo on node 0 (127.0.0.1:${node_ports[0]}), 32 connections, $yardstick; load average before: $(loadavg)"
  wrk -t2 -c32 -d"$yardstick" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:${node_ports[0]}/prod-api/getInfo"; } >"$raw_getinfo"
read -r y_rps y_p50 y_p99 y_bad < <(summary "$raw_getinfo")
echo "soak: yardstick getInfo on one node: $y_rps requests/s, p50 $y_p50, p99 $y_p99, non-2xx $y_bad"

# --- The soak ------------------------------------------------------------------------------
raw="$out/soak-run.txt"
raw_rss="$out/soak-rss.txt"
load_before=$(loadavg)
started_at=$(date -u +%FT%TZ)
echo "# $started_at soak: $seconds s, $users users, $chat_rate messages/s, $http_rate requests/s; load average before: $load_before" >"$raw"
: >"$work/timeline"
timeout $((seconds + drain + 900)) "$work/loadgen" soak --server "127.0.0.1:$lb_port" --accounts "$work/accounts.tsv" \
  --users "$users" --chat-rate "$chat_rate" --http-rate "$http_rate" --http-users "$http_users" --seconds "$seconds" \
  --drain "$drain" --picture "$work/picture.jpg" --db "$db_url" --ready-file "$work/ready" --timeline "$work/timeline" \
  >>"$raw" 2>&1 &
gen=$!
others+=("$gen")
for _ in $(seq 6000); do [ -s "$work/ready" ] && break; kill -0 "$gen" 2>/dev/null || break; sleep 0.1; done
[ -s "$work/ready" ] || { echo "soak: the load generator did not start its traffic:" >&2; tail -20 "$raw" >&2; exit 1; }
t0=$(cat "$work/ready")
grep 'sockets open' "$raw" || true

# RSS of each node every 10 s (none while a node is down).
echo "# unix_ms node vmrss_kib; traffic started at $t0" >"$raw_rss"
(
  while :; do
    t=$(now_ms)
    for k in 0 1 2; do
      p=$(cat "$work/node-$k.pid" 2>/dev/null || true)
      [ -n "$p" ] || continue
      r=$(awk '$1 == "VmRSS:" {print $2}' "/proc/$p/status" 2>/dev/null || true)
      if [ -n "$r" ]; then echo "$t $k $r"; fi
    done
    sleep 10
  done >>"$raw_rss"
) &
sampler=$!
others+=("$sampler")

kill_at=$(( t0 + seconds * 400 ))
restart_at=$(( t0 + seconds * 600 ))
sleep_until_ms "$kill_at"
: >"$work/node-$killed.pid"
# The time is taken before the signal: the sockets close within a millisecond of it.
killed_ms=$(now_ms)
kill -KILL "${node_pids[killed]}"
echo "kill $killed_ms 127.0.0.1:${node_ports[killed]}" >>"$work/timeline"
wait "${guards[killed]}" 2>/dev/null || true
echo "soak: $(date -u +%T) node $killed (127.0.0.1:${node_ports[killed]}) killed"
sleep_until_ms "$restart_at"
echo "restart $(now_ms)" >>"$work/timeline"
start_node "$killed"
echo "ready $(now_ms)" >>"$work/timeline"
echo "soak: $(date -u +%T) node $killed started again and ready ($(awk '$1 == "restart" {r = $2} $1 == "ready" {print ($2 - r) / 1000 " s"}' "$work/timeline"))"
gen_status=0
wait "$gen" || gen_status=$?
kill "$sampler" 2>/dev/null || true
load_after=$(loadavg)
echo "# load average after: $load_after" >>"$raw"
(( gen_status == 0 )) || { echo "soak: the load generator failed ($gen_status):" >&2; tail -30 "$raw" >&2; exit 1; }
cat "$work/timeline" >>"$raw"

# What the nodes and the balancer said (warnings and errors), and the balancer's non-2xx answers.
for k in 0 1 2; do
  sed 's/\x1b\[[0-9;]*m//g' "$work/node-$k.log" | grep -v 'web app not built' | sed "s/^/node $k: /" || true
done >"$out/soak-nodes.txt"
{ echo "# nginx error log"; cat "$work/nginx/error.log"
  echo "# nginx access log: answers other than 101 and 2xx (msec status method uri upstream upstream_status time)"
  awk '$2 !~ /^(101|2..)$/' "$work/nginx/access.log"; } >"$out/soak-nginx.txt"
objects=$(bucket_do count 2>/dev/null || echo "?")
echo "RESULT bucket objects=$objects" >>"$raw"

# --- Memory (check 4) ----------------------------------------------------------------------
python3 - "$raw_rss" "$work/timeline" "$t0" "$seconds" "$rss_bound" "$killed" >>"$raw" <<'PY'
import sys
rss_file, timeline_file, t0, seconds, bound, killed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6])
events = {}
for line in open(timeline_file):
    w = line.split()
    events[w[0]] = int(w[1])
kill, ready = events.get("kill"), events.get("ready")
samples = {0: [], 1: [], 2: []}
for line in open(rss_file):
    if line.startswith("#"):
        continue
    t, k, r = line.split()
    t = (int(t) - t0) / 1000
    if t <= seconds + 5:  # the traffic's, not the drain's and the checks'
        samples[int(k)].append((t, int(r) / 1024))
kill_s = (kill - t0) / 1000 if kill else None
ready_s = (ready - t0) / 1000 if ready else None
end_s = seconds
ok_all = True
for k in sorted(samples):
    s = samples[k]
    if not s:
        print(f"RESULT memory node={k} samples=0")
        ok_all = False
        continue
    first = next((r for t, r in s if t >= 60), None)
    last = s[-1][1]
    peak = max(r for _, r in s)
    # The stretches where the node's sockets stay where they are.
    if kill_s is None:
        windows = [(60, end_s + 1)]
    elif k == killed:
        windows = [(60, kill_s), (ready_s + 60 if ready_s else end_s + 1, end_s + 1)]
    else:
        windows = [(60, kill_s), (kill_s + 60, end_s + 1)]
    # Theil-Sen: the median of the slopes between every two samples of the same stretch, so that
    # a sample taken while a picture was being decoded does not tilt the line.
    slopes = []
    used = 0
    for a, b in windows:
        w = [(t, r) for t, r in s if a <= t < b]
        used += len(w) if len(w) > 1 else 0
        slopes += [(w[j][1] - w[i][1]) / (w[j][0] - w[i][0]) for i in range(len(w)) for j in range(i + 1, len(w)) if w[j][0] > w[i][0]]
    slopes.sort()
    median = (slopes[(len(slopes) - 1) // 2] + slopes[len(slopes) // 2]) / 2 if slopes else None
    before_kill = next((r for t, r in reversed(s) if kill_s is not None and t < kill_s), None)
    after_kill = next((r for t, r in s if kill_s is not None and t >= kill_s + 60 and (k != killed or (ready_s and t >= ready_s + 60))), None)
    fmt = lambda v: "-" if v is None else f"{v:.1f}"
    if median is None or first is None:
        print(f"RESULT memory node={k} first_minute_mib={fmt(first)} last_mib={last:.1f} peak_mib={peak:.1f} growth_mib_per_min=- growth_over_run_pct=- samples_fitted=0 flat=unmeasured")
        ok_all = False
        continue
    slope = median * 60  # MiB a minute
    over_run = slope * (end_s - 60) / 60
    pct = 100 * over_run / first
    ok = pct < bound
    ok_all = ok_all and ok
    print(f"RESULT memory node={k} first_minute_mib={first:.1f} before_kill_mib={fmt(before_kill)} a_minute_after_mib={fmt(after_kill)} "
          f"last_mib={last:.1f} peak_mib={peak:.1f} growth_mib_per_min={slope:.3f} growth_over_run_pct={pct:.2f} samples_fitted={used} flat={ok}")
print(f"CHECK 4 {'PASS' if ok_all else 'FAIL'} memory flat after the first minute: on every node the growth within its steady stretches "
      f"(median slope), over the {(end_s - 60) / 60:.0f} minutes after the first, under {bound:g}% of its RSS at minute one")
PY

# --- Tables --------------------------------------------------------------------------------
field() { # prefix key -> value from the report
  grep -m1 "^RESULT $1 " "$raw" | tr ' ' '\n' | sed -n "s/^$2=//p"
}
http_total() { # key -> value of the HTTP totals' line
  grep -m1 '^RESULT http total=' "$raw" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
{
  echo "Run: $started_at, $(nproc) cores, $(free -g | awk '/^Mem:/ {print $2}') GiB; load average $load_before before, $load_after after. Server: \`$bin\` ($(stat -c %y "$bin" | cut -d. -f1))."
  echo "Three nodes on PostgreSQL, NATS, S3 (moto) and Redis behind nginx $(nginx -v 2>&1 | sed 's|.*/||'); $seconds s of traffic, node $killed killed (SIGKILL) at $((seconds * 4 / 10)) s and started again at $((seconds * 6 / 10)) s; $users chat users in pairs at $chat_rate messages/s; $http_rate requests/s as $http_users of them."
  echo
  echo "| yardstick: getInfo on one node (wrk, 2 threads, 32 connections, $yardstick, before the soak) | p50 | p99 |"
  echo "|---|---|---|"
  echo "| $y_rps requests/s | $y_p50 | $y_p99 |"
  echo
  echo "| check | result | figures |"
  echo "|---|---|---|"
  grep '^CHECK ' "$raw" | sort | sed -E 's/^CHECK ([0-9]) (PASS|FAIL) ([^:]*): (.*)$/| \1. \3 | **\2** | \4 |/'
  echo
  echo "| chat | sent | acknowledged | refused | shown once | never shown | shown twice | stored rows | shown after p50 / p99 / max |"
  echo "|---|---|---|---|---|---|---|---|---|"
  echo "| $users users | $(field chat sent) | $(field chat acked) | $(field chat refused) | $(field chat delivered_once) | $(field chat missing) | $(field chat duplicates) | $(field chat_db rows) | $(field chat_delay p50_ms) / $(field chat_delay p99_ms) / $(field chat_delay max_ms) ms |"
  echo
  echo "| sockets on the killed node | dropped | greeted again within 5 attempts | attempts (how many: clients) | drop to hello p50 / p99 / max | drops elsewhere |"
  echo "|---|---|---|---|---|---|"
  echo "| $(field reconnect on_killed) | $(field reconnect dropped) | $(field reconnect within_5) | $(field reconnect attempts) | $(field reconnect to_hello_p50_ms) / $(field reconnect to_hello_p99_ms) / $(field reconnect to_hello_max_ms) ms | $(field reconnect other_drops) |"
  echo
  echo "| requests | answers | statuses | p50 | p99 | max |"
  echo "|---|---|---|---|---|---|"
  grep '^RESULT http kind=' "$raw" | while read -r _ _ kind answers statuses p50 p99 max; do
    echo "| ${kind#kind=} | ${answers#answers=} | ${statuses#statuses=} | ${p50#p50_ms=} ms | ${p99#p99_ms=} ms | ${max#max_ms=} ms |"
  done
  echo "| all | $(http_total total) | $(http_total statuses) | | | |"
  echo
  echo "Answers by node (the last one the balancer tried): $(http_total by_node | sed 's/,/, /g'); passed on to another node by the balancer after the first failed: $(http_total passed_on)."
  if grep -q '^RESULT \(http 5xx\|socket upgrade_5xx\|socket error_frames\)' "$raw"; then
    echo
    echo "The 5xx:"
    echo
    grep '^RESULT \(http 5xx\|socket upgrade_5xx\|socket error_frames\)' "$raw" | sed 's/^RESULT /- /; s/ body=.*//' | sed -n '1,30p'
  fi
  echo
  echo "| node | RSS at minute 1 | before the kill | a minute after | last | peak | growth after minute 1 | over the run |"
  echo "|---|---|---|---|---|---|---|---|"
  grep '^RESULT memory ' "$raw" | while read -r line; do
    get() { # key unit -> the value with its unit, or "-"
      local v
      v=$(tr ' ' '\n' <<<"$line" | sed -n "s/^$1=//p")
      if [ -z "$v" ] || [ "$v" = - ]; then echo -; else echo "$v${2:-}"; fi
    }
    echo "| $(get node)$([ "$(get node)" = "$killed" ] && echo ' (killed)') | $(get first_minute_mib ' MiB') | $(get before_kill_mib ' MiB') | $(get a_minute_after_mib ' MiB') | $(get last_mib ' MiB') | $(get peak_mib ' MiB') | $(get growth_mib_per_min ' MiB/min') | $(get growth_over_run_pct %) |"
  done
  echo
  echo "Pictures in the bucket at the end: $objects."
} >"$out/soak.md"
cat "$out/soak.md"
echo
grep -E '^(CHECK|RESULT (chat|reconnect|socket|http (5xx|unanswered|total)))' "$raw" | sed -n '1,80p'
if grep -q '^CHECK [0-9] FAIL' "$raw" || [ "$(grep -c '^CHECK [0-9] ' "$raw")" != 4 ]; then
  echo "soak: FAIL" >&2
  exit 1
fi
echo "soak: PASS"
