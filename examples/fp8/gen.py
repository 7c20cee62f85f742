#!/usr/bin/env python3
"""Writes the 8-bit 2:4 matmul kernels of this directory (TTIR as Triton 3.6
prints it after make_ttir: pointer tensors, masked loads, K loop).

  C[M, N] = (A[M, K] @ Bt[N, K]^T) * scale_a[M] * scale_b[N]    (fp8: e4m3/e5m2, bf16 out)
  C[M, N] =  A[M, K] @ Bt[N, K]^T                                 (i8, i32 out, exact)

The _div16 variants mark K, stride_bn and stride_cm divisible by 16 (shapes
where K and N are), as Triton specializes them. A is row-major and marked 2:4 (the launch's "sparse": "A" annotates it); B is
given transposed (Bt row-major = B column-major, K contiguous, as
torch._scaled_mm takes it). Usage: python3 gen.py (rewrites the .ttir files);
python3 gen.py e4m3|e5m2|i8 BMxBNxBK OUT.mlir [G|pG] writes one block-pointer variant
(G > 0: tiles in grouped order; pG: persistent, one program per SM walking the
tiles in groups of G) and its launch spec, OUT.json.
"""
import json
import os
import sys

def tile_counts(a, BM, BN, G):
    """Appends the grouped order's constants and %gnpm, %gnpn: cdiv(M, BM), cdiv(N, BN)."""
    a(f"    %cBM1 = arith.constant {BM-1} : i32")
    a(f"    %cBN1 = arith.constant {BN-1} : i32")
    a(f"    %cG = arith.constant {G} : i32")
    a(f"    %gm0 = arith.addi %M, %cBM1 : i32")
    a(f"    %gnpm = arith.divsi %gm0, %cBM : i32")
    a(f"    %gn0 = arith.addi %N, %cBN1 : i32")
    a(f"    %gnpn = arith.divsi %gn0, %cBN : i32")


def group_map(a):
    """Appends %pid_m and %pid_n of tile %gpid in grouped order: in a group of
    G tile rows, pid_m = first + (pid % (G*npn)) % size, pid_n = (pid % (G*npn)) / size,
    size = min(npm - first, G)."""
    a(f"    %gin = arith.muli %cG, %gnpn : i32")
    a(f"    %ggid = arith.divsi %gpid, %gin : i32")
    a(f"    %gfirst = arith.muli %ggid, %cG : i32")
    a(f"    %gleft = arith.subi %gnpm, %gfirst : i32")
    a(f"    %gsize = arith.minsi %gleft, %cG : i32")
    a(f"    %gr = arith.remsi %gpid, %gin : i32")
    a(f"    %gmr = arith.remsi %gr, %gsize : i32")
    a(f"    %pid_m = arith.addi %gfirst, %gmr : i32")
    a(f"    %pid_n = arith.divsi %gr, %gsize : i32")


def program_ids(a, BM, BN, G):
    """Appends %pid_m and %pid_n: the launch grid's x and y, or with G > 0
    the tile of program x + y*npm in grouped order (G tile rows per group)."""
    if G > 0:
        a(f"    %gx = tt.get_program_id x : i32")
        a(f"    %gy = tt.get_program_id y : i32")
        tile_counts(a, BM, BN, G)
        a(f"    %gyx = arith.muli %gy, %gnpm : i32")
        a(f"    %gpid = arith.addi %gx, %gyx : i32")
        group_map(a)
    else:
        a(f"    %pid_m = tt.get_program_id x : i32")
        a(f"    %pid_n = tt.get_program_id y : i32")


def persistent_ids(a, BM, BN, G):
    """Opens the tile loop of a persistent kernel (Triton tutorial 09): program
    x walks tile ids x, x + num_programs, ... below cdiv(M, BM) * cdiv(N, BN)
    in grouped order (G tile rows per group) and appends %pid_m and %pid_n
    inside it; the caller closes the loop."""
    a(f"    %px = tt.get_program_id x : i32")
    a(f"    %pn = tt.get_num_programs x : i32")
    tile_counts(a, BM, BN, G)
    a(f"    %gtiles = arith.muli %gnpm, %gnpn : i32")
    a(f"    scf.for %gpid = %px to %gtiles step %pn : i32 {{")
    group_map(a)


