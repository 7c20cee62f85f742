#!/usr/bin/env bash
# Writes, on a machine with Go, the TMA forms of the b.T kernels that
# test/gpu/triton_bt.sh runs from PTX (sp-run compiles .mlir without TMA):
# examples/tma/matmul_bt_f16_bp.mlir dense, with A 2:4 and with the weight
# Bt 2:4 (wgmma.sp on the transposed product), each through
# sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" at PTX 8.7
# (tensor maps made on the device: the driver reads the global stride in
# bytes), as OUT/<name>.sm_90a.ptx with OUT/<name>.spec.json.
# Usage: test/gpu/gen_bt.sh OUT
set -euo pipefail
out=${1:?usage: test/gpu/gen_bt.sh OUT}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
spopt="$out/.sp-opt"
(cd "$root" && go build -o "$spopt" ./cmd/sp-opt)
src=$root/examples/tma/matmul_bt_f16_bp.mlir
# name | annotate-sparse args ("" for none) | spec
while IFS='|' read -r name args spec; do
  [ -n "$name" ] || continue
  in=$src
  if [ -n "$args" ]; then
    "$spopt" "$src" --annotate-sparse="args=$args" -o "$out/$name.mlir"
    in=$out/$name.mlir
  fi
  "$spopt" "$in" --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" --emit=ptx --ptx-version=8.7 \
    -o "$out/$name.sm_90a.ptx" 2>/dev/null
  cp "$root/examples/tma/$spec" "$out/$name.spec.json"
done <<'LIST'
bt_bp_dense_tma||matmul_bt_f16_bp.json
bt_bp_sparse_a_tma|0|matmul_bt_f16_bp_sparse_a.json
bt_bp_sparse_w_tma|1|matmul_bt_f16_bp_sparse_w.json
LIST
rm -f "$spopt"
ls "$out"
