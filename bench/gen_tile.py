#!/usr/bin/env python3
"""Writes the matmul of examples/sparse_matmul_128.mlir with other tiles.

    python3 bench/gen_tile.py --bm 128 --bn 256 --bk 64 [--dense] [--dtype bf16] [--group-m 8] [--persistent] -o out.mlir

Program (x, y) computes the BM x BN tile of C at rows BM*x, columns BN*y,
with K steps of BK; A (M x K) is 2:4 sparse along K unless --dense. With
--group-m G the same grid is walked in Triton tutorial 03's grouped order
(program x + y*cdiv(M, BM) takes the tiles of G rows of tiles column by
column), so that programs running together share A and B tiles in L2. The
launch spec (grid, arguments, verification) is written next to the output
as .json, so sp-run finds it.
"""
import argparse
import json

PIDS = """    %0 = tt.get_program_id x : i32
    %1 = tt.get_program_id y : i32"""

# Grouped order (Triton tutorial 03): pid = x + y*npm; npm = cdiv(M, BM),
# npn = cdiv(N, BN); in a group of G tile rows, pid_m = first + (pid % (G*npn)) % size,
# pid_n = (pid % (G*npn)) / size, size = min(npm - first, G).
_GROUP_COUNTS = """    %gbm1 = arith.constant {bmm1} : i32
    %gbm = arith.constant {bm} : i32
    %gbn1 = arith.constant {bnm1} : i32
    %gbn = arith.constant {bn} : i32
    %gG = arith.constant {group} : i32
    %gm0 = arith.addi %arg3, %gbm1 : i32
    %gnpm = arith.divsi %gm0, %gbm : i32
    %gn0 = arith.addi %arg4, %gbn1 : i32
    %gnpn = arith.divsi %gn0, %gbn : i32
"""
_GROUP_MAP = """    %gin = arith.muli %gG, %gnpn : i32
    %ggid = arith.divsi %gpid, %gin : i32
    %gfirst = arith.muli %ggid, %gG : i32
    %gleft = arith.subi %gnpm, %gfirst : i32
    %gsize = arith.minsi %gleft, %gG : i32
    %gr = arith.remsi %gpid, %gin : i32
    %gmr = arith.remsi %gr, %gsize : i32
    %0 = arith.addi %gfirst, %gmr : i32
    %1 = arith.divsi %gr, %gsize : i32"""
GROUPED_PIDS = """    %gx = tt.get_program_id x : i32
    %gy = tt.get_program_id y : i32
""" + _GROUP_COUNTS + """    %gyx = arith.muli %gy, %gnpm : i32
    %gpid = arith.addi %gx, %gyx : i32
""" + _GROUP_MAP

# Persistent: program x walks tile ids x, x + num_programs, ... in grouped order.
PERSISTENT_PIDS = """    %px = tt.get_program_id x : i32
    %pn = tt.get_num_programs x : i32
""" + _GROUP_COUNTS + """    %gtiles = arith.muli %gnpm, %gnpn : i32
    scf.for %gpid = %px to %gtiles step %pn : i32 {{
""" + _GROUP_MAP

