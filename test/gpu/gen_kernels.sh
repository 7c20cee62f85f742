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
# target=cuda:90 is the wgmma path (.target sm_90a).
for sm in 80 90; do
  "$out/.sp-opt" examples/matmul.ttir.mlir --sp-pipeline="target=cuda:$sm" --emit=ptx -o "$out/pipeline_matmul.sm_$sm.ptx" 2>/dev/null
  "$out/.sp-opt" examples/sparse_matmul.mlir --sp-pipeline="target=cuda:$sm" --emit=ptx -o "$out/pipeline_sparse_matmul.sm_$sm.ptx" 2>/dev/null
done
# The Hopper path (target=cuda:90 -> .target sm_90a, wgmma), for
# run_matmul.py and run_hopper.sh: each example in f16 and, with every f16
# type rewritten to bf16, in bf16, as <stem>[_bf16].sm_90a.ptx with its
# launch spec as <stem>[_bf16].launch.json, when sp-opt lowers it.
hopper() { # example stem spec
  local ex=$1 stem=$2 spec=$3 dt s src
  for dt in f16 bf16; do
    s=$stem src=examples/$ex.mlir
    if [ $dt = bf16 ]; then
      s=${stem}_bf16 src=$out/.bf16.mlir
      sed 's/f16/bf16/g' "examples/$ex.mlir" >"$src"
    fi
    if "$out/.sp-opt" "$src" --sp-pipeline="target=cuda:90" --emit=ptx -o "$out/.hopper.ptx" 2>"$out/.hopper.err" &&
      grep -q '^\.target sm_90a' "$out/.hopper.ptx"; then
      mv "$out/.hopper.ptx" "$out/$s.sm_90a.ptx"
      cp "$spec" "$out/$s.launch.json"
    else
      echo "note: examples/$ex.mlir ($dt) has no sm_90a PTX: $(grep -m1 error "$out/.hopper.err" || echo "no .target sm_90a")" >&2
    fi
    rm -f "$out/.hopper.ptx" "$out/.hopper.err" "$out/.bf16.mlir"
  done
}
hopper matmul.ttir pipeline_matmul test/gpu/specs/pipeline_matmul.json
hopper sparse_matmul pipeline_sparse_matmul examples/sparse_matmul.json
hopper sparse_matmul_128 pipeline_sparse_matmul_128 examples/sparse_matmul_128.json
# Triton 3.6's own Hopper TTGIR in its TMA form (device-made tensor maps in
# global scratch, mbarriers, TMA loads and store), lowered as Triton dumped it,
# at PTX 8.7: tensormap.replace's global_stride in bytes, as the JIT of the
# CUDA >= 12.8 drivers reads it at any PTX version (the default 8.3 gives
# 16-byte units, right for older drivers only; sp-run picks per driver).
"$out/.sp-opt" examples/triton36/matmul_tma_sm90.ttgir --emit=ptx --ptx-version=8.7 -o "$out/t36_matmul_tma.sm_90a.ptx"
cp examples/triton36/matmul_tma.launch.json "$out/t36_matmul_tma.launch.json"
# The mma.sp path's example kernels' specs; the other kernels' specs are in
# test/gpu/specs.
cp examples/sparse_matmul.json "$out/pipeline_sparse_matmul.launch.json"
rm -f "$out/.sp-opt"
ls "$out" | wc -l
