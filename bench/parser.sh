#!/usr/bin/env bash
# parser.sh: times sp-opt beside mlir-opt-14 on the same generated
# 200,000-op generic-form module (parse, verify, print to /dev/null).
#   RUNS=5 N=200000 bash bench/parser.sh
# Prints one line per tool with the median and the spread of RUNS runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
n=${N:-200000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sp-opt" ./cmd/sp-opt
go run ./bench/gen-module -n "$n" > "$tmp/m.mlir"
echo "module: $n ops, $(wc -c < "$tmp/m.mlir") bytes; $(nproc) cores; $runs runs each"

time_runs() { # name, command...
  local name=$1; shift
  "$@" > /dev/null # warm-up (page cache)
  local ts=()
  for _ in $(seq "$runs"); do
    local s e
    s=$(date +%s%N); "$@" > /dev/null; e=$(date +%s%N)
    ts+=($(( (e - s) / 1000000 )))
  done
  printf '%s\n' "${ts[@]}" | sort -n | awk -v name="$name" '{a[NR]=$1} END {printf "%-12s median %6d ms   min %6d ms   max %6d ms\n", name, a[int((NR+1)/2)], a[1], a[NR]}'
}

time_runs sp-opt "$tmp/sp-opt" --allow-unregistered-dialect "$tmp/m.mlir" -o /dev/null
if command -v mlir-opt-14 >/dev/null; then
  time_runs mlir-opt-14 mlir-opt-14 --allow-unregistered-dialect "$tmp/m.mlir" -o /dev/null
else
  echo "mlir-opt-14 not found (bash scripts/install-deps.sh installs it)"
fi
