#!/usr/bin/env bash
# Writes the Hopper path's kernel variants that bench/hopper_bench.py and
# test/gpu/run_matmul.py compare in one GPU run, on a machine with Go (the
# GPU machine needs none): for each variant, bench/gen_tile.py's TTIR for a
# tile, then sp-opt --sp-pipeline="target=cuda:90 ..." --emit=ptx, as
# OUT/<name>.sm_90a.ptx (manifest in the PTX) and OUT/<name>.launch.json.
# Where CUDA 12.4's ptxas and cuobjdump are found (SP_PTXAS_SM90A, else
# ~/.cache/sp/cuda-12.4/usr/bin), each is assembled for sm_90a and must
# show its HGMMA(.SP) instructions, no spills, no injected
# warpgroup.arrive and no write to the 2:4 metadata register of a wgmma
# group in flight (internal/ptxcheck/sasshazards); the script fails
# otherwise.
#
# Names: sp|dn _ f16|bf16 _ BMxBNxBK _ w<warps> _ s<stages> _ head|bc [_rs] [_g8]
# (head / bc: tritongpu-pipeline's async-wait=head / before-copies; rs: A
# from registers, wgmma-a=registers; g8: tiles in grouped order,
# gen_tile.py --group-m 8; p8: persistent, one program per SM walking the
# tiles in grouped order, gen_tile.py --persistent; p4, p16: groups of 4, 16; c2: programs of
# 2-CTA clusters splitting the M tile, B multicast, sp-pipeline num-ctas=2).
# Usage: bench/hopper_variants.sh OUT [NAME...]   (default: every variant)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/hopper_variants.sh OUT [NAME...]}
shift
mkdir -p "$out"
spopt="$out/.sp-opt"
hazards="$out/.sasshazards"
(cd "$root" && go build -o "$spopt" ./cmd/sp-opt && go build -o "$hazards" ./internal/ptxcheck/sasshazards)

