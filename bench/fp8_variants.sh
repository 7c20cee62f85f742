#!/usr/bin/env bash
# Writes the 8-bit 2:4 kernel variants that one GPU run times and checks, on
# a machine with Go (the GPU machine needs none): for each variant,
# examples/fp8/gen.py's block-pointer TTIR for a tile, then
# sp-opt --sp-pipeline="target=cuda:SM ..." --emit=ptx, as
# OUT/<name>.<arch>.ptx (manifest in the PTX). Where CUDA 12.4's ptxas and
# cuobjdump are found (SP_PTXAS_SM90A, else ~/.cache/sp/cuda-12.4/usr/bin),
# each is assembled and must show its sparse 8-bit MMA (QGMMA.SP / IGMMA.SP
# on sm_90a, QMMA.SP / IMMA.SP on sm_89 / sm_80), no spills and no wgmma
# serialization note (C7510-C7520); the script fails otherwise.
#
# Names: e4m3|e4m3t|e5m2|i8 _ BMxBNxBK _ w<warps> _ s<stages> _ head|bc|tma _ [p<G>_] acc<N>|fast [_g8] [_sm89|_sm80]
# (acc<N>: max-num-imprecise-acc=N, the K elements an fp8 wgmma sums in the
# tensor core's precision before the partial is added in f32; acc0 is the
# default, a promotion after every wgmma; fast: never, 1073741824; g8: tiles
# in grouped order, 8 tile rows per group; tma: sp-pipeline tma=true, TMA
# copies on mbarriers; p<G>: persistent, one program per SM walking the tiles
# in groups of G, launched on min(SMS, tiles) programs; f<G>: the same as one
# flat loop over tiles and K, gen.py's kernel_flat; c2: programs of 2-CTA
# clusters splitting the 256-row tile, B multicast, sp-pipeline num-ctas=2,
# launched on SMS/2 programs). Each kernel's
# launch spec (gen.py's) is written as OUT/<name>.spec.json; e4m3t: per-tensor
# scales (two scalars) instead of per-row and per-column ones.
# Usage: [SP_PTX_VERSION=8.7] bench/fp8_variants.sh OUT [NAME...]   (default: every variant)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/fp8_variants.sh OUT [NAME...]}
shift
mkdir -p "$out"
spopt="$out/.sp-opt"
(cd "$root" && go build -o "$spopt" ./cmd/sp-opt)

