#!/usr/bin/env bash
# What bounds the 8-bit peers: ncu on the kernels of bench/fp8_bench.py
# --profile (cuBLAS's _scaled_mm forms and cuSPARSELt's searched fp8 2:4
# kernel at 8192³, each launched twice untimed) and, when a PTX and its
# spec are given, on sp's kernel through sp-run. Sections: launch
# statistics (block size, hence warpgroups per CTA; grid, hence
# persistence; registers; dynamic shared memory, hence tile x stages),
# occupancy, speed of light, memory workload (L1/shared-memory and L2
# throughput). Writes OUT/peers.ncu-rep and OUT/sp.ncu-rep and prints the
# summary of each.
# Usage: bench/fp8_ncu.sh OUT [SP_RUN PTX SPEC]
set -euo pipefail
out=${1:?usage: bench/fp8_ncu.sh OUT [SP_RUN PTX SPEC]}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
export PATH=$PATH:/usr/local/cuda/bin
sections=(--section LaunchStats --section Occupancy --section SpeedOfLight --section MemoryWorkloadAnalysis)
# Only the calls inside fp8_bench.py's NVTX ranges (one profiled call per
# provider) are captured: not the warm-up calls, and not the kernels of
# cuSPARSELt's algorithm search, which would take ncu minutes. The kernel
# filter keeps the GEMM kernels, not the prune/quantize elementwise ones.
ncu "${sections[@]}" --nvtx --nvtx-include 'regex:.+/' --kernel-name 'regex:gemm|Gemm|GEMM|sm90|cutlass|sparse|Sparse|xmma|nvjet' \
  -f -o "$out/peers" python3 "$root/bench/fp8_bench.py" --profile
ncu --import "$out/peers.ncu-rep" --page details
if [ $# -ge 4 ]; then
  sp=$2 ptx=$3 spec=$4
  ncu "${sections[@]}" --launch-count 1 -f -o "$out/sp" \
    "$sp" "$ptx" --spec "$spec" --backend cuda --set M=8192 --set N=8192 --set K=8192 --set SMS=132 --check sampled
  ncu --import "$out/sp.ncu-rep" --page details | head -120
fi