def rowwise_scales(a, BM, BN, m0, n0, acc, ind):
    """Appends %s2 = acc * scale_a[m0 + rows] * scale_b[n0 + cols] (per-row and
    per-column f32 scales, masked at M and N), indented by ind."""
    L = [
        f"%rm = tt.make_range {{end = {BM} : i32, start = 0 : i32}} : tensor<{BM}xi32>",
        f"%rn = tt.make_range {{end = {BN} : i32, start = 0 : i32}} : tensor<{BN}xi32>",
        f"%m0s = tt.splat {m0} : i32 -> tensor<{BM}xi32>",
        f"%offs_m = arith.addi %m0s, %rm : tensor<{BM}xi32>",
        f"%n0s = tt.splat {n0} : i32 -> tensor<{BN}xi32>",
        f"%offs_n = arith.addi %n0s, %rn : tensor<{BN}xi32>",
        f"%Ms = tt.splat %M : i32 -> tensor<{BM}xi32>",
        f"%mm = arith.cmpi slt, %offs_m, %Ms : tensor<{BM}xi32>",
        f"%Ns = tt.splat %N : i32 -> tensor<{BN}xi32>",
        f"%mn = arith.cmpi slt, %offs_n, %Ns : tensor<{BN}xi32>",
        f"%sab = tt.splat %sa_ptr : !tt.ptr<f32> -> tensor<{BM}x!tt.ptr<f32>>",
        f"%sap = tt.addptr %sab, %offs_m : tensor<{BM}x!tt.ptr<f32>>, tensor<{BM}xi32>",
        f"%sav = tt.load %sap, %mm : tensor<{BM}x!tt.ptr<f32>>",
        f"%sbb = tt.splat %sb_ptr : !tt.ptr<f32> -> tensor<{BN}x!tt.ptr<f32>>",
        f"%sbp = tt.addptr %sbb, %offs_n : tensor<{BN}x!tt.ptr<f32>>, tensor<{BN}xi32>",
        f"%sbv = tt.load %sbp, %mn : tensor<{BN}x!tt.ptr<f32>>",
        f"%sae = tt.expand_dims %sav {{axis = 1 : i32}} : tensor<{BM}xf32> -> tensor<{BM}x1xf32>",
        f"%sbe = tt.expand_dims %sbv {{axis = 0 : i32}} : tensor<{BN}xf32> -> tensor<1x{BN}xf32>",
        f"%saB = tt.broadcast %sae : tensor<{BM}x1xf32> -> tensor<{BM}x{BN}xf32>",
        f"%sbB = tt.broadcast %sbe : tensor<1x{BN}xf32> -> tensor<{BM}x{BN}xf32>",
        f"%s1 = arith.mulf {acc}, %saB : tensor<{BM}x{BN}xf32>",
        f"%s2 = arith.mulf %s1, %sbB : tensor<{BM}x{BN}xf32>",
    ]
    for l in L:
        a(ind + l)


def tensor_scale(a, tAcc):
    """Appends the per-tensor scale (torch._scaled_mm's default form): the
    two scalars' product splat over the tile as %sS."""
    a(f"    %sav = tt.load %sa_ptr : !tt.ptr<f32>")
    a(f"    %sbv = tt.load %sb_ptr : !tt.ptr<f32>")
    a(f"    %sab = arith.mulf %sav, %sbv : f32")
    a(f"    %sS = tt.splat %sab : f32 -> {tAcc}")


def scale_and_cast(a, scaled, src, acc, out, BM, BN, m0, n0, ind):
    """Appends the epilogue of accumulator src: the scales (scaled "tensor":
    times %sS of tensor_scale; True: per-row and per-column, rowwise_scales)
    and the cast to out; returns the value to store."""
    tAcc = f"tensor<{BM}x{BN}x{acc}>"
    cm = src
    if scaled == "tensor":
        a(f"{ind}%s2 = arith.mulf {src}, %sS : {tAcc}")
        cm = "%s2"
    elif scaled:
        rowwise_scales(a, BM, BN, m0, n0, src, ind)
        cm = "%s2"
    if out != acc:
        a(f"{ind}%cv = arith.truncf {cm} : {tAcc} to tensor<{BM}x{BN}x{out}>")
        cm = "%cv"
    return cm