# name | dtype | tile[:G|:pG] (G: grouped tile order; pG: persistent, gen.py) | target | sp-pipeline options after target=
variants="
e4m3_128x128x128_w8_s3_bc_acc0|e4m3|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies
e4m3_128x128x128_w8_s3_bc_acc128|e4m3|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=128
e4m3_128x128x128_w8_s3_bc_fast|e4m3|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=1073741824
e4m3_128x128x128_w8_s3_bc_acc128_g8|e4m3|128x128x128:8|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=128
e4m3_128x128x128_w8_s4_bc_acc128_g8|e4m3|128x128x128:8|90|num-warps=8 num-stages=4 async-wait=before-copies max-num-imprecise-acc=128
e4m3_128x128x128_w8_s3_bc_fast_g8|e4m3|128x128x128:8|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=1073741824
e4m3_128x128x128_w8_s4_bc_acc128|e4m3|128x128x128|90|num-warps=8 num-stages=4 async-wait=before-copies max-num-imprecise-acc=128
e4m3_128x128x256_w8_s3_bc_acc256|e4m3|128x128x256|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=256
e4m3_256x128x128_w8_s3_bc_acc128|e4m3|256x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=128
e4m3_256x128x128_w8_s3_bc_fast|e4m3|256x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=1073741824
e5m2_128x128x128_w8_s3_bc_acc0|e5m2|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies
e5m2_128x128x128_w8_s3_bc_acc128|e5m2|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies max-num-imprecise-acc=128
i8_128x128x128_w8_s3_bc|i8|128x128x128|90|num-warps=8 num-stages=3 async-wait=before-copies
e4m3_128x256x128_w8_s4_tma_p8_fast|e4m3|128x256x128:p8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824
e4m3_128x256x128_w8_s5_tma_p8_fast|e4m3|128x256x128:p8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3_256x128x128_w8_s4_tma_p8_fast|e4m3|256x128x128:p8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824
e4m3_256x128x128_w8_s5_tma_p8_fast|e4m3|256x128x128:p8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3_256x128x128_w8_s6_tma_p8_fast|e4m3|256x128x128:p8|90|num-warps=8 num-stages=6 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x128_w8_s5_tma_p8_fast|e4m3t|128x256x128:p8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x128_w8_s5_tma_p16_fast|e4m3t|128x256x128:p16|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x128_w8_s5_tma_p32_fast|e4m3t|128x256x128:p32|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3_128x256x128_w8_s5_tma_p4_fast|e4m3|128x256x128:p4|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3_128x256x128_w8_s5_tma_p16_fast|e4m3|128x256x128:p16|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3_128x128x128_w8_s4_tma_p8_fast|e4m3|128x128x128:p8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824
e4m3_128x128x128_w8_s4_tma_p8_acc128|e4m3|128x128x128:p8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=128
e4m3_128x128x128_w8_s4_tma_p8_acc0|e4m3|128x128x128:p8|90|num-warps=8 num-stages=4 tma=true
e5m2_128x256x128_w8_s4_tma_p8_fast|e5m2|128x256x128:p8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824
i8_128x256x128_w8_s4_tma_p8|i8|128x256x128:p8|90|num-warps=8 num-stages=4 tma=true
e4m3_128x128x128_w8_s3_sm89|e4m3|128x128x128|89|num-warps=8 num-stages=3
e5m2_128x128x128_w8_s3_sm89|e5m2|128x128x128|89|num-warps=8 num-stages=3
i8_128x128x128_w8_s3_sm80|i8|128x128x128|80|num-warps=8 num-stages=3
e4m3t_256x256x128_w8_s5_tma_p8_c2_fast|e4m3t|256x256x128:p8|90|num-warps=8 num-ctas=2 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_256x256x128_w8_s5_tma_p4_c2_fast|e4m3t|256x256x128:p4|90|num-warps=8 num-ctas=2 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_256x256x128_w8_s4_tma_p8_c2_fast|e4m3t|256x256x128:p8|90|num-warps=8 num-ctas=2 num-stages=4 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x128_w8_s5_tma_f8_fast|e4m3t|128x256x128:f8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_256x128x128_w8_s5_tma_f8_fast|e4m3t|256x128x128:f8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x128_w8_s3_tma_f8_fast|e4m3t|128x256x128:f8|90|num-warps=8 num-stages=3 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x64_w8_s6_tma_f8_fast|e4m3t|128x256x64:f8|90|num-warps=8 num-stages=6 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x64_w8_s7_tma_f8_fast|e4m3t|128x256x64:f8|90|num-warps=8 num-stages=7 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x64_w8_s7_tma_p8_fast|e4m3t|128x256x64:p8|90|num-warps=8 num-stages=7 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x256x64_w8_s10_tma_p8_fast|e4m3t|128x256x64:p8|90|num-warps=8 num-stages=10 tma=true max-num-imprecise-acc=1073741824
e4m3t_256x128x128_w8_s3_tma_f8_fast|e4m3t|256x128x128:f8|90|num-warps=8 num-stages=3 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x128x128_w8_s3_tma_f8_fast|e4m3t|128x128x128:f8|90|num-warps=8 num-stages=3 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x128x64_w8_s6_tma_f8_fast|e4m3t|128x128x64:f8|90|num-warps=8 num-stages=6 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x128x128_w8_s4_tma_f8_fast|e4m3t|128x128x128:f8|90|num-warps=8 num-stages=4 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x128x128_w8_s5_tma_f8_fast|e4m3t|128x128x128:f8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
e4m3t_128x128x128_w8_s6_tma_f8_fast|e4m3t|128x128x128:f8|90|num-warps=8 num-stages=6 tma=true max-num-imprecise-acc=1073741824
e4m3_128x128x128_w8_s5_tma_f8_fast|e4m3|128x128x128:f8|90|num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824
i8_128x128x128_w8_s5_tma_f8|i8|128x128x128:f8|90|num-warps=8 num-stages=5 tma=true
"

