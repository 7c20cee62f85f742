#!/usr/bin/env bash
# Runs every GPU check of lower/ptx on a CUDA machine (Python 3 + PyTorch +
# the CUDA driver; compute-sanitizer, ptxas and cuobjdump from the toolkit
# when present). The kernels come from a machine with Go:
#   go test ./lower/ptx -run TestWriteKernels -ptx.out=$PWD/test/gpu/kernels
# Usage: test/gpu/run_all.sh   (exit status 1 on any failure)
set -u
here=$(cd "$(dirname "$0")" && pwd)
fail=0
export PATH=$PATH:/usr/local/cuda/bin
arch=$(python3 -c 'import torch; print("sm_90" if torch.cuda.get_device_capability()[0] >= 9 else "sm_80")')

echo "== correctness ($arch)"
python3 "$here/run_ptx.py" --arch "$arch" || fail=1

if command -v compute-sanitizer >/dev/null; then
  for tool in memcheck racecheck; do
    echo "== compute-sanitizer --tool $tool"
    log=$(mktemp)
    compute-sanitizer --tool "$tool" --error-exitcode 3 python3 "$here/run_ptx.py" --arch "$arch" --quick >"$log" 2>&1
    rc=$?
    grep -E "PASS|FAIL|ERROR SUMMARY|RACECHECK SUMMARY|Error|Hazard" "$log" | head -40
    if [ $rc -ne 0 ]; then echo "compute-sanitizer $tool: exit $rc"; fail=1; fi
    rm -f "$log"
  done
else
  echo "compute-sanitizer not found: skipped"; fail=1
fi

if command -v ptxas >/dev/null && command -v cuobjdump >/dev/null; then
  echo "== SASS of the sparse kernels"
  for k in sparse_matmul_f16 sparse_matmul_bf16; do
    # (CUDA >= 12.5 ptxas advises ::ordered_metadata for every mma.sp: PTX ISA 8.5, see lower/ptx Options)
    ptxas -arch="$arch" -o "/tmp/$k.cubin" "$here/kernels/$k.$arch.ptx" 2>"/tmp/$k.ptxas.log" || { grep -v Advisory "/tmp/$k.ptxas.log"; fail=1; continue; }
    n=$(cuobjdump -sass "/tmp/$k.cubin" | grep -c "HMMA.SP.16832")
    echo "$k: $n HMMA.SP.16832"
    [ "$n" -gt 0 ] || fail=1
  done
else
  echo "ptxas/cuobjdump not found: SASS check skipped (lower/ptx TestSparseSASS covers it with CUDA 11.8)"
fi

# The Hopper path: sm_90a wgmma kernels (gen_kernels.sh writes
# <stem>.sm_90a.ptx once sp-opt lowers target=cuda:90), run by run_matmul.py.
if [ "$arch" = sm_90 ]; then
  if ls "$here"/kernels/*.sm_90a.ptx >/dev/null 2>&1; then
    bash "$here/run_hopper.sh" sm_90a || fail=1
  else
    echo "== Hopper path: NOT TESTED: no sm_90a kernels in $here/kernels (gen_kernels.sh writes them once sp-opt lowers target=cuda:90)"
  fi
fi
exit $fail