def kernel(name, et, acc, out, scaled, BM, BN, BK, div16=False, G=0):
    zero = "0.000000e+00" if acc == "f32" else "0"
    L = []
    a = L.append
    params = [f"%a_ptr: !tt.ptr<{et}> {{tt.divisibility = 16 : i32}}", f"%bt_ptr: !tt.ptr<{et}> {{tt.divisibility = 16 : i32}}",
              f"%c_ptr: !tt.ptr<{out}> {{tt.divisibility = 16 : i32}}"]
    if scaled:
        params += ["%sa_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}", "%sb_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}"]
    d = " {tt.divisibility = 16 : i32}" if div16 else ""
    params += ["%M: i32", "%N: i32", f"%K: i32{d}", "%stride_am: i32 {tt.divisibility = 16 : i32}",
               f"%stride_bn: i32{d}", f"%stride_cm: i32{d}"]
    a("module {")
    a(f"  tt.func public @{name}({', '.join(params)}) attributes {{noinline = false}} {{")
    a(f"    %acc0 = arith.constant dense<{zero}> : tensor<{BM}x{BN}x{acc}>")
    a(f"    %za = arith.constant dense<{'0.000000e+00' if et.startswith('f') else '0'}> : tensor<{BM}x{BK}x{et}>")
    a(f"    %zb = arith.constant dense<{'0.000000e+00' if et.startswith('f') else '0'}> : tensor<{BK}x{BN}x{et}>")
    a(f"    %kstep = arith.constant dense<{BK}> : tensor<{BM}x{BK}xi32>")
    a(f"    %kstepb = arith.constant dense<{BK}> : tensor<{BK}x{BN}xi32>")
    a(f"    %c0 = arith.constant 0 : i32")
    a(f"    %c1 = arith.constant 1 : i32")
    a(f"    %cBM = arith.constant {BM} : i32")
    a(f"    %cBN = arith.constant {BN} : i32")
    a(f"    %cBK = arith.constant {BK} : i32")
    a(f"    %cBK1 = arith.constant {BK-1} : i32")
    program_ids(a, BM, BN, G)
    a(f"    %m0 = arith.muli %pid_m, %cBM : i32")
    a(f"    %n0 = arith.muli %pid_n, %cBN : i32")
    a(f"    %rm = tt.make_range {{end = {BM} : i32, start = 0 : i32}} : tensor<{BM}xi32>")
    a(f"    %rn = tt.make_range {{end = {BN} : i32, start = 0 : i32}} : tensor<{BN}xi32>")
    a(f"    %rk = tt.make_range {{end = {BK} : i32, start = 0 : i32}} : tensor<{BK}xi32>")
    a(f"    %m0s = tt.splat %m0 : i32 -> tensor<{BM}xi32>")
    a(f"    %offs_m = arith.addi %m0s, %rm : tensor<{BM}xi32>")
    a(f"    %Ms = tt.splat %M : i32 -> tensor<{BM}xi32>")
    a(f"    %offs_am = arith.remsi %offs_m, %Ms : tensor<{BM}xi32>")
    a(f"    %n0s = tt.splat %n0 : i32 -> tensor<{BN}xi32>")
    a(f"    %offs_n = arith.addi %n0s, %rn : tensor<{BN}xi32>")
    a(f"    %Ns = tt.splat %N : i32 -> tensor<{BN}xi32>")
    a(f"    %offs_bn = arith.remsi %offs_n, %Ns : tensor<{BN}xi32>")
    # A pointers: a_ptr + offs_am[:, None] * stride_am + rk[None, :]
    a(f"    %am = tt.expand_dims %offs_am {{axis = 1 : i32}} : tensor<{BM}xi32> -> tensor<{BM}x1xi32>")
    a(f"    %sam = tt.splat %stride_am : i32 -> tensor<{BM}x1xi32>")
    a(f"    %amr = arith.muli %am, %sam : tensor<{BM}x1xi32>")
    a(f"    %ak = tt.expand_dims %rk {{axis = 0 : i32}} : tensor<{BK}xi32> -> tensor<1x{BK}xi32>")
    a(f"    %amb = tt.broadcast %amr : tensor<{BM}x1xi32> -> tensor<{BM}x{BK}xi32>")
    a(f"    %akb = tt.broadcast %ak : tensor<1x{BK}xi32> -> tensor<{BM}x{BK}xi32>")
    a(f"    %aoff = arith.addi %amb, %akb : tensor<{BM}x{BK}xi32>")
    a(f"    %abase = tt.splat %a_ptr : !tt.ptr<{et}> -> tensor<{BM}x{BK}x!tt.ptr<{et}>>")
    a(f"    %a_ptrs = tt.addptr %abase, %aoff : tensor<{BM}x{BK}x!tt.ptr<{et}>>, tensor<{BM}x{BK}xi32>")
    # B pointers (K x N tile of B = Bt^T): bt_ptr + rk[:, None] + offs_bn[None, :] * stride_bn
    a(f"    %bk = tt.expand_dims %rk {{axis = 1 : i32}} : tensor<{BK}xi32> -> tensor<{BK}x1xi32>")
    a(f"    %bn = tt.expand_dims %offs_bn {{axis = 0 : i32}} : tensor<{BN}xi32> -> tensor<1x{BN}xi32>")
    a(f"    %sbn = tt.splat %stride_bn : i32 -> tensor<1x{BN}xi32>")
    a(f"    %bnr = arith.muli %bn, %sbn : tensor<1x{BN}xi32>")
    a(f"    %bkb = tt.broadcast %bk : tensor<{BK}x1xi32> -> tensor<{BK}x{BN}xi32>")
    a(f"    %bnb = tt.broadcast %bnr : tensor<1x{BN}xi32> -> tensor<{BK}x{BN}xi32>")
    a(f"    %boff = arith.addi %bkb, %bnb : tensor<{BK}x{BN}xi32>")
    a(f"    %bbase = tt.splat %bt_ptr : !tt.ptr<{et}> -> tensor<{BK}x{BN}x!tt.ptr<{et}>>")
    a(f"    %b_ptrs = tt.addptr %bbase, %boff : tensor<{BK}x{BN}x!tt.ptr<{et}>>, tensor<{BK}x{BN}xi32>")
    a(f"    %kt = arith.addi %K, %cBK1 : i32")
    a(f"    %nk = arith.divsi %kt, %cBK : i32")
    a(f"    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%ap = %a_ptrs, %bp = %b_ptrs, %acc = %acc0) -> (tensor<{BM}x{BK}x!tt.ptr<{et}>>, tensor<{BK}x{BN}x!tt.ptr<{et}>>, tensor<{BM}x{BN}x{acc}>) : i32 {{")
    a(f"      %kk = arith.muli %k, %cBK : i32")
    a(f"      %krem = arith.subi %K, %kk : i32")
    a(f"      %kra = tt.splat %krem : i32 -> tensor<1x{BK}xi32>")
    a(f"      %ma = arith.cmpi slt, %ak, %kra : tensor<1x{BK}xi32>")
    a(f"      %mab = tt.broadcast %ma : tensor<1x{BK}xi1> -> tensor<{BM}x{BK}xi1>")
    a(f"      %av = tt.load %ap, %mab, %za : tensor<{BM}x{BK}x!tt.ptr<{et}>>")
    a(f"      %krb = tt.splat %krem : i32 -> tensor<{BK}x1xi32>")
    a(f"      %mb = arith.cmpi slt, %bk, %krb : tensor<{BK}x1xi32>")
    a(f"      %mbb = tt.broadcast %mb : tensor<{BK}x1xi1> -> tensor<{BK}x{BN}xi1>")
    a(f"      %bv = tt.load %bp, %mbb, %zb : tensor<{BK}x{BN}x!tt.ptr<{et}>>")
    prec = ", inputPrecision = tf32" if et.startswith("f") else ""
    a(f"      %d = tt.dot %av, %bv, %acc{prec} : tensor<{BM}x{BK}x{et}> * tensor<{BK}x{BN}x{et}> -> tensor<{BM}x{BN}x{acc}>")
    a(f"      %ap2 = tt.addptr %ap, %kstep : tensor<{BM}x{BK}x!tt.ptr<{et}>>, tensor<{BM}x{BK}xi32>")
    a(f"      %bp2 = tt.addptr %bp, %kstepb : tensor<{BK}x{BN}x!tt.ptr<{et}>>, tensor<{BK}x{BN}xi32>")
    a(f"      scf.yield %ap2, %bp2, %d : tensor<{BM}x{BK}x!tt.ptr<{et}>>, tensor<{BK}x{BN}x!tt.ptr<{et}>>, tensor<{BM}x{BN}x{acc}>")
    a(f"    }}")
    cm = f"%res#2"
    a(f"    %cm = tt.expand_dims %offs_m {{axis = 1 : i32}} : tensor<{BM}xi32> -> tensor<{BM}x1xi32>")
    a(f"    %cn = tt.expand_dims %offs_n {{axis = 0 : i32}} : tensor<{BN}xi32> -> tensor<1x{BN}xi32>")
    a(f"    %Mc = tt.splat %M : i32 -> tensor<{BM}x1xi32>")
    a(f"    %mm = arith.cmpi slt, %cm, %Mc : tensor<{BM}x1xi32>")
    a(f"    %Nc = tt.splat %N : i32 -> tensor<1x{BN}xi32>")
    a(f"    %mn = arith.cmpi slt, %cn, %Nc : tensor<1x{BN}xi32>")
    if scaled:
        # per-row scale_a, per-column scale_b (torch._scaled_mm's rowwise form)
        a(f"    %sab = tt.splat %sa_ptr : !tt.ptr<f32> -> tensor<{BM}x1x!tt.ptr<f32>>")
        a(f"    %sap = tt.addptr %sab, %cm : tensor<{BM}x1x!tt.ptr<f32>>, tensor<{BM}x1xi32>")
        a(f"    %sav = tt.load %sap, %mm : tensor<{BM}x1x!tt.ptr<f32>>")
        a(f"    %sbb = tt.splat %sb_ptr : !tt.ptr<f32> -> tensor<1x{BN}x!tt.ptr<f32>>")
        a(f"    %sbp = tt.addptr %sbb, %cn : tensor<1x{BN}x!tt.ptr<f32>>, tensor<1x{BN}xi32>")
        a(f"    %sbv = tt.load %sbp, %mn : tensor<1x{BN}x!tt.ptr<f32>>")
        a(f"    %saB = tt.broadcast %sav : tensor<{BM}x1xf32> -> tensor<{BM}x{BN}xf32>")
        a(f"    %sbB = tt.broadcast %sbv : tensor<1x{BN}xf32> -> tensor<{BM}x{BN}xf32>")
        a(f"    %s1 = arith.mulf %res#2, %saB : tensor<{BM}x{BN}xf32>")
        a(f"    %s2 = arith.mulf %s1, %sbB : tensor<{BM}x{BN}xf32>")
        cm = "%s2"
    if out != acc:
        a(f"    %cv = arith.truncf {cm} : tensor<{BM}x{BN}x{acc}> to tensor<{BM}x{BN}x{out}>")
        cm = "%cv"
    a(f"    %scm = tt.splat %stride_cm : i32 -> tensor<{BM}x1xi32>")
    a(f"    %cmr = arith.muli %cm, %scm : tensor<{BM}x1xi32>")
    a(f"    %cmb = tt.broadcast %cmr : tensor<{BM}x1xi32> -> tensor<{BM}x{BN}xi32>")
    a(f"    %cnb = tt.broadcast %cn : tensor<1x{BN}xi32> -> tensor<{BM}x{BN}xi32>")
    a(f"    %coff = arith.addi %cmb, %cnb : tensor<{BM}x{BN}xi32>")
    a(f"    %cbase = tt.splat %c_ptr : !tt.ptr<{out}> -> tensor<{BM}x{BN}x!tt.ptr<{out}>>")
    a(f"    %c_ptrs = tt.addptr %cbase, %coff : tensor<{BM}x{BN}x!tt.ptr<{out}>>, tensor<{BM}x{BN}xi32>")
    a(f"    %mmb = tt.broadcast %mm : tensor<{BM}x1xi1> -> tensor<{BM}x{BN}xi1>")
    a(f"    %mnb = tt.broadcast %mn : tensor<1x{BN}xi1> -> tensor<{BM}x{BN}xi1>")
    a(f"    %cmask = arith.andi %mmb, %mnb : tensor<{BM}x{BN}xi1>")
    a(f"    tt.store %c_ptrs, {cm}, %cmask : tensor<{BM}x{BN}x!tt.ptr<{out}>>")
    a(f"    tt.return")
    a(f"  }}")
    a(f"}}")
    return "\n".join(L) + "\n"

