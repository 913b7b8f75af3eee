# What the benchmark scripts share: reading wrk's output, the machine's and a process's CPU and
# memory, and starting and querying the server under test. Sourced by each script after it sets
# `work` (where the release build is), `port` and `base` (the server's address).

loadavg() { cut -d' ' -f1-3 /proc/loadavg; }
summary() { # wrk output -> "rps p50 p99 non2xx"
  awk '/Requests\/sec/ {rps=$2} /^ +50%/ {p50=$2} /^ +99%/ {p99=$2} /Non-2xx/ {bad=$NF} END {print rps, p50, p99, bad+0}' "$1"
}
machine_ticks() { # -> "busy total" clock ticks of the whole machine since boot
  awk '/^cpu / {t = 0; for (i = 2; i <= NF; i++) t += $i; print t - $5 - $6, t}' /proc/stat
}
cpu_ticks() { # pid -> utime + stime of the process, in clock ticks
  awk '{print $14 + $15}' "/proc/$1/stat"
}
status_kib() { # pid field -> value in KiB
  awk -v f="$2:" '$1 == f {print $2}' "/proc/$1/status"
}
wait_port_free() {
  for _ in $(seq 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || return 0
    sleep 0.1
  done
  echo "port $port is still in use" >&2; return 1
}
start_server() { # dir url -> sets guard, pid
  wait_port_free
  AMORA_ADDR=127.0.0.1:$port AMORA_DATA_DIR="$1" AMORA_DATABASE_URL="$2" \
    AMORA_RATE_LIMIT__DISABLED=true AMORA_WEB_DIR="$1/none" RUST_LOG=warn \
    timeout 1800 "$work/amora" serve >>"$1/server.log" 2>&1 &
  guard=$!
  for _ in $(seq 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.1; done
  curl -sf "$base/readyz" >/dev/null || { echo "the server did not start:" >&2; tail -20 "$1/server.log" >&2; return 1; }
  pid=$(pgrep -P "$guard" | head -1)
}
query() { # database-url sql -> the answer, unaligned
  if [[ $1 == postgres* ]]; then psql -X -At "$1" -c "$2"; else sqlite3 "${1#sqlite://}" "$2"; fi
}
get_json() { # path -> body (fails on a non-200 answer)
  curl -sf -H "Authorization: Bearer $token" "$base$1"
}
