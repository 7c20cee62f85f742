#!/usr/bin/env bash
# GPU checks of Triton's b.T matmul form (b_desc.load([n, k]).T fed to
# tl.dot, folded by triton-rewrite-tensor-pointer into a column-major
# descriptor of B) through sp-run built with -tags cuda: the 16-bit kernel
# (examples/tma/matmul_bt_f16.ttir) dense and with A marked 2:4, its
# block-pointer form transposing a register tile (matmul_bt_f16_bp.mlir;
# also with the transposed tile 2:4, a weight read as w.T),
# and the
# fp8 kernel (examples/fp8/triton_tma_e4m3.ttir, A 2:4), each on the wgmma
# path (sm 90: TMA, B K-major) and on the mma path (sm 80 for f16, sm 89
# for fp8: column-major block pointers, cp.async), at ragged sizes with a
# full float64 check and at 4096³ with a sampled one; then the ragged cases
# under compute-sanitizer memcheck and racecheck.
# Cases with sp-pipeline options run them through --pipeline-options (TMA).
# Usage: test/gpu/triton_bt.sh SP_RUN   (exit status 1 on any failure)
set -u
sp=${1:?usage: triton_bt.sh SP_RUN}
root=$(cd "$(dirname "$0")/../.." && pwd)
export PATH=$PATH:/usr/local/cuda/bin
fail=0
# name | kernel | spec | sm | num-warps | num-stages | sp-pipeline options
cases="
f16_dense_sm90|examples/tma/matmul_bt_f16.ttir|examples/tma/matmul_bt_f16.launch.json|90|8|3
f16_sparse_sm90|examples/tma/matmul_bt_f16.ttir|examples/tma/matmul_bt_f16_sparse_a.launch.json|90|8|3
f16_dense_sm80|examples/tma/matmul_bt_f16.ttir|examples/tma/matmul_bt_f16.launch.json|80|8|3
f16_sparse_sm80|examples/tma/matmul_bt_f16.ttir|examples/tma/matmul_bt_f16_sparse_a.launch.json|80|8|3
f16bp_dense_sm90|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp.json|90|8|3
f16bp_sparse_sm90|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_a.json|90|8|3
f16bp_dense_sm80|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp.json|80|8|3
f16bp_sparse_sm80|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_a.json|80|8|3
f16bp_sparsew_sm80|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_w.json|80|8|3
f16bp_sparsew_sm90|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_w.json|90|8|3
f16bp_dense_sm90_tma|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp.json|90|8|4|tma=true
f16bp_sparse_sm90_tma|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_a.json|90|8|4|tma=true
f16bp_sparsew_sm90_tma|examples/tma/matmul_bt_f16_bp.mlir|examples/tma/matmul_bt_f16_bp_sparse_w.json|90|8|4|tma=true
decode_sparsew_sm90_tma|examples/tma/linear_decode_bt_f16.mlir|examples/tma/linear_decode_bt_f16.json|90|4|4|tma=true
decode_sparsew_sm80|examples/tma/linear_decode_bt_f16.mlir|examples/tma/linear_decode_bt_f16.json|80|4|3
e4m3_linear_sparsew_sm90|examples/fp8/linear_bt_e4m3.mlir|examples/fp8/linear_bt_e4m3.json|90|8|3
e4m3_sparse_sm90|examples/fp8/triton_tma_e4m3.ttir|examples/fp8/triton_tma_e4m3.launch.json|90|8|4
e4m3_sparse_sm89|examples/fp8/triton_tma_e4m3.ttir|examples/fp8/triton_tma_e4m3.launch.json|89|8|3
"
sizes=("272 400 416 full" "528 272 96 full" "1040 528 1120 full" "4096 4096 4096 sampled")
run() { # name kernel spec sm warps stages pipeline-options M N K check [wrapper...]
  local name=$1 k=$2 spec=$3 sm=$4 w=$5 st=$6 po=$7 m=$8 n=$9 kk=${10} chk=${11}
  shift 11
  if out=$("$@" "$sp" "$root/$k" --spec "$root/$spec" --backend cuda --sm "$sm" --num-warps "$w" --num-stages "$st" \
      --pipeline-options "$po" --set M="$m" --set N="$n" --set K="$kk" --check "$chk" 2>&1); then
    echo "PASS $name ${m}x${n}x${kk} ${*:+($1)} :: $(echo "$out" | grep '^verify' | head -1)"
  else
    echo "FAIL $name ${m}x${n}x${kk} ${*:+($1)} :: $(echo "$out" | grep -E 'error|verify|worst|ERROR|Hazard' | head -4 | tr '\n' ' ')"
    return 1
  fi
}
while IFS='|' read -r name k spec sm w st po; do
  [ -n "$name" ] || continue
  for s in "${sizes[@]}"; do
    read -r m n kk chk <<<"$s"
    run "$name" "$k" "$spec" "$sm" "$w" "$st" "$po" "$m" "$n" "$kk" "$chk" || fail=1
  done
  if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck; do
      run "$name" "$k" "$spec" "$sm" "$w" "$st" "$po" 272 400 416 full compute-sanitizer --tool "$tool" --error-exitcode 3 || fail=1
    done
  else
    echo "compute-sanitizer not found"; fail=1
  fi
done <<<"$cases"
exit $fail