def kernel_bp(name, et, acc, out, scaled, BM, BN, BK, G=0, persistent=False):
    """The same product with block pointers (make_tensor_ptr / advance, as
    Triton 3.1 kernels and sp's examples/sparse_matmul.mlir): sparse A tiles
    [BM, BK] of a row-major A, B tiles [BK, BN] of a column-major B (Bt
    row-major: strides [1, stride_bn], order [0, 1]). Needs M % 16 == 0 and
    K % 32 == 0 (the band16k32 metadata of a block-pointer A). G > 0 walks
    the cdiv(M, BM) x cdiv(N, BN) grid in Triton tutorial 03's grouped
    order (G tile rows per group) instead of row order. persistent: one
    program per SM looping over the tiles in grouped order (G, default 8),
    launched on min(SMs, tiles) programs."""
    zero = "0.000000e+00" if acc == "f32" else "0"
    sp = f'#tt.sparse<"NV24">'
    L = []
    a = L.append
    d = " {tt.divisibility = 16 : i32}"
    params = [f"%a_ptr: !tt.ptr<{et}, {sp}>{d}", f"%bt_ptr: !tt.ptr<{et}>{d}", f"%c_ptr: !tt.ptr<{out}>{d}"]
    if scaled:
        params += [f"%sa_ptr: !tt.ptr<f32>{d}", f"%sb_ptr: !tt.ptr<f32>{d}"]
    # A persistent kernel declares stride_am (a multiple of 32 with the
    # band16k32 metadata) divisible by 32: its values rows, stride_am / 2
    # bytes, are then 16-byte multiples, as a TMA copy of them needs.
    dam = " {tt.divisibility = 32 : i32}" if persistent else d
    params += [f"%M: i32{d}", f"%N: i32{d}", f"%K: i32{d}", f"%stride_am: i32{dam}", f"%stride_bn: i32{d}", f"%stride_cm: i32{d}"]
    a("module {")
    a(f"  tt.func public @{name}({', '.join(params)}) attributes {{noinline = false}} {{")
    a(f"    %c0 = arith.constant 0 : i32")
    a(f"    %c1 = arith.constant 1 : i32")
    a(f"    %c1_i64 = arith.constant 1 : i64")
    a(f"    %cBM = arith.constant {BM} : i32")
    a(f"    %cBN = arith.constant {BN} : i32")
    a(f"    %cBK = arith.constant {BK} : i32")
    a(f"    %cBK1 = arith.constant {BK-1} : i32")
    a(f"    %acc0 = arith.constant dense<{zero}> : tensor<{BM}x{BN}x{acc}>")
    if persistent:
        persistent_ids(a, BM, BN, G or 8)
    else:
        program_ids(a, BM, BN, G)
    a(f"    %m0 = arith.muli %pid_m, %cBM : i32")
    a(f"    %n0 = arith.muli %pid_n, %cBN : i32")
    a(f"    %M64 = arith.extsi %M : i32 to i64")
    a(f"    %N64 = arith.extsi %N : i32 to i64")
    a(f"    %K64 = arith.extsi %K : i32 to i64")
    a(f"    %sam = arith.extsi %stride_am : i32 to i64")
    a(f"    %sbn = arith.extsi %stride_bn : i32 to i64")
    a(f"    %scm = arith.extsi %stride_cm : i32 to i64")
    a(f"    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%sam, %c1_i64], [%m0, %c0] {{order = array<i32: 1, 0>}} : <tensor<{BM}x{BK}x{et}, {sp}>>")
    a(f"    %pb = tt.make_tensor_ptr %bt_ptr, [%K64, %N64], [%c1_i64, %sbn], [%c0, %n0] {{order = array<i32: 0, 1>}} : <tensor<{BK}x{BN}x{et}>>")
    a(f"    %kt = arith.addi %K, %cBK1 : i32")
    a(f"    %nk = arith.divsi %kt, %cBK : i32")
    a(f"    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%acc = %acc0, %ap = %pa, %bp = %pb) -> (tensor<{BM}x{BN}x{acc}>, !tt.ptr<tensor<{BM}x{BK}x{et}, {sp}>>, !tt.ptr<tensor<{BK}x{BN}x{et}>>) : i32 {{")
    a(f"      %av = tt.load %ap {{boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}} : !tt.ptr<tensor<{BM}x{BK}x{et}, {sp}>>")
    a(f"      %bv = tt.load %bp {{boundaryCheck = array<i32: 0, 1>, padding = 1 : i32}} : !tt.ptr<tensor<{BK}x{BN}x{et}>>")
    prec = ", inputPrecision = tf32" if et.startswith("f") else ""
    a(f"      %dd = tt.dot %av, %bv, %acc{prec} : tensor<{BM}x{BK}x{et}, {sp}> * tensor<{BK}x{BN}x{et}> -> tensor<{BM}x{BN}x{acc}>")
    a(f"      %ap2 = tt.advance %ap, [%c0, %cBK] : <tensor<{BM}x{BK}x{et}, {sp}>>")
    a(f"      %bp2 = tt.advance %bp, [%cBK, %c0] : <tensor<{BK}x{BN}x{et}>>")
    a(f"      scf.yield %dd, %ap2, %bp2 : tensor<{BM}x{BN}x{acc}>, !tt.ptr<tensor<{BM}x{BK}x{et}, {sp}>>, !tt.ptr<tensor<{BK}x{BN}x{et}>>")
    a(f"    }}")
    cm = "%res#0"
    if scaled == "tensor":
        tensor_scale(a, f"tensor<{BM}x{BN}x{acc}>")
    cm = scale_and_cast(a, scaled, "%res#0", acc, out, BM, BN, "%m0", "%n0", "    ")
    a(f"    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%scm, %c1_i64], [%m0, %n0] {{order = array<i32: 1, 0>}} : <tensor<{BM}x{BN}x{out}>>")
    a(f"    tt.store %pc, {cm} {{boundaryCheck = array<i32: 0, 1>}} : !tt.ptr<tensor<{BM}x{BN}x{out}>>")
    if persistent:
        a(f"    }}")
    a(f"    tt.return")
    a(f"  }}")
    a(f"}}")
    return "\n".join(L) + "\n"