TEMPLATE = """// sparse_matmul_128.mlir with {desc}: BM = {bm}, BN = {bn}, BK = {bk}
// (bench/gen_tile.py).
module {{
  tt.func public @{name}(%arg0: !tt.ptr<{t}{enc}> {{tt.divisibility = 16 : i32}}, %arg1: !tt.ptr<{t}> {{tt.divisibility = 16 : i32}}, %arg2: !tt.ptr<{t}> {{tt.divisibility = 16 : i32}}, %arg3: i32 {{tt.divisibility = 16 : i32}}, %arg4: i32 {{tt.divisibility = 16 : i32}}, %arg5: i32 {{tt.divisibility = 16 : i32}}, %arg6: i32 {{tt.divisibility = 16 : i32}}, %arg7: i32 {{tt.divisibility = 16 : i32}}, %arg8: i32 {{tt.divisibility = 16 : i32}}) attributes {{noinline = false}} {{
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %ckm1 = arith.constant {bkm1} : i32
    %ck = arith.constant {bk} : i32
    %cm = arith.constant {bm} : i32
    %cn = arith.constant {bn} : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<{bm}x{bn}xf32>
{pids}
    %2 = arith.muli %0, %cm : i32
    %3 = arith.muli %1, %cn : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %c0_i32] {{order = array<i32: 1, 0>}} : <tensor<{bm}x{bk}x{t}{enc}>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%c0_i32, %3] {{order = array<i32: 1, 0>}} : <tensor<{bk}x{bn}x{t}>>
    %11 = arith.addi %arg5, %ckm1 : i32
    %12 = arith.divsi %11, %ck : i32
    %13:3 = scf.for %arg9 = %c0_i32 to %12 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<{bm}x{bn}xf32>, !tt.ptr<tensor<{bm}x{bk}x{t}{enc}>>, !tt.ptr<tensor<{bk}x{bn}x{t}>>)  : i32 {{
      %18 = tt.load %arg11 {{boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}} : !tt.ptr<tensor<{bm}x{bk}x{t}{enc}>>
      %19 = tt.load %arg12 {{boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}} : !tt.ptr<tensor<{bk}x{bn}x{t}>>
      %20 = tt.dot %18, %19, %arg10 : tensor<{bm}x{bk}x{t}{enc}> * tensor<{bk}x{bn}x{t}> -> tensor<{bm}x{bn}xf32>
      %21 = tt.advance %arg11, [%c0_i32, %ck] : <tensor<{bm}x{bk}x{t}{enc}>>
      %22 = tt.advance %arg12, [%ck, %c0_i32] : <tensor<{bk}x{bn}x{t}>>
      scf.yield %20, %21, %22 : tensor<{bm}x{bn}xf32>, !tt.ptr<tensor<{bm}x{bk}x{t}{enc}>>, !tt.ptr<tensor<{bk}x{bn}x{t}>>
    }}
    %14 = arith.truncf %13#0 : tensor<{bm}x{bn}xf32> to tensor<{bm}x{bn}x{t}>
    %15 = arith.extsi %arg8 : i32 to i64
    %16 = tt.make_tensor_ptr %arg2, [%4, %8], [%15, %c1_i64], [%2, %3] {{order = array<i32: 1, 0>}} : <tensor<{bm}x{bn}x{t}>>
    tt.store %16, %14 {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<{bm}x{bn}x{t}>>
    tt.return
  }}
}}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bm", type=int, default=128)
    ap.add_argument("--bn", type=int, default=128)
    ap.add_argument("--bk", type=int, default=64)
    ap.add_argument("--dtype", default="f16", choices=["f16", "bf16"])
    ap.add_argument("--dense", action="store_true")
    ap.add_argument("--group-m", type=int, default=0, help="walk the tiles in grouped order, G tile rows per group (0: row order)")
    ap.add_argument("--persistent", action="store_true",
                    help="one program per SM looping over the tiles (grouped order, G = --group-m or 8)")
    ap.add_argument("--ctas", type=int, default=1,
                    help="CTAs per program (sp-pipeline num-ctas): a persistent launch runs SMS / CTAS programs")
    ap.add_argument("-o", required=True)
    a = ap.parse_args()
    name = "matmul" if a.dense else "sparse_matmul"
    enc = "" if a.dense else ', #tt.sparse<"NV24">'
    desc = ("dense A" if a.dense else "2:4 sparse A") + f", {a.dtype}"
    with open(a.o, "w") as f:
        pids = PIDS
        text = TEMPLATE
        if a.persistent:
            group = a.group_m or 8
            pids = PERSISTENT_PIDS.format(bm=a.bm, bmm1=a.bm - 1, bn=a.bn, bnm1=a.bn - 1, group=group)
            desc += f", persistent, grouped order (G = {group})"
            text = TEMPLATE.replace("    tt.return\n", "    }}\n    tt.return\n")
        elif a.group_m > 0:
            pids = GROUPED_PIDS.format(bm=a.bm, bmm1=a.bm - 1, bn=a.bn, bnm1=a.bn - 1, group=a.group_m)
            desc += f", grouped order (G = {a.group_m})"
        f.write(text.format(name=name, t=a.dtype, enc=enc, bm=a.bm, bn=a.bn, bk=a.bk, bkm1=a.bk - 1, desc=desc,
                                pids=pids))
    spec = {
        "kernel": name,
        "vars": {"M": 256, "N": 256, "K": 256, "BM": a.bm, "BN": a.bn, "BK": a.bk},
        "grid": ["cdiv(M, BM)", "cdiv(N, BN)"],
        "seed": 1,
        "args": [
            {"name": "A", "shape": ["M", "K"], "dtype": a.dtype},
            {"name": "B", "shape": ["K", "N"], "dtype": a.dtype},
            {"name": "C", "shape": ["M", "N"], "dtype": a.dtype, "output": True},
            {"name": "M", "value": "M"},
            {"name": "N", "value": "N"},
            {"name": "K", "value": "K"},
            {"name": "stride_am", "value": "K"},
            {"name": "stride_bk", "value": "N"},
            {"name": "stride_cm", "value": "N"},
        ],
        "verify": "C = A @ B",
    }
    if a.persistent:
        spec["vars"]["SMS"] = 132
        spec["grid"] = ["min(SMS, cdiv(M, BM) * cdiv(N, BN))"]
        if a.ctas > 1:
            spec["vars"]["CTAS"] = a.ctas
            spec["grid"] = ["min(SMS / CTAS, cdiv(M, BM) * cdiv(N, BN))"]
    if not a.dense:
        spec["prune"] = True
        spec["args"][0]["sparse"] = "A"
    with open(a.o.rsplit(".", 1)[0] + ".json", "w") as f:
        json.dump(spec, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
