#!/usr/bin/env bash
# Translation benchmark, English to Spanish, in one run on this machine:
#   - GET /prod-api/getInfo of the release server on SQLite, with wrk (2 threads, 32
#     connections, BENCH_TRANSLATE_YARDSTICK, 10 s): the yardstick of the run;
#   - server/examples/translate_rate.rs: a 200-character message through one `apertium` process
#     per message (the fallback, and the rate the goal is a multiple of), through APY with the
#     server's own provider (one at a time; BENCH_TRANSLATE_CONCURRENCY at once, 64; a fixed
#     BENCH_TRANSLATE_RATE a second, 20, for BENCH_TRANSLATE_SECONDS, 10, latency from each
#     message's due time), and through the translation cache.
# APY is started by tools/apy.sh on port BENCH_TRANSLATE_APY_PORT (18189) as `make run` starts it:
# two pipelines for the pair. Needs the Debian packages apertium, apertium-eng-spa and
# apertium-apy, and wrk.
# Goals (issue #19): APY's highest rate at least 50 times the process rate; p99 under 100 ms at
# 20 messages a second.
# Results: bench/results/translate-*.txt (raw) and bench/results/translate.md (table).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/.."
: "${CARGO_TARGET_DIR:=target}"
out=bench/results
mkdir -p "$out"
port=18188
base="http://127.0.0.1:$port"
yardstick=${BENCH_TRANSLATE_YARDSTICK:-10s}
apy_port=${BENCH_TRANSLATE_APY_PORT:-18189}
avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"

for tool in wrk apertium apertium-apy curl python3; do
  command -v "$tool" >/dev/null || { echo "translate bench: $tool is missing (apt-get install -y wrk apertium apertium-eng-spa apertium-apy)" >&2; exit 1; }
done

cargo build -q --release -p amora-server --bin amora --example translate_rate
work=$(mktemp -d /tmp/amora-translate-bench.XXXXXX)
cp "$CARGO_TARGET_DIR/release/amora" "$CARGO_TARGET_DIR/release/examples/translate_rate" "$work/"
guard=
cleanup() {
  if [ -n "$guard" ]; then kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; fi
  AMORA_APY_PORT=$apy_port tools/apy.sh stop "$work" || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "load before: $(loadavg)" >"$out/translate-machine.txt"

# The yardstick.
start_server "$work" "sqlite://$work/bench.db"
token=$(curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"translator\",\"email\":\"translator@example.com\",\"password\":\"secret1\",\"gender\":\"male\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])')
wrk -t2 -c32 -d2s -H "Authorization: Bearer $token" "$base/prod-api/getInfo" >/dev/null
wrk -t2 -c32 -d"$yardstick" --latency -H "Authorization: Bearer $token" "$base/prod-api/getInfo" >"$out/translate-getinfo.txt"
kill "$guard"; wait "$guard" 2>/dev/null || true; guard=
read -r rps p50 p99 _ < <(summary "$out/translate-getinfo.txt")

# APY as `make run` starts it, then the paths.
apy=$(AMORA_APY_PORT=$apy_port tools/apy.sh start "$work")
[ -n "$apy" ] || { echo "translate bench: APY did not start" >&2; cat "$work/apy.log" >&2; exit 1; }
AMORA_BENCH_APY_URL=$apy \
  AMORA_BENCH_APY_CONCURRENCY=${BENCH_TRANSLATE_CONCURRENCY:-64} \
  AMORA_BENCH_APY_RATE=${BENCH_TRANSLATE_RATE:-20} \
  AMORA_BENCH_APY_SECONDS=${BENCH_TRANSLATE_SECONDS:-10} \
  "$work/translate_rate" >"$out/translate-paths.txt"
echo "load after: $(loadavg)" >>"$out/translate-machine.txt"

{
  echo "getInfo (yardstick, wrk 2 threads, 32 connections, $yardstick): **$rps requests/s**, p50 $p50, p99 $p99."
  echo
  echo '| path (en->es, 200 characters a message) | messages | rate | messages/s | p50 | p99 | max | to the process path |'
  echo '|---|---|---|---|---|---|---|---|'
  cat "$out/translate-paths.txt"
  echo
  cat "$out/translate-machine.txt"
} >"$out/translate.md"
cat "$out/translate.md"
