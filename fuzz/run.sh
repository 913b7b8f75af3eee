#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 20: the smoke run of `make test`; `make fuzz`
# gives each 300). New inputs go to a scratch folder, so the committed corpus only changes by
# hand; a crash leaves its input in fuzz/artifacts/TARGET/ and fails the run.
# FUZZ_BUILD=dev builds the targets without optimisation (the smoke run: a few minutes less to
# build on two cores, for a run of seconds where coverage matters more than inputs per second);
# the default is cargo fuzz's optimised build.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-20}"
target_dir="${CARGO_TARGET_DIR:-$PWD/target}/fuzz"
case "${FUZZ_BUILD:-release}" in
  release) profile=(--release) ;;
  dev) profile=(--dev) ;;
  *) echo "fuzz: FUZZ_BUILD is release or dev" >&2; exit 2 ;;
esac
targets=(picture body im_frame audio)

cargo fuzz build "${profile[@]}" --sanitizer none --target-dir "$target_dir"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for target in "${targets[@]}"; do
  mkdir -p "$scratch/$target" "artifacts/$target"
  log="$scratch/$target.log"
  if ! cargo fuzz run "${profile[@]}" --sanitizer none --target-dir "$target_dir" "$target" "$scratch/$target" "corpus/$target" -- \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="artifacts/$target/" >"$log" 2>&1; then
    tail -n 60 "$log"
    echo "fuzz: $target failed; its input is in fuzz/artifacts/$target/" >&2
    exit 1
  fi
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
  cover="$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)"
  echo "fuzz: $target: ${runs:-?} inputs in ${seconds}s, $cover, no crash"
done
