#!/usr/bin/env bash
# pipeline.sh: times the default sparse pipeline end to end (parse, every
# pass of sp-pipeline, print) on the example kernels with sp-opt.
#   RUNS=20 bash bench/pipeline.sh
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-20}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/sp-opt" ./cmd/sp-opt
pipe='--sp-pipeline=target=cuda:80 num-warps=4 num-stages=3'
for f in examples/sparse_dot.mlir examples/sparse_matmul.mlir examples/matmul.ttir.mlir; do
  "$tmp/sp-opt" "$f" "$pipe" -o /dev/null 2>/dev/null # warm-up
  ts=()
  for _ in $(seq "$runs"); do
    s=$(date +%s%N); "$tmp/sp-opt" "$f" "$pipe" -o /dev/null 2>/dev/null; e=$(date +%s%N)
    ts+=($(( (e - s) / 1000 )))
  done
  printf '%s\n' "${ts[@]}" | sort -n | awk -v f="$f" '{a[NR]=$1} END {printf "%-32s median %7.2f ms   min %7.2f ms   max %7.2f ms\n", f, a[int((NR+1)/2)]/1000, a[1]/1000, a[NR]/1000}'
done
echo "per-pass breakdown of examples/sparse_matmul.mlir (-mlir-timing):"
"$tmp/sp-opt" examples/sparse_matmul.mlir "$pipe" -o /dev/null -mlir-timing 2>&1 | grep -v remark | sed -n '/Wall Time/,$p'
