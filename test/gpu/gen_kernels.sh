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
# run_matmul.py: written as <stem>.sm_90a.ptx when sp-opt lowers it.
for ex in matmul.ttir sparse_matmul; do
  stem=pipeline_${ex%.ttir}
  if "$out/.sp-opt" "examples/$ex.mlir" --sp-pipeline="target=cuda:90" --emit=ptx -o "$out/.hopper.ptx" 2>"$out/.hopper.err" &&
    grep -q '^\.target sm_90a' "$out/.hopper.ptx"; then
    mv "$out/.hopper.ptx" "$out/$stem.sm_90a.ptx"
  else
    echo "note: examples/$ex.mlir has no sm_90a PTX yet: $(grep -m1 error "$out/.hopper.err" || echo "no .target sm_90a")" >&2
  fi
  rm -f "$out/.hopper.ptx" "$out/.hopper.err"
done
# Launch specs (sp-run's format) of the examples, for run_matmul.py; the
# other kernels' specs are in test/gpu/specs.
cp examples/sparse_matmul.json "$out/pipeline_sparse_matmul.launch.json"
rm -f "$out/.sp-opt"
ls "$out" | wc -l