def kernel_flat(name, et, acc, out, scaled, BM, BN, BK, G=8):
    """The persistent kernel written as one flat loop, the form of Triton's
    tutorial 09 (matmul_kernel_tma_persistent) with Triton 3.6's tensor
    descriptors: one program per SM runs cdiv(tiles - pid, programs) *
    cdiv(K, BK) iterations; ki walks the K tiles and wraps to 0, when an
    scf.if moves tile_id on (grouped order, G tile rows per group) and
    recomputes the tile's offsets; the iteration with ki = k_tiles - 1
    writes the tile in an scf.if that yields a zero accumulator. A pipeliner
    that sees one loop keeps its ring full across tile boundaries."""
    zero = "0.000000e+00" if acc == "f32" else "0"
    sp = '#tt.sparse<"NV24">'
    L = []
    a = L.append
    d = " {tt.divisibility = 16 : i32}"
    params = [f"%a_ptr: !tt.ptr<{et}, {sp}>{d}", f"%bt_ptr: !tt.ptr<{et}>{d}", f"%c_ptr: !tt.ptr<{out}>{d}"]
    if scaled:
        params += [f"%sa_ptr: !tt.ptr<f32>{d}", f"%sb_ptr: !tt.ptr<f32>{d}"]
    params += [f"%M: i32{d}", f"%N: i32{d}", f"%K: i32{d}", f"%stride_am: i32 {{tt.divisibility = 32 : i32}}", f"%stride_bn: i32{d}", f"%stride_cm: i32{d}"]
    tA, tB, tC = f"tensor<{BM}x{BK}x{et}, {sp}>", f"tensor<{BN}x{BK}x{et}>", f"tensor<{BM}x{BN}x{out}>"
    tAcc = f"tensor<{BM}x{BN}x{acc}>"
    a("module {")
    a(f"  tt.func public @{name}({', '.join(params)}) attributes {{noinline = false}} {{")
    a(f"    %c0 = arith.constant 0 : i32")
    a(f"    %c1 = arith.constant 1 : i32")
    a(f"    %cm1 = arith.constant -1 : i32")
    a(f"    %c1_i64 = arith.constant 1 : i64")
    a(f"    %cBM = arith.constant {BM} : i32")
    a(f"    %cBN = arith.constant {BN} : i32")
    a(f"    %cBK = arith.constant {BK} : i32")
    a(f"    %cBK1 = arith.constant {BK-1} : i32")
    a(f"    %acc0 = arith.constant dense<{zero}> : {tAcc}")
    a(f"    %px = tt.get_program_id x : i32")
    a(f"    %pn = tt.get_num_programs x : i32")
    tile_counts(a, BM, BN, G)
    a(f"    %gtiles = arith.muli %gnpm, %gnpn : i32")
    a(f"    %gin = arith.muli %cG, %gnpn : i32")
    a(f"    %kt = arith.addi %K, %cBK1 : i32")
    a(f"    %nk = arith.divsi %kt, %cBK : i32")
    a(f"    %nk1 = arith.subi %nk, %c1 : i32")
    a(f"    %tl0 = arith.subi %gtiles, %px : i32")
    a(f"    %tl1 = arith.addi %tl0, %pn : i32")
    a(f"    %tl2 = arith.subi %tl1, %c1 : i32")
    a(f"    %tpp = arith.divsi %tl2, %pn : i32")
    a(f"    %total = arith.muli %tpp, %nk : i32")
    a(f"    %tile0 = arith.subi %px, %pn : i32")
    a(f"    %sam = arith.extsi %stride_am : i32 to i64")
    a(f"    %sbn = arith.extsi %stride_bn : i32 to i64")
    a(f"    %scm = arith.extsi %stride_cm : i32 to i64")
    a(f"    %ad = tt.make_tensor_descriptor %a_ptr, [%M, %K], [%sam, %c1_i64] : !tt.ptr<{et}, {sp}>, !tt.tensordesc<{tA}>")
    a(f"    %bd = tt.make_tensor_descriptor %bt_ptr, [%N, %K], [%sbn, %c1_i64] : !tt.ptr<{et}>, !tt.tensordesc<{tB}>")
    a(f"    %cd = tt.make_tensor_descriptor %c_ptr, [%M, %N], [%scm, %c1_i64] : !tt.ptr<{out}>, !tt.tensordesc<{tC}>")
    if scaled == "tensor":
        tensor_scale(a, tAcc)
    a(f"    %res:5 = scf.for %it = %c0 to %total step %c1 iter_args(%tile = %tile0, %ki = %cm1, %om = %c0, %on = %c0, %acc = %acc0) -> (i32, i32, i32, i32, {tAcc}) : i32 {{")
    a(f"      %klast = arith.cmpi eq, %ki, %nk1 : i32")
    a(f"      %kn = arith.addi %ki, %c1 : i32")
    a(f"      %ki2 = arith.select %klast, %c0, %kn : i32")
    a(f"      %first = arith.cmpi eq, %ki2, %c0 : i32")
    a(f"      %tn:3 = scf.if %first -> (i32, i32, i32) {{")
    a(f"        %gpid = arith.addi %tile, %pn : i32")
    a(f"        %ggid = arith.divsi %gpid, %gin : i32")
    a(f"        %gfirst = arith.muli %ggid, %cG : i32")
    a(f"        %gleft = arith.subi %gnpm, %gfirst : i32")
    a(f"        %gsize = arith.minsi %gleft, %cG : i32")
    a(f"        %gr = arith.remsi %gpid, %gin : i32")
    a(f"        %gmr = arith.remsi %gr, %gsize : i32")
    a(f"        %pid_m = arith.addi %gfirst, %gmr : i32")
    a(f"        %pid_n = arith.divsi %gr, %gsize : i32")
    a(f"        %m0 = arith.muli %pid_m, %cBM : i32")
    a(f"        %n0 = arith.muli %pid_n, %cBN : i32")
    a(f"        scf.yield %gpid, %m0, %n0 : i32, i32, i32")
    a(f"      }} else {{")
    a(f"        scf.yield %tile, %om, %on : i32, i32, i32")
    a(f"      }}")
    a(f"      %k0 = arith.muli %ki2, %cBK : i32")
    a(f"      %av = tt.descriptor_load %ad[%tn#1, %k0] : !tt.tensordesc<{tA}> -> {tA}")
    a(f"      %bv = tt.descriptor_load %bd[%tn#2, %k0] : !tt.tensordesc<{tB}> -> {tB}")
    a(f"      %bvt = tt.trans %bv {{order = array<i32: 1, 0>}} : {tB} -> tensor<{BK}x{BN}x{et}>")
    prec = ", inputPrecision = tf32" if et.startswith("f") else ""
    a(f"      %dd = tt.dot %av, %bvt, %acc{prec} : {tA} * tensor<{BK}x{BN}x{et}> -> {tAcc}")
    a(f"      %last = arith.cmpi eq, %ki2, %nk1 : i32")
    a(f"      %accn = scf.if %last -> ({tAcc}) {{")
    cm = scale_and_cast(a, scaled, "%dd", acc, out, BM, BN, "%tn#1", "%tn#2", "        ")
    a(f"        tt.descriptor_store %cd[%tn#1, %tn#2], {cm} : !tt.tensordesc<{tC}>, {tC}")
    a(f"        scf.yield %acc0 : {tAcc}")
    a(f"      }} else {{")
    a(f"        scf.yield %dd : {tAcc}")
    a(f"      }}")
    a(f"      scf.yield %tn#0, %ki2, %tn#1, %tn#2, %accn : i32, i32, i32, i32, {tAcc}")
    a(f"    }}")
    a(f"    tt.return")
    a(f"  }}")
    a(f"}}")
    return "\n".join(L) + "\n"

