#!/usr/bin/env bash
# Apertium's HTTP server (APY, Debian's `apertium-apy`) beside `make run`: it keeps the installed
# language pairs loaded, where the server would otherwise start one `apertium` process a message.
#
#   tools/apy.sh start DIR   starts APY in the background on 127.0.0.1:$AMORA_APY_PORT (2737) and
#                            prints its URL (pid in DIR/apy.pid, log in DIR/apy.log); prints
#                            nothing, and starts nothing, when the package is not installed or the
#                            port is taken by something else
#   tools/apy.sh stop DIR    stops the APY that `start` left in DIR
#
# APY listens on every interface of the machine (it has no option to bind one address): on a
# machine reachable from outside, keep its port closed at the firewall.
set -euo pipefail
cmd=${1:-}
dir=${2:-data}
port=${AMORA_APY_PORT:-2737}
modes=${AMORA_APY_MODES:-/usr/share/apertium/modes}
url="http://127.0.0.1:$port"

running() { [ -f "$dir/apy.pid" ] && kill -0 "$(cat "$dir/apy.pid")" 2>/dev/null; }
answers() { curl -sf --max-time 1 "$url/listPairs" >/dev/null 2>&1; }

case $cmd in
start)
  command -v apertium-apy >/dev/null || exit 0
  [ -d "$modes" ] || exit 0
  mkdir -p "$dir"
  if running && answers; then echo "$url"; exit 0; fi
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "tools/apy.sh: port $port is taken; translating without APY (set AMORA_APY_PORT)" >&2
    exit 0
  fi
  # Two pipelines a pair, a request each: the server sends at most two requests of a pair at
  # once (more messages go together in them), translated side by side, one a core.
  LC_ALL=C.UTF-8 nohup apertium-apy --port "$port" --max-pipes-per-pair 2 --min-pipes-per-pair 1 \
    --max-users-per-pipe 1 "$modes" >"$dir/apy.log" 2>&1 </dev/null &
  echo $! >"$dir/apy.pid"
  for _ in $(seq 100); do answers && break; sleep 0.1; done
  if answers; then
    echo "$url"
  else
    echo "tools/apy.sh: APY did not start (see $dir/apy.log); translating without it" >&2
  fi
  ;;
stop)
  if running; then kill "$(cat "$dir/apy.pid")" 2>/dev/null || true; fi
  rm -f "$dir/apy.pid"
  ;;
*)
  echo "usage: tools/apy.sh start|stop DIR" >&2
  exit 2
  ;;
esac
