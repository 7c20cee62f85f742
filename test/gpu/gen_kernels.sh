#!/usr/bin/env bash
# Writes the PTX kernels and manifests that run_ptx.py runs, on a machine
# with Go (the GPU machine needs none): lower/ptx's hand-written TTGIR test
# kernels, plus the examples compiled end to end by
# sp-opt --sp-pipeline --emit=ptx (manifest as a comment block).
# Usage: test/gpu/gen_kernels.sh   (from anywhere in the repository)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/test/gpu/kernels"
mkdir -p "$out"
cd "$root"
go test ./lower/ptx -run TestWriteKernels -count=1 -ptx.out="$out"
go build -o "$out/.sp-opt" ./cmd/sp-opt
# target=cuda:90 selects the wgmma (MMA v3) path, which lower/ptx does not
# lower yet: the sm_90 files hold the mma.sp path (cuda:80), which runs on
# Hopper too.
for sm in 80 90; do
  "$out/.sp-opt" examples/matmul.ttir.mlir --sp-pipeline="target=cuda:80" --emit=ptx -o "$out/pipeline_matmul.sm_$sm.ptx" 2>/dev/null
  "$out/.sp-opt" examples/sparse_matmul.mlir --sp-pipeline="target=cuda:80" --emit=ptx -o "$out/pipeline_sparse_matmul.sm_$sm.ptx" 2>/dev/null
done
rm -f "$out/.sp-opt"
ls "$out" | wc -l