HEAD = "// Generated by gen.py (see its docstring); do not edit.\n"
files = {
    "scaled_mm_e4m3.ttir": kernel("scaled_mm", "f8E4M3FN", "f32", "bf16", True, 128, 128, 128),
    "scaled_mm_e5m2.ttir": kernel("scaled_mm", "f8E5M2", "f32", "bf16", True, 128, 128, 128),
    "mm_i8.ttir": kernel("mm_i8", "i8", "i32", "i32", False, 128, 128, 128),
    # stride_bn (= K) and stride_cm (= N) multiples of 16, as Triton
    # specializes them at such shapes (vectorized B loads and C stores)
    "scaled_mm_e4m3_div16.ttir": kernel("scaled_mm", "f8E4M3FN", "f32", "bf16", True, 128, 128, 128, True),
    "mm_i8_div16.ttir": kernel("mm_i8", "i8", "i32", "i32", False, 128, 128, 128, True),
    # block pointers (vectorized copies): the kernels to time
    "scaled_mm_e4m3_bp.mlir": kernel_bp("scaled_mm", "f8E4M3FN", "f32", "bf16", True, 128, 128, 128),
    "mm_i8_bp.mlir": kernel_bp("mm_i8", "i8", "i32", "i32", False, 128, 128, 128),
    # 256x128 tiles (grid cdiv(M, 256) x cdiv(N, 128)): on cuda:90 with 8 warps
    # each warpgroup holds two m64n128 accumulator blocks (128 registers)
    "scaled_mm_e4m3_bp_256x128.mlir": kernel_bp("scaled_mm", "f8E4M3FN", "f32", "bf16", True, 256, 128, 128),
    # persistent (one program per SM, tiles in groups of 8), 128x256 tiles:
    # on cuda:90 with tma=true, TMA copies of A, its metadata and a
    # K-major B (spec: grid min(SMS, tiles))
    "scaled_mm_e4m3_persistent.mlir": kernel_bp("scaled_mm", "f8E4M3FN", "f32", "bf16", True, 128, 256, 128, 8, True),
    "mm_i8_persistent.mlir": kernel_bp("mm_i8", "i8", "i32", "i32", False, 128, 256, 128, 8, True),
    # the persistent kernel as one flat loop over tiles and K (Triton's
    # tutorial 09 form with tensor descriptors), per-tensor scales, 128x128
    # tiles (spec: grid min(SMS, tiles))
    "scaled_mm_e4m3_flat.mlir": kernel_flat("scaled_mm", "f8E4M3FN", "f32", "bf16", "tensor", 128, 128, 128, 8),
    # the same with 128x256 tiles: with 5 stages the epilogue's conversion
    # goes through shared memory in row windows beside the ring
    "scaled_mm_e4m3_flat_128x256.mlir": kernel_flat("scaled_mm", "f8E4M3FN", "f32", "bf16", "tensor", 128, 256, 128, 8),
    # i8 (exact, i32 accumulator): the useC reset of an integer accumulator
    "mm_i8_flat.mlir": kernel_flat("mm_i8", "i8", "i32", "i32", False, 128, 128, 128, 8),
}