tools=${SP_PTXAS_SM90A:+$(dirname "$SP_PTXAS_SM90A")}
tools=${tools:-$HOME/.cache/sp/cuda-12.4/usr/bin}
check=0
[ -x "$tools/ptxas" ] && [ -x "$tools/cuobjdump" ] && check=1
[ $check = 1 ] || echo "note: no CUDA 12.4 ptxas/cuobjdump in $tools: PTX not assembled" >&2

fail=0
while IFS='|' read -r name dt tile sm opts; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  arch=sm_$sm
  [ "$sm" = 90 ] && arch=sm_90a
  scales=()
  case $dt in *t) dt=${dt%t}; scales=(tensor) ;; esac # e4m3t: per-tensor scales
  python3 "$root/examples/fp8/gen.py" "$dt" "${tile%%:*}" "$out/$name.mlir" "$([ "${tile#*:}" != "$tile" ] && echo "${tile#*:}")" "${scales[@]}"
  "$spopt" "$out/$name.mlir" --sp-pipeline="target=cuda:$sm $opts" --emit=ptx -o "$out/$name.$arch.ptx" 2>"$out/$name.log" ||
    { echo "FAIL: $name: sp-opt"; cat "$out/$name.log"; fail=1; continue; }
  mv "$out/$name.json" "$out/$name.spec.json"
  rm -f "$out/$name.log"
  # SP_PTX_VERSION: the PTX written is of that version (8.7 for a driver
  # whose JIT reads tensormap.replace's global stride in bytes); the one
  # assembled here is the default version's, which CUDA 12.4's ptxas takes.
  if [ -n "${SP_PTX_VERSION:-}" ]; then
    "$spopt" "$out/$name.mlir" --sp-pipeline="target=cuda:$sm $opts" --emit=ptx --ptx-version "$SP_PTX_VERSION" \
      -o "$out/$name.$arch.ptx.v" 2>/dev/null || { echo "FAIL: $name: sp-opt --ptx-version $SP_PTX_VERSION"; fail=1; continue; }
  fi
  rm -f "$out/$name.mlir"
  finish() { [ ! -f "$out/$name.$arch.ptx.v" ] || mv "$out/$name.$arch.ptx.v" "$out/$name.$arch.ptx"; }
  [ $check = 1 ] || { finish; echo "$name: PTX"; continue; }
  log=$("$tools/ptxas" -v -arch=$arch -o "$out/.k.cubin" "$out/$name.$arch.ptx" 2>&1) ||
    { echo "FAIL: $name: ptxas"; echo "$log"; fail=1; continue; }
  case $dt-$sm in
    i8-90) want='IGMMA\.SP\.64x' ;;
    *-90) want='QGMMA\.SP\.64x' ;;
    i8-*) want='IMMA\.SP\.16864' ;;
    *) want='QMMA\.SP\.16864' ;;
  esac
  n=$("$tools/cuobjdump" -sass "$out/.k.cubin" | grep -cE "$want" || true)
  regs=$(grep -oE 'Used [0-9]+ registers' <<<"$log" | head -1)
  if [ "$n" -eq 0 ] || grep -qE '[1-9][0-9]* bytes spill|C75(0[0-9]|1[0-9]|20)' <<<"$log"; then
    echo "FAIL: $name: $n x $want; $log"; fail=1
  else
    echo "$name: $n x $want, $regs, $(grep -o '"sharedBytes": [0-9]*' "$out/$name.$arch.ptx")"
  fi
  finish
done <<<"$variants"
rm -f "$spopt" "$out/.k.cubin"
exit $fail
