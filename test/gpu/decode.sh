#!/usr/bin/env bash
# GPU checks of the decode kernels (examples/decode) through sp-run built
# with -tags cuda: each variant at ragged sizes (M not a multiple of the
# tile, N not a multiple of BLOCK_N, K not a multiple of BLOCK_K) with a
# full float64 check at 4 and 6 stages (split-K variants with 2, 5 and 9
# splits of the 5 to 9 K steps), and four variants under compute-sanitizer
# memcheck and racecheck. The kernels compile for the sm_80 path (mma.sp).
# Usage: test/gpu/decode.sh SP_RUN [EXAMPLES_DIR]   (exit status 1 on any failure)
set -u
sp=${1:?usage: decode.sh SP_RUN [EXAMPLES_DIR]}
dir=${2:-$(cd "$(dirname "$0")/../.." && pwd)/examples/decode}
export PATH=$PATH:/usr/local/cuda/bin
fail=0
run() { # kernel stages args...
  local k=$1 st=$2; shift 2
  if out=$("$sp" "$dir/$k.mlir" --backend cuda --sm 80 --num-stages "$st" "$@" 2>&1); then
    echo "PASS $k s$st $* :: $(echo "$out" | grep '^verify' | head -1)"
  elif echo "$out" | grep -q "bytes of dynamic shared memory; .* allows at most"; then
    # A configuration the device cannot hold (tiles x stages over the
    # shared-memory limit): the driver refuses it before it runs.
    echo "TOO-BIG $k s$st :: $(echo "$out" | grep -o 'needs [0-9]* bytes.*')"
  else
    echo "FAIL $k s$st $* :: $(echo "$out" | grep -E 'error|verify|MISMATCH' | head -3 | tr '\n' ' ')"
    return 1
  fi
}
for f in "$dir"/*.mlir; do
  k=$(basename "$f" .mlir)
  for st in 4 6; do
    case $k in
      *_splitk*) # split counts below, at and above the number of K steps
        for sk in 2 5 9; do run "$k" "$st" --set M=1008 --set N=48 --set K=1040 --check full --set SPLIT_K=$sk || fail=1; done ;;
      *) run "$k" "$st" --set M=1008 --set N=48 --set K=1040 --check full || fail=1 ;;
    esac
  done
done
if command -v compute-sanitizer >/dev/null; then
  for k in sparse_matmul_64x16x256_ef sparse_matmul_128x32x128 sparse_matmul_64x16x128_splitk_ef sparse_matmul_128x32x128_splitk_ef; do
    [ -f "$dir/$k.mlir" ] || continue
    extra=()
    case $k in *_splitk) extra=(--set SPLIT_K=3) ;; esac
    for tool in memcheck racecheck; do
      log=$(compute-sanitizer --tool $tool --error-exitcode 3 "$sp" "$dir/$k.mlir" --backend cuda --sm 80 --num-stages 6 \
        --set M=1008 --set N=48 --set K=1040 --check full "${extra[@]}" 2>&1)
      rc=$?
      echo "compute-sanitizer $tool $k: exit $rc; $(echo "$log" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|error' | head -2 | tr '\n' ' ')"
      [ $rc -eq 0 ] || fail=1
    done
  done
else
  echo "compute-sanitizer not found"; fail=1
fi
exit $fail