if len(sys.argv) > 1:
    # one block-pointer variant for benchmarks: gen.py DTYPE BMxBNxBK OUT.mlir [G|pG|fG] [tensor]
    # (DTYPE e4m3, e5m2 or i8; G: grouped tile order; pG: persistent, groups of G;
    # fG: persistent as one flat loop over tiles and K (kernel_flat, descriptors);
    # tensor: fp8 with per-tensor scales instead of per-row / per-column ones),
    # e.g. gen.py e4m3 256x128x128 /tmp/k.mlir 8
    et = {"e4m3": "f8E4M3FN", "e5m2": "f8E5M2", "i8": "i8"}[sys.argv[1]]
    bm, bn, bk = map(int, sys.argv[2].split("x"))
    g = sys.argv[4] if len(sys.argv) > 4 else ""
    flat = g.startswith("f")
    pers = g.startswith("p") or flat
    g = int(g.lstrip("pf") or 0)
    per_tensor = len(sys.argv) > 5 and sys.argv[5] == "tensor"
    if flat:
        text = (kernel_flat("mm_i8", et, "i32", "i32", False, bm, bn, bk, g or 8) if et == "i8"
                else kernel_flat("scaled_mm", et, "f32", "bf16", "tensor" if per_tensor else True, bm, bn, bk, g or 8))
    else:
        text = (kernel_bp("mm_i8", et, "i32", "i32", False, bm, bn, bk, g, pers) if et == "i8"
                else kernel_bp("scaled_mm", et, "f32", "bf16", "tensor" if per_tensor else True, bm, bn, bk, g, pers))
    open(sys.argv[3], "w").write(HEAD + text)
    # its launch spec next to it (OUT.json), the grid for the tile
    base = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                       "mm_i8.json" if et == "i8" else "scaled_mm.json")))
    base["vars"].update({"BM": bm, "BN": bn})
    base["grid"] = ["cdiv(M, BM)", "cdiv(N, BN)"]
    if pers:
        base["vars"]["SMS"] = 132
        base["grid"] = ["min(SMS, cdiv(M, BM) * cdiv(N, BN))"]
    if et == "f8E5M2":
        for arg in base["args"][:2]:
            arg["dtype"] = "f8e5m2"
    if per_tensor:
        for arg in base["args"]:
            if arg["name"] in ("sa", "sb"):
                arg["shape"] = [1]
    with open(sys.argv[3].rsplit(".", 1)[0] + ".json", "w") as f:
        json.dump(base, f, indent=1)
        f.write("\n")
    sys.exit(0)
for f, text in files.items():
    open(f, "w").write(HEAD + text)