# name | gen_tile.py arguments | sp-pipeline options after target=cuda:90
variants="
sp_f16_256x128x128_w8_s3_head|--bm 256 --bn 128 --bk 128|num-warps=8 num-stages=3
sp_f16_256x128x128_w8_s3_bc|--bm 256 --bn 128 --bk 128|num-warps=8 num-stages=3 async-wait=before-copies
sp_f16_256x128x128_w8_s3_bc_g8|--bm 256 --bn 128 --bk 128 --group-m 8|num-warps=8 num-stages=3 async-wait=before-copies
sp_f16_256x128x128_w8_s3_head_g8|--bm 256 --bn 128 --bk 128 --group-m 8|num-warps=8 num-stages=3
sp_f16_128x256x64_w8_s4_head|--bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4
sp_f16_128x256x64_w8_s5_bc|--bm 128 --bn 256 --bk 64|num-warps=8 num-stages=5 async-wait=before-copies
sp_f16_128x256x64_w8_s5_bc_g8|--bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=5 async-wait=before-copies
sp_f16_256x128x64_w8_s6_tma|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=6 tma=true
sp_f16_256x128x64_w8_s6_tma_g8|--bm 256 --bn 128 --bk 64 --group-m 8|num-warps=8 num-stages=6 tma=true
sp_f16_256x128x64_w8_s5_tma|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=5 tma=true
sp_bf16_256x128x64_w8_s6_tma|--bm 256 --bn 128 --bk 64 --dtype bf16|num-warps=8 num-stages=6 tma=true
sp_f16_128x256x64_w8_s5_tma|--bm 128 --bn 256 --bk 64|num-warps=8 num-stages=5 tma=true
sp_f16_128x256x64_w8_s5_tma_g8|--bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=5 tma=true
sp_f16_128x256x64_w8_s5_tma_p8|--bm 128 --bn 256 --bk 64 --persistent|num-warps=8 num-stages=5 tma=true
sp_f16_128x256x64_w8_s4_tma_p8|--bm 128 --bn 256 --bk 64 --persistent|num-warps=8 num-stages=4 tma=true
sp_f16_256x256x64_w8_s5_tma_g8_c2|--bm 256 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=5 tma=true num-ctas=2
sp_f16_256x256x64_w8_s5_tma_p8_c2|--bm 256 --bn 256 --bk 64 --persistent --ctas 2|num-warps=8 num-stages=5 tma=true num-ctas=2
sp_f16_256x256x64_w8_s5_tma_p4_c2|--bm 256 --bn 256 --bk 64 --persistent --group-m 4 --ctas 2|num-warps=8 num-stages=5 tma=true num-ctas=2
sp_bf16_256x256x64_w8_s5_tma_p8_c2|--bm 256 --bn 256 --bk 64 --dtype bf16 --persistent --ctas 2|num-warps=8 num-stages=5 tma=true num-ctas=2
dn_f16_256x256x64_w8_s4_tma_p8_c2|--dense --bm 256 --bn 256 --bk 64 --persistent --ctas 2|num-warps=8 num-stages=4 tma=true num-ctas=2
sp_f16_128x256x64_w8_s5_tma_p4|--bm 128 --bn 256 --bk 64 --persistent --group-m 4|num-warps=8 num-stages=5 tma=true
sp_f16_128x256x64_w8_s5_tma_p16|--bm 128 --bn 256 --bk 64 --persistent --group-m 16|num-warps=8 num-stages=5 tma=true
sp_f16_256x128x64_w8_s6_tma_p8|--bm 256 --bn 128 --bk 64 --persistent|num-warps=8 num-stages=6 tma=true
sp_bf16_128x256x64_w8_s5_tma_p8|--bm 128 --bn 256 --bk 64 --dtype bf16 --persistent|num-warps=8 num-stages=5 tma=true
dn_f16_128x256x64_w8_s4_tma_p8|--dense --bm 128 --bn 256 --bk 64 --persistent|num-warps=8 num-stages=4 tma=true
sp_f16_256x128x128_w8_s3_tma|--bm 256 --bn 128 --bk 128|num-warps=8 num-stages=3 tma=true
sp_f16_256x128x128_w8_s3_tma_g8|--bm 256 --bn 128 --bk 128 --group-m 8|num-warps=8 num-stages=3 tma=true
sp_bf16_128x256x64_w8_s5_tma|--bm 128 --bn 256 --bk 64 --dtype bf16|num-warps=8 num-stages=5 tma=true
sp_f16_128x128x64_w4_s6_tma|--bm 128 --bn 128 --bk 64|num-warps=4 num-stages=6 tma=true
dn_f16_128x256x64_w8_s4_tma|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4 tma=true
dn_f16_128x256x64_w8_s4_tma_g8|--dense --bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=4 tma=true
dn_f16_128x128x64_w4_s5_tma|--dense --bm 128 --bn 128 --bk 64|num-warps=4 num-stages=5 tma=true
dn_f16_256x128x64_w8_s4_tma|--dense --bm 256 --bn 128 --bk 64|num-warps=8 num-stages=4 tma=true
sp_f16_256x128x64_w8_s6_mb|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=6 async-wait=mbarrier
sp_f16_256x128x64_w8_s5_mb|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=5 async-wait=mbarrier
sp_f16_256x128x64_w8_s6_mb_g8|--bm 256 --bn 128 --bk 64 --group-m 8|num-warps=8 num-stages=6 async-wait=mbarrier
sp_f16_256x128x128_w8_s3_mb|--bm 256 --bn 128 --bk 128|num-warps=8 num-stages=3 async-wait=mbarrier
sp_f16_128x256x64_w8_s5_mb|--bm 128 --bn 256 --bk 64|num-warps=8 num-stages=5 async-wait=mbarrier
sp_bf16_256x128x64_w8_s6_mb|--bm 256 --bn 128 --bk 64 --dtype bf16|num-warps=8 num-stages=6 async-wait=mbarrier
sp_f16_128x128x64_w4_s5_mb|--bm 128 --bn 128 --bk 64|num-warps=4 num-stages=5 async-wait=mbarrier
dn_f16_128x256x64_w8_s4_mb|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4 async-wait=mbarrier
dn_f16_128x256x64_w8_s4_mb_g8|--dense --bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=4 async-wait=mbarrier
dn_f16_128x128x64_w4_s5_mb|--dense --bm 128 --bn 128 --bk 64|num-warps=4 num-stages=5 async-wait=mbarrier
dn_f16_256x128x64_w8_s4_mb|--dense --bm 256 --bn 128 --bk 64|num-warps=8 num-stages=4 async-wait=mbarrier
sp_f16_256x128x64_w8_s4_bc|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=4 async-wait=before-copies
sp_f16_256x128x64_w8_s6_bc|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=6 async-wait=before-copies
sp_f16_256x128x64_w8_s4_bc_rs|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=4 async-wait=before-copies wgmma-a=registers
sp_f16_256x128x64_w8_s6_bc_rs|--bm 256 --bn 128 --bk 64|num-warps=8 num-stages=6 async-wait=before-copies wgmma-a=registers
sp_f16_256x128x64_w8_s6_bc_rs_g8|--bm 256 --bn 128 --bk 64 --group-m 8|num-warps=8 num-stages=6 async-wait=before-copies wgmma-a=registers
sp_bf16_256x128x64_w8_s4_bc_rs|--bm 256 --bn 128 --bk 64 --dtype bf16|num-warps=8 num-stages=4 async-wait=before-copies wgmma-a=registers
sp_f16_128x128x64_w4_s4_bc_rs|--bm 128 --bn 128 --bk 64|num-warps=4 num-stages=4 async-wait=before-copies wgmma-a=registers
sp_bf16_256x128x128_w8_s3_bc|--bm 256 --bn 128 --bk 128 --dtype bf16|num-warps=8 num-stages=3 async-wait=before-copies
sp_f16_128x128x64_w4_s4_bc|--bm 128 --bn 128 --bk 64|num-warps=4 num-stages=4 async-wait=before-copies
dn_f16_128x256x64_w8_s3_head|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=3
dn_f16_128x256x64_w8_s3_head_g8|--dense --bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=3
dn_f16_128x256x64_w8_s4_head|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4
dn_f16_128x128x64_w4_s4_head|--dense --bm 128 --bn 128 --bk 64|num-warps=4 num-stages=4
dn_f16_128x128x64_w4_s4_bc|--dense --bm 128 --bn 128 --bk 64|num-warps=4 num-stages=4 async-wait=before-copies
dn_f16_128x128x64_w8_s4_head|--dense --bm 128 --bn 128 --bk 64|num-warps=8 num-stages=4
dn_f16_256x128x64_w8_s3_head|--dense --bm 256 --bn 128 --bk 64|num-warps=8 num-stages=3
dn_f16_256x128x64_w8_s4_bc|--dense --bm 256 --bn 128 --bk 64|num-warps=8 num-stages=4 async-wait=before-copies
dn_f16_128x256x64_w8_s3_bc|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=3 async-wait=before-copies
dn_f16_128x256x64_w8_s4_bc|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4 async-wait=before-copies
dn_f16_128x256x64_w8_s4_bc_g8|--dense --bm 128 --bn 256 --bk 64 --group-m 8|num-warps=8 num-stages=4 async-wait=before-copies
dn_f16_128x256x64_w8_s4_bc_rs|--dense --bm 128 --bn 256 --bk 64|num-warps=8 num-stages=4 async-wait=before-copies wgmma-a=registers
dn_bf16_128x128x64_w4_s4_bc_rs|--dense --bm 128 --bn 128 --bk 64 --dtype bf16|num-warps=4 num-stages=4 async-wait=before-copies wgmma-a=registers
dn_bf16_128x256x64_w8_s3_bc|--dense --bm 128 --bn 256 --bk 64 --dtype bf16|num-warps=8 num-stages=3 async-wait=before-copies
dn_bf16_128x128x64_w4_s4_bc|--dense --bm 128 --bn 128 --bk 64 --dtype bf16|num-warps=4 num-stages=4 async-wait=before-copies
"

