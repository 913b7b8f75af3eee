#!/usr/bin/env bash
# The API contract: schemathesis over the server's own OpenAPI document, every check on, against
# the debug server on a fresh database (SQLite, or PostgreSQL with CONTRACT_DATABASE=postgres), as
# a logged-in person who is a member and on staff
# (so the operator's endpoints and the members' lists answer as well as refuse).
#
#   [CONTRACT_DATABASE=postgres] contract/run.sh SECONDS
#                             runs for about SECONDS (schemathesis' --max-time), or, when
#                             CONTRACT_EXAMPLES is set, for that many cases per operation
#                             whatever the time (the same requests on a slow machine as on a fast
#                             one), with the seed CONTRACT_SEED when it is set (a new one
#                             otherwise); exits non-zero on any failure: a
#                             server error, a status code, header, content type or body the
#                             document does not describe, a request the document allows that the
#                             server refuses, one it forbids that the server accepts, an
#                             operation that answers without the session it requires
#
# contract/schemathesis.toml lists the few rules the document cannot state (a wrong password, a
# picture that does not decode, ...) and the operations they apply to. schemathesis comes from
# contract/requirements.txt, in a virtual environment under the build folder ($CONTRACT_VENV,
# default $CARGO_TARGET_DIR/schemathesis). Rate limits are off for the run (each limit has its
# own story in server/tests); `POST /logout` is left out, as it would end the session the run
# works with (its stories are in server/tests/stories/sessions.rs).
# On PostgreSQL the run gets a database of its own on the server $AMORA_TEST_POSTGRES_URL names
# (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
# Reports: $CONTRACT_REPORTS (default $CARGO_TARGET_DIR/contract): junit.xml, and a pytest file
# reproducing each failure.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-120}
: "${CARGO_TARGET_DIR:=target}"
bin=${AMORA_BIN:-$CARGO_TARGET_DIR/debug/amora}
venv=${CONTRACT_VENV:-$CARGO_TARGET_DIR/schemathesis}
reports=${CONTRACT_REPORTS:-$CARGO_TARGET_DIR/contract}
[ -x "$bin" ] || { echo "contract: no server at $bin (cargo build -p amora-server)" >&2; exit 1; }

if ! "$venv/bin/python" -c 'import schemathesis' 2>/dev/null ||
  ! cmp -s contract/requirements.txt "$venv/requirements.txt"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check -r contract/requirements.txt
  cp contract/requirements.txt "$venv/requirements.txt"
fi

dir=$(mktemp -d /tmp/amora-contract.XXXXXX)
guard=
server_url=${AMORA_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
database=
cleanup() {
  if [ -n "$guard" ]; then kill "$guard" 2>/dev/null || true; wait "$guard" 2>/dev/null || true; fi
  [ -z "$database" ] || psql -q "$server_url" -c "DROP DATABASE IF EXISTS $database" >/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT

case ${CONTRACT_DATABASE:-sqlite} in
  sqlite) database_url="sqlite://$dir/amora.db" ;;
  postgres)
    database="amora_contract_$(basename "$dir" | tr -dc 'a-zA-Z0-9' | tr 'A-Z' 'a-z')"
    psql -q "$server_url" -c "CREATE DATABASE $database" >/dev/null
    database_url="${server_url%/*}/$database"
    ;;
  *) echo "contract: CONTRACT_DATABASE is sqlite or postgres" >&2; exit 2 ;;
esac

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
export AMORA_DATA_DIR="$dir" AMORA_DATABASE_URL="$database_url"
AMORA_ADDR=127.0.0.1:$port AMORA_WEB_DIR="$dir/none" AMORA_PUBLIC_URL="$base" \
  AMORA_RATE_LIMIT__DISABLED=true RUST_LOG=warn "$bin" serve >"$dir/server.log" 2>&1 &
guard=$!
for _ in $(seq 300); do curl -sf "$base/readyz" >/dev/null && break; sleep 0.1; done
curl -sf "$base/readyz" >/dev/null || { echo "contract: the server did not start" >&2; tail -20 "$dir/server.log" >&2; exit 1; }

avatar="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC"
register() { # name gender -> token
  curl -sf "$base/prod-api/register" -H 'content-type: application/json' -d "{\"userName\":\"$1\",\"email\":\"$1@example.com\",\"password\":\"secret1\",\"gender\":\"$2\",\"country\":\"Japan\",\"birthday\":\"1990-01-01\",\"language\":\"en\",\"privacyAccepted\":true,\"avatar\":\"$avatar\"}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["data"]["token"])'
}
token=$(register contract male)
register partner female >/dev/null
"$bin" user admin --email contract@example.com >/dev/null
"$bin" user grant --email contract@example.com --level vip --days 30 >/dev/null

mkdir -p "$reports"
status=0
seed=()
[ -n "${CONTRACT_SEED:-}" ] && seed=(--seed "$CONTRACT_SEED")
budget=(--max-time "$seconds")
[ -n "${CONTRACT_EXAMPLES:-}" ] && budget=(--max-examples "$CONTRACT_EXAMPLES")
"$venv/bin/schemathesis" --config-file contract/schemathesis.toml run "$base/prod-api/openapi.json" \
  --url "$base" \
  --checks all \
  --exclude-path /prod-api/logout \
  -H "Authorization: Bearer $token" \
  "${budget[@]}" "${seed[@]}" \
  --report junit,pytest --report-dir "$reports" || status=$?
if [ "$status" -ne 0 ]; then
  echo "contract: failures above (reports in $reports; the server's log follows)" >&2
  grep -E 'ERROR|panicked' "$dir/server.log" | tail -20 >&2 || true
fi
exit "$status"
