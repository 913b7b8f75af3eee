#!/usr/bin/env bash
# Pictures and memory: one account uploading at its limit with the worst pictures it is allowed
# (bench/uploads.py: a one-colour PNG just under the 24-megapixel cap, on 8 connections at once,
# the upload quota on as configured by default: 30 pictures a minute), while twelve other people
# upload a small photo every 250 ms between them (each within the quota); on SQLite (media in a
# local folder).
# Measured, in one run of one server process (release build):
#   - GET /prod-api/getInfo with wrk (2 threads, 32 connections, 10 s): the yardstick of the run;
#   - the server's resident set when the uploads start and its peak (VmHWM, reset first) during
#     them, and the other people's
#     upload latencies (p50, p99, max) counted from when each was due.
# Knobs: BENCH_UPLOADS_SECONDS (20), BENCH_UPLOADS_POOL (8), BENCH_UPLOADS_BIN (the server binary).
# Results: bench/results/uploads.md and uploads-*.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
out=bench/results
mkdir -p "$out"
bin=${BENCH_UPLOADS_BIN:-$CARGO_TARGET_DIR/release/amora}
work=$(mktemp -d)
cp "$bin" "$work/amora"
port=18191
base="http://127.0.0.1:$port"
dir=$(mktemp -d)
trap 'kill "$guard" 2>/dev/null || true; rm -rf "$dir" "$work"' EXIT

# The quota on, as in production: start_server turns the limits off, so this run starts its own.
wait_port_free
AMORA_ADDR=127.0.0.1:$port AMORA_DATA_DIR="$dir" AMORA_DATABASE_URL="sqlite://$dir/amora.db" \
  AMORA_RATE_LIMIT__REGISTER_PER_IP=100 AMORA_WEB_DIR="$dir/none" RUST_LOG=warn \
  timeout 1800 "$work/amora" serve >>"$dir/server.log" 2>&1 &
guard=$!
for _ in $(seq 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.1; done
pid=$(pgrep -P "$guard" | head -1)

register() { # name -> token
  curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"$1\",\"email\":\"$1@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])'
}
attacker=$(register mallory)
victims=()
for i in $(seq 12); do victims+=("$(register "vera$i")"); done
yard=$(register yard)
# The small photo: a 640 x 480 JPEG, as our app sends (re-encoded by the server from a PNG).
python3 - "$dir/small.png" <<'PY'
import struct, sys, zlib
w, h = 640, 480
rows = b"".join(b"\x00" + bytes((x * 7 + y * 3) % 256 for x in range(w * 3)) for y in range(h))
def chunk(k, d): return struct.pack(">I", len(d)) + k + d + struct.pack(">I", zlib.crc32(k + d))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
PY
url=$(curl -sf "$base/prod-api/common/image/uploads/base64" -H "Authorization: Bearer $yard" -H 'content-type: application/json' \
  -d "{\"image\":\"data:image/png;base64,$(base64 -w0 "$dir/small.png")\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["url"])')
curl -sf "$base$url" -o "$dir/small.jpg"

token=$yard
wrk -t2 -c32 -d10s --latency -H "Authorization: Bearer $yard" "$base/prod-api/getInfo" >"$out/uploads-getinfo.txt"
read -r rps p50 p99 _ < <(summary "$out/uploads-getinfo.txt")
# The peak so far is the sign-ups' (Argon2id) and getInfo's: start the count again (clear_refs 5
# resets VmHWM), so that the peak read after is the uploads' alone.
setup_peak=$(status_kib "$pid" VmHWM)
before=$(status_kib "$pid" VmRSS)
echo 5 >"/proc/$pid/clear_refs"
read -r sent ok limited n vp50 vp99 vmax vfailed < <(python3 bench/uploads.py "$base" "$attacker" "$dir/small.jpg" "${victims[@]}" | tee "$out/uploads-run.txt")
peak=$(status_kib "$pid" VmHWM)
{
  echo "| getInfo (yardstick) | worst pictures sent / decoded / refused 429 | peak RSS of the set-up | RSS when the uploads start | peak RSS during the uploads | small uploads | p50 | p99 | max | failed |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  echo "| $rps/s (p99 $p99) | $sent / $ok / $limited | $((setup_peak / 1024)) MiB | $((before / 1024)) MiB | $((peak / 1024)) MiB | $n | $vp50 ms | $vp99 ms | $vmax ms | $vfailed |"
} | tee "$out/uploads.md"
