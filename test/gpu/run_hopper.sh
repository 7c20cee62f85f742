#!/usr/bin/env bash
# Checks the Hopper path's kernels (<stem>.sm_90a.ptx in test/gpu/kernels)
# on an sm_90 GPU: run_matmul.py at full size, its --quick shapes under
# compute-sanitizer memcheck, racecheck and synccheck, and each kernel's
# SASS and resources with the machine's ptxas and cuobjdump (sparse kernels
# must show HGMMA.SP.64xNx32, dense ones HGMMA.64xNx16; no spills, no
# injected warpgroup.arrive (C7519), no serialized wgmma).
# Usage: test/gpu/run_hopper.sh [ARCH]   (ARCH default sm_90a; exit 1 on any failure)
# ARCH=sm_90 runs the same checks on the mma.sp path's kernels (the SASS
# check then wants HMMA.SP.16832 / HMMA.16816).
set -u
here=$(cd "$(dirname "$0")" && pwd)
arch=${1:-sm_90a}
export PATH=$PATH:/usr/local/cuda/bin
fail=0
kernels=$(python3 "$here/run_matmul.py" --arch "$arch" --list 2>/dev/null | awk '{print $1}' | grep -v '^note:' || true)
if [ -z "$kernels" ]; then
  echo "== Hopper path ($arch): no kernel with a launch spec in $here/kernels: NOT TESTED"
  exit 1
fi

echo "== Hopper path ($arch): run_matmul.py"
python3 "$here/run_matmul.py" --arch "$arch" || fail=1

if command -v compute-sanitizer >/dev/null; then
  for tool in memcheck racecheck synccheck; do
    echo "== compute-sanitizer --tool $tool run_matmul.py --quick ($arch)"
    log=$(mktemp)
    compute-sanitizer --tool "$tool" --error-exitcode 3 python3 "$here/run_matmul.py" --arch "$arch" --quick >"$log" 2>&1
    rc=$?
    grep -E "^(PASS|FAIL|SKIP)|passed,|ERROR SUMMARY|RACECHECK SUMMARY|Error|Hazard|Barrier" "$log" | head -60
    if [ $rc -ne 0 ]; then echo "compute-sanitizer $tool: exit $rc"; fail=1; fi
    rm -f "$log"
  done
else
  echo "compute-sanitizer not found"; fail=1
fi

if command -v ptxas >/dev/null && command -v cuobjdump >/dev/null; then
  echo "== SASS and resources ($arch, $(ptxas --version | grep -o 'release [0-9.]*'))"
  for k in $kernels; do
    ptx="$here/kernels/$k.$arch.ptx"
    cubin=$(mktemp --suffix=.cubin)
    log=$(ptxas -v -arch="$arch" -o "$cubin" "$ptx" 2>&1) || { echo "FAIL: $k: ptxas"; echo "$log"; fail=1; continue; }
    sass=$(cuobjdump -sass "$cubin")
    rm -f "$cubin"
    res=$(grep -E "Used [0-9]+ registers|spill" <<<"$log" | tr -s ' ' | paste -sd ' ')
    if grep -q 'wgmma\.mma_async\.sp\|mma\.sp' "$ptx"; then
      want='HGMMA\.SP\.64x[0-9]+x32|HMMA\.SP\.16832'; bad='HGMMA\.64x[0-9]+x16|HMMA\.16816'
    else
      want='HGMMA\.64x[0-9]+x16|HMMA\.16816'; bad='HGMMA\.SP|HMMA\.SP'
    fi
    n=$(grep -cE "$want" <<<"$sass"); nbad=$(grep -cE "$bad" <<<"$sass")
    shapes=$(grep -oE "$want" <<<"$sass" | sort | uniq -c | awk '{printf "%s x%s ", $2, $1}')
    ok=1
    [ "$n" -gt 0 ] && [ "$nbad" -eq 0 ] || ok=0
    grep -qE '[1-9][0-9]* bytes spill|[1-9][0-9]* bytes stack frame' <<<"$log" && ok=0
    grep -qE 'C7519|warpgroup\.arrive is injected|are serialized' <<<"$log" && ok=0
    if [ $ok = 1 ]; then echo "PASS: $k: $shapes; $res"; else echo "FAIL: $k: $n wanted, $nbad unwanted tensor-core instructions ($shapes); $res"; grep -E 'C75[0-9][0-9]|warning' <<<"$log"; fail=1; fi
  done
else
  echo "ptxas/cuobjdump not found: SASS check not run"; fail=1
fi
exit $fail