# SP_PTX_VERSION (e.g. 8.7, for a GPU whose driver JIT-compiles the PTX)
# sets sp-opt --ptx-version; CUDA 12.4's ptxas then cannot check it.
tools=${SP_PTXAS_SM90A:+$(dirname "$SP_PTXAS_SM90A")}
tools=${tools:-$HOME/.cache/sp/cuda-12.4/usr/bin}
check=0
[ -x "$tools/ptxas" ] && [ -x "$tools/cuobjdump" ] && [ -z "${SP_PTX_VERSION:-}" ] && check=1
[ $check = 1 ] || echo "note: no CUDA 12.4 ptxas/cuobjdump in $tools: PTX not assembled" >&2

fail=0
while IFS='|' read -r name gen opts; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  # shellcheck disable=SC2086 # gen holds several arguments
  python3 "$root/bench/gen_tile.py" $gen -o "$out/$name.mlir"
  mv "$out/$name.json" "$out/$name.launch.json"
  "$spopt" "$out/$name.mlir" --sp-pipeline="target=cuda:90 $opts" --emit=ptx ${SP_PTX_VERSION:+--ptx-version "$SP_PTX_VERSION"} -o "$out/$name.sm_90a.ptx" 2>"$out/$name.log" ||
    { echo "FAIL: $name: sp-opt"; cat "$out/$name.log"; fail=1; continue; }
  rm -f "$out/$name.log"
  [ $check = 1 ] || { echo "$name: PTX"; continue; }
  log=$("$tools/ptxas" -v -arch=sm_90a -o "$out/.k.cubin" "$out/$name.sm_90a.ptx" 2>&1) ||
    { echo "FAIL: $name: ptxas"; echo "$log"; fail=1; continue; }
  want='HGMMA\.64x[0-9]+x16'
  grep -q 'wgmma\.mma_async\.sp' "$out/$name.sm_90a.ptx" && want='HGMMA\.SP\.64x[0-9]+x32'
  sass=$("$tools/cuobjdump" -sass "$out/.k.cubin")
  n=$(grep -cE "$want" <<<"$sass" || true)
  regs=$(grep -oE 'Used [0-9]+ registers' <<<"$log" | head -1)
  if [ "$n" -eq 0 ] || grep -qE '[1-9][0-9]* bytes spill|C7519|serialized' <<<"$log"; then
    echo "FAIL: $name: $n x $want; $log"; fail=1
  elif ! hz=$("$hazards" <<<"$sass"); then
    echo "FAIL: $name: metadata overwritten in flight: $hz"; fail=1
  else
    echo "$name: $n x $want, $regs, $(grep -o '"sharedBytes": [0-9]*' "$out/$name.sm_90a.ptx")"
  fi
done <<<"$variants"
rm -f "$spopt" "$hazards" "$out/.k.cubin"
exit $fail
