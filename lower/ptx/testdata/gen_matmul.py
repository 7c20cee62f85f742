#!/usr/bin/env python3
"""Writes the hand-specified TTGIR matmul kernels of lower/ptx/testdata.

They stand in for sp-pipeline's output until passes/encoding lands: the
shape is Triton 3.1's make_ttgir for sm_80 (blocked global layouts, an
nvidia_mma v2 accumulator, swizzled shared operands, a software pipeline
of cp.async into ring buffers), written out for:

  matmul_{f16,bf16}.mlir         C[M,N] = A[M,K] @ B[K,N]
  sparse_matmul_{f16,bf16}.mlir  C = A @ B, A 2:4 along K given as values
                                 [M, K/2] and band16 metadata [M/16, Kp]

All leading dimensions, N and K are multiples of 16 (tt.divisibility = 16,
as Triton specializes them), so every global access is a 16-byte vector;
M is arbitrary (row masks) and N, K need not be multiples of the tile. The metadata row stride ldm must be >= K
rounded up to BK, the padding filled with a valid group (0x4444): the
kernel masks metadata tiles by rows only.

Run: python3 gen_matmul.py (from this directory).
"""

HEADER = """\
#blocked = #triton_gpu.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [{at0}, {at1}], warpsPerCTA = [{nw}, 1], order = [1, 0]}}>
#blocked1 = #triton_gpu.blocked<{{sizePerThread = [1, 8], threadsPerWarp = [{bt0}, {bt1}], warpsPerCTA = [{nw}, 1], order = [1, 0]}}>
#blocked2 = #triton_gpu.blocked<{{sizePerThread = [1, {es}], threadsPerWarp = [4, 8], warpsPerCTA = [{ew0}, {ew1}], order = [1, 0]}}>
#mma = #triton_gpu.nvidia_mma<{{versionMajor = 2, versionMinor = 0, warpsPerCTA = [{wm}, {wn}], instrShape = [16, 8]}}>
#shared = #triton_gpu.shared<{{vec = 8, perPhase = {aph}, maxPhase = {amx}, order = [1, 0], hasLeadingOffset = false}}>
#shared1 = #triton_gpu.shared<{{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}}>
#shared2 = #triton_gpu.shared<{{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}}>
module attributes {{"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = {nw} : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32}} {{
"""


def kernel(name, dt, sparse, BM=128, BN=128, BK=64, nw=4, wm=2, wn=2, S=4):
    AK = BK // 2 if sparse else BK  # columns of the A tile (compressed when sparse)
    MB = BM // 16                   # metadata rows per tile
    # A tile threads: 8 elements (16 B) per thread along the row.
    at1 = min(32, AK // 8)
    at0 = 32 // at1
    bt1 = min(32, BN // 8)
    bt0 = 32 // bt1
    # Row length in bytes decides the swizzle (Triton: perPhase = 128 B / row bytes).
    arow = AK * 2
    aph, amx = max(1, 128 // arow), min(8, max(1, arow // 16))
    # Metadata tile [MB, BK] i16: exactly one element run per thread (no
    # replicated copies): 4 x 8 lanes, warps over rows first.
    ew0 = min(nw, max(1, MB // 4))
    ew1 = nw // ew0
    es = max(1, BK // (8 * ew1))
    v = dict(dt=dt, BM=BM, BN=BN, BK=BK, AK=AK, MB=MB, S=S, nw=nw, wm=wm, wn=wn)
    A = f"tensor<{BM}x{AK}x!tt.ptr<{dt}>, #blocked>"
    Ai = f"tensor<{BM}x{AK}xi32, #blocked>"
    Am = f"tensor<{BM}x{AK}xi1, #blocked>"
    B = f"tensor<{BK}x{BN}x!tt.ptr<{dt}>, #blocked1>"
    Bi = f"tensor<{BK}x{BN}xi32, #blocked1>"
    Bm = f"tensor<{BK}x{BN}xi1, #blocked1>"
    E = f"tensor<{MB}x{BK}x!tt.ptr<i16>, #blocked2>"
    Ei = f"tensor<{MB}x{BK}xi32, #blocked2>"
    Em = f"tensor<{MB}x{BK}xi1, #blocked2>"
    sl = lambda d, p: f"#triton_gpu.slice<{{dim = {d}, parent = #{p}}}>"
    Abuf = f"!tt.memdesc<{S}x{BM}x{AK}x{dt}, #shared, #triton_gpu.shared_memory, mutable>"
    At = f"!tt.memdesc<{BM}x{AK}x{dt}, #shared, #triton_gpu.shared_memory, mutable>"
    Bbuf = f"!tt.memdesc<{S}x{BK}x{BN}x{dt}, #shared1, #triton_gpu.shared_memory, mutable>"
    Bt = f"!tt.memdesc<{BK}x{BN}x{dt}, #shared1, #triton_gpu.shared_memory, mutable>"
    Ebuf = f"!tt.memdesc<{S}x{MB}x{BK}xi16, #shared2, #triton_gpu.shared_memory, mutable>"
    Et = f"!tt.memdesc<{MB}x{BK}xi16, #shared2, #triton_gpu.shared_memory, mutable>"
    meta0 = ", meta = 0" if sparse else ""
    Aop = f"tensor<{BM}x{AK}x{dt}, #triton_gpu.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2{meta0}}}>>"
    Bop = f"tensor<{BK}x{BN}x{dt}, #triton_gpu.dot_op<{{opIdx = 1, parent = #mma, kWidth = 2}}>>"
    Eop = f"tensor<{MB}x{BK}xi16, #triton_gpu.dot_op<{{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}}>>"
    C = f"tensor<{BM}x{BN}xf32, #mma>"
    L = []
    w = L.append
    d16 = "{tt.divisibility = 16 : i32}"
    if sparse:
        w(f"  tt.func public @{name}(%a: !tt.ptr<{dt}> {d16}, %e: !tt.ptr<i16> {d16}, %b: !tt.ptr<{dt}> {d16}, %c: !tt.ptr<{dt}> {d16}, "
          f"%M: i32, %N: i32 {d16}, %K: i32 {d16}, %lda: i32 {d16}, %ldm: i32 {d16}, %ldb: i32 {d16}, %ldc: i32 {d16}) attributes {{noinline = false}} {{")
    else:
        w(f"  tt.func public @{name}(%a: !tt.ptr<{dt}> {d16}, %b: !tt.ptr<{dt}> {d16}, %c: !tt.ptr<{dt}> {d16}, "
          f"%M: i32, %N: i32 {d16}, %K: i32 {d16}, %lda: i32 {d16}, %ldb: i32 {d16}, %ldc: i32 {d16}) attributes {{noinline = false}} {{")
    w(f"    %c0 = arith.constant 0 : i32")
    w(f"    %c1 = arith.constant 1 : i32")
    w(f"    %cS = arith.constant {S} : i32")
    w(f"    %cBM = arith.constant {BM} : i32")
    w(f"    %cBN = arith.constant {BN} : i32")
    w(f"    %cBK = arith.constant {BK} : i32")
    w(f"    %cAK = arith.constant {AK} : i32")
    w(f"    %cMB = arith.constant {MB} : i32")
    w(f"    %cBKm1 = arith.constant {BK - 1} : i32")
    w(f"    %zero = arith.constant dense<0.000000e+00> : {C}")
    w(f"    %pm = tt.get_program_id x : i32")
    w(f"    %pn = tt.get_program_id y : i32")
    w(f"    %m0 = arith.muli %pm, %cBM : i32")
    w(f"    %n0 = arith.muli %pn, %cBN : i32")
    w(f"    %kp = arith.addi %K, %cBKm1 : i32")
    w(f"    %nk = arith.divsi %kp, %cBK : i32")
    # ---- A tile pointers [BM, AK]
    w(f"    %ar = tt.make_range {{end = {BM} : i32, start = 0 : i32}} : tensor<{BM}xi32, {sl(1, 'blocked')}>")
    w(f"    %ac = tt.make_range {{end = {AK} : i32, start = 0 : i32}} : tensor<{AK}xi32, {sl(0, 'blocked')}>")
    w(f"    %am0 = tt.splat %m0 : i32 -> tensor<{BM}xi32, {sl(1, 'blocked')}>")
    w(f"    %arow = arith.addi %am0, %ar : tensor<{BM}xi32, {sl(1, 'blocked')}>")
    w(f"    %arow2 = tt.expand_dims %arow {{axis = 1 : i32}} : tensor<{BM}xi32, {sl(1, 'blocked')}> -> tensor<{BM}x1xi32, #blocked>")
    w(f"    %acol2 = tt.expand_dims %ac {{axis = 0 : i32}} : tensor<{AK}xi32, {sl(0, 'blocked')}> -> tensor<1x{AK}xi32, #blocked>")
    w(f"    %ldas = tt.splat %lda : i32 -> tensor<{BM}x1xi32, #blocked>")
    w(f"    %aro = arith.muli %arow2, %ldas : tensor<{BM}x1xi32, #blocked>")
    w(f"    %arob = tt.broadcast %aro : tensor<{BM}x1xi32, #blocked> -> {Ai}")
    w(f"    %acob = tt.broadcast %acol2 : tensor<1x{AK}xi32, #blocked> -> {Ai}")
    w(f"    %aoff = arith.addi %arob, %acob : {Ai}")
    w(f"    %asp = tt.splat %a : !tt.ptr<{dt}> -> {A}")
    w(f"    %aptr0 = tt.addptr %asp, %aoff : {A}, {Ai}")
    w(f"    %Ms = tt.splat %M : i32 -> tensor<{BM}x1xi32, #blocked>")
    w(f"    %amr = arith.cmpi slt, %arow2, %Ms : tensor<{BM}x1xi32, #blocked>")
    w(f"    %amrb = tt.broadcast %amr : tensor<{BM}x1xi1, #blocked> -> {Am}")
    w(f"    %KA = arith.divsi %K, {'%c2' if sparse else '%c1'} : i32" if sparse else f"    %KA = arith.addi %K, %c0 : i32")
    if sparse:
        L.insert(2, f"    %c2 = arith.constant 2 : i32")
    w(f"    %ainc = tt.splat %cAK : i32 -> {Ai}")
    # ---- B tile pointers [BK, BN]
    w(f"    %br = tt.make_range {{end = {BK} : i32, start = 0 : i32}} : tensor<{BK}xi32, {sl(1, 'blocked1')}>")
    w(f"    %bc = tt.make_range {{end = {BN} : i32, start = 0 : i32}} : tensor<{BN}xi32, {sl(0, 'blocked1')}>")
    w(f"    %bn0 = tt.splat %n0 : i32 -> tensor<{BN}xi32, {sl(0, 'blocked1')}>")
    w(f"    %bcol = arith.addi %bn0, %bc : tensor<{BN}xi32, {sl(0, 'blocked1')}>")
    w(f"    %brow2 = tt.expand_dims %br {{axis = 1 : i32}} : tensor<{BK}xi32, {sl(1, 'blocked1')}> -> tensor<{BK}x1xi32, #blocked1>")
    w(f"    %bcol2 = tt.expand_dims %bcol {{axis = 0 : i32}} : tensor<{BN}xi32, {sl(0, 'blocked1')}> -> tensor<1x{BN}xi32, #blocked1>")
    w(f"    %ldbs = tt.splat %ldb : i32 -> tensor<{BK}x1xi32, #blocked1>")
    w(f"    %bro = arith.muli %brow2, %ldbs : tensor<{BK}x1xi32, #blocked1>")
    w(f"    %brob = tt.broadcast %bro : tensor<{BK}x1xi32, #blocked1> -> {Bi}")
    w(f"    %bcob = tt.broadcast %bcol2 : tensor<1x{BN}xi32, #blocked1> -> {Bi}")
    w(f"    %boff = arith.addi %brob, %bcob : {Bi}")
    w(f"    %bsp = tt.splat %b : !tt.ptr<{dt}> -> {B}")
    w(f"    %bptr0 = tt.addptr %bsp, %boff : {B}, {Bi}")
    w(f"    %Ns = tt.splat %N : i32 -> tensor<1x{BN}xi32, #blocked1>")
    w(f"    %bmc = arith.cmpi slt, %bcol2, %Ns : tensor<1x{BN}xi32, #blocked1>")
    w(f"    %bmcb = tt.broadcast %bmc : tensor<1x{BN}xi1, #blocked1> -> {Bm}")
    w(f"    %bstep = arith.muli %ldb, %cBK : i32")
    w(f"    %binc = tt.splat %bstep : i32 -> {Bi}")
    if sparse:
        # ---- metadata tile pointers [MB, BK] (band16 rows m0/16.., columns k0..)
        w(f"    %er = tt.make_range {{end = {MB} : i32, start = 0 : i32}} : tensor<{MB}xi32, {sl(1, 'blocked2')}>")
        w(f"    %ec = tt.make_range {{end = {BK} : i32, start = 0 : i32}} : tensor<{BK}xi32, {sl(0, 'blocked2')}>")
        w(f"    %e0 = arith.muli %pm, %cMB : i32")
        w(f"    %e0s = tt.splat %e0 : i32 -> tensor<{MB}xi32, {sl(1, 'blocked2')}>")
        w(f"    %erow = arith.addi %e0s, %er : tensor<{MB}xi32, {sl(1, 'blocked2')}>")
        w(f"    %erow2 = tt.expand_dims %erow {{axis = 1 : i32}} : tensor<{MB}xi32, {sl(1, 'blocked2')}> -> tensor<{MB}x1xi32, #blocked2>")
        w(f"    %ecol2 = tt.expand_dims %ec {{axis = 0 : i32}} : tensor<{BK}xi32, {sl(0, 'blocked2')}> -> tensor<1x{BK}xi32, #blocked2>")
        w(f"    %ldms = tt.splat %ldm : i32 -> tensor<{MB}x1xi32, #blocked2>")
        w(f"    %ero = arith.muli %erow2, %ldms : tensor<{MB}x1xi32, #blocked2>")
        w(f"    %erob = tt.broadcast %ero : tensor<{MB}x1xi32, #blocked2> -> {Ei}")
        w(f"    %ecob = tt.broadcast %ecol2 : tensor<1x{BK}xi32, #blocked2> -> {Ei}")
        w(f"    %eoff = arith.addi %erob, %ecob : {Ei}")
        w(f"    %esp = tt.splat %e : !tt.ptr<i16> -> {E}")
        w(f"    %eptr0 = tt.addptr %esp, %eoff : {E}, {Ei}")
        w(f"    %c16 = arith.constant 16 : i32")
        w(f"    %MBt = arith.divsi %M, %c16 : i32")
        w(f"    %MBs = tt.splat %MBt : i32 -> tensor<{MB}x1xi32, #blocked2>")
        w(f"    %emr = arith.cmpi slt, %erow2, %MBs : tensor<{MB}x1xi32, #blocked2>")
        w(f"    %emrb = tt.broadcast %emr : tensor<{MB}x1xi1, #blocked2> -> {Em}")
        w(f"    %einc = tt.splat %cBK : i32 -> {Ei}")
        w(f"    %ebuf = triton_gpu.local_alloc  : () -> {Ebuf}")
    w(f"    %abuf = triton_gpu.local_alloc  : () -> {Abuf}")
    w(f"    %bbuf = triton_gpu.local_alloc  : () -> {Bbuf}")

    # Issue the copies of k-tile %kt (pointers %ap, %bp, %ep) into slot %slot, valid if %ok.
    def issue(sfx, kt, slot, ap, bp, ep, ind="    "):
        w(ind + f"%kA{sfx} = arith.muli {kt}, %cAK : i32")
        w(ind + f"%kAs{sfx} = tt.splat %kA{sfx} : i32 -> tensor<1x{AK}xi32, #blocked>")
        w(ind + f"%kAc{sfx} = arith.addi %kAs{sfx}, %acol2 : tensor<1x{AK}xi32, #blocked>")
        w(ind + f"%KAs{sfx} = tt.splat %KA : i32 -> tensor<1x{AK}xi32, #blocked>")
        w(ind + f"%amc{sfx} = arith.cmpi slt, %kAc{sfx}, %KAs{sfx} : tensor<1x{AK}xi32, #blocked>")
        w(ind + f"%amcb{sfx} = tt.broadcast %amc{sfx} : tensor<1x{AK}xi1, #blocked> -> {Am}")
        w(ind + f"%amask{sfx} = arith.andi %amrb, %amcb{sfx} : {Am}")
        w(ind + f"%as{sfx} = triton_gpu.memdesc_subview %abuf[{slot}, %c0, %c0] : {Abuf} -> {At}")
        w(ind + f"%ta{sfx} = triton_gpu.async_copy_global_to_local {ap}, %as{sfx} mask %amask{sfx} : {A} -> <{BM}x{AK}x{dt}, #shared, #triton_gpu.shared_memory, mutable>")
        w(ind + f"%kB{sfx} = arith.muli {kt}, %cBK : i32")
        w(ind + f"%kBs{sfx} = tt.splat %kB{sfx} : i32 -> tensor<{BK}x1xi32, #blocked1>")
        w(ind + f"%kBr{sfx} = arith.addi %kBs{sfx}, %brow2 : tensor<{BK}x1xi32, #blocked1>")
        w(ind + f"%Ks{sfx} = tt.splat %K : i32 -> tensor<{BK}x1xi32, #blocked1>")
        w(ind + f"%bmr{sfx} = arith.cmpi slt, %kBr{sfx}, %Ks{sfx} : tensor<{BK}x1xi32, #blocked1>")
        w(ind + f"%bmrb{sfx} = tt.broadcast %bmr{sfx} : tensor<{BK}x1xi1, #blocked1> -> {Bm}")
        w(ind + f"%bmask{sfx} = arith.andi %bmrb{sfx}, %bmcb : {Bm}")
        w(ind + f"%bs{sfx} = triton_gpu.memdesc_subview %bbuf[{slot}, %c0, %c0] : {Bbuf} -> {Bt}")
        w(ind + f"%tb{sfx} = triton_gpu.async_copy_global_to_local {bp}, %bs{sfx} mask %bmask{sfx} : {B} -> <{BK}x{BN}x{dt}, #shared1, #triton_gpu.shared_memory, mutable>")
        if sparse:
            w(ind + f"%kvalid{sfx} = arith.cmpi slt, {kt}, %nk : i32")
            w(ind + f"%kvs{sfx} = tt.splat %kvalid{sfx} : i1 -> {Em}")
            w(ind + f"%emask{sfx} = arith.andi %emrb, %kvs{sfx} : {Em}")
            w(ind + f"%es{sfx} = triton_gpu.memdesc_subview %ebuf[{slot}, %c0, %c0] : {Ebuf} -> {Et}")
            w(ind + f"%te{sfx} = triton_gpu.async_copy_global_to_local {ep}, %es{sfx} mask %emask{sfx} : {E} -> <{MB}x{BK}xi16, #shared2, #triton_gpu.shared_memory, mutable>")
        w(ind + f"%g{sfx} = triton_gpu.async_commit_group")

    # Prologue: k-tiles 0 .. S-2 into slots 0 .. S-2; pointers advance by one tile each.
    ap, bp, ep = "%aptr0", "%bptr0", "%eptr0"
    for s in range(S - 1):
        w(f"    %kt{s} = arith.constant {s} : i32")
        issue(f"_p{s}", f"%kt{s}", f"%kt{s}", ap, bp, ep)
        w(f"    %aptr{s+1} = tt.addptr {ap}, %ainc : {A}, {Ai}")
        w(f"    %bptr{s+1} = tt.addptr {bp}, %binc : {B}, {Bi}")
        ap, bp = f"%aptr{s+1}", f"%bptr{s+1}"
        if sparse:
            w(f"    %eptr{s+1} = tt.addptr {ep}, %einc : {E}, {Ei}")
            ep = f"%eptr{s+1}"
    iters = f"%acc = %zero, %ap = {ap}, %bp = {bp}" + (f", %ep = {ep}" if sparse else "")
    itys = f"{C}, {A}, {B}" + (f", {E}" if sparse else "")
    n_res = 4 if sparse else 3
    w(f"    %res:{n_res} = scf.for %i = %c0 to %nk step %c1 iter_args({iters}) -> ({itys})  : i32 {{")
    w(f"      %rd = arith.remsi %i, %cS : i32")
    w(f"      %wt = triton_gpu.async_wait  {{num = {S - 2} : i32}}")
    w(f"      %asv = triton_gpu.memdesc_subview %abuf[%rd, %c0, %c0] : {Abuf} -> {At}")
    w(f"      %aop = triton_gpu.local_load %asv : {At} -> {Aop}")
    w(f"      %bsv = triton_gpu.memdesc_subview %bbuf[%rd, %c0, %c0] : {Bbuf} -> {Bt}")
    w(f"      %bop = triton_gpu.local_load %bsv : {Bt} -> {Bop}")
    if sparse:
        w(f"      %esv = triton_gpu.memdesc_subview %ebuf[%rd, %c0, %c0] : {Ebuf} -> {Et}")
        w(f"      %eop = triton_gpu.local_load %esv : {Et} -> {Eop}")
        w(f"      %d = tt.dot %aop, %bop, %acc, %eop, sparseIndex = 0 : {Aop}, {Eop} * {Bop} -> {C}")
    else:
        w(f"      %d = tt.dot %aop, %bop, %acc : {Aop} * {Bop} -> {C}")
    w(f"      %cSm1 = arith.constant {S - 1} : i32")
    w(f"      %nt = arith.addi %i, %cSm1 : i32")
    w(f"      %wr = arith.remsi %nt, %cS : i32")
    issue("_l", "%nt", "%wr", "%ap", "%bp", "%ep", ind="      ")
    w(f"      %an = tt.addptr %ap, %ainc : {A}, {Ai}")
    w(f"      %bn = tt.addptr %bp, %binc : {B}, {Bi}")
    if sparse:
        w(f"      %en = tt.addptr %ep, %einc : {E}, {Ei}")
        w(f"      scf.yield %d, %an, %bn, %en : {itys}")
    else:
        w(f"      scf.yield %d, %an, %bn : {itys}")
    w(f"    }}")
    w(f"    %wend = triton_gpu.async_wait  {{num = 0 : i32}}")
    if sparse:
        w(f"    triton_gpu.local_dealloc %ebuf : {Ebuf}")
    w(f"    triton_gpu.local_dealloc %abuf : {Abuf}")
    w(f"    triton_gpu.local_dealloc %bbuf : {Bbuf}")
    # ---- epilogue: C tile in #blocked1 (BN wide rows)
    Ct = f"tensor<{BM}x{BN}x{dt}, #mma>"
    Cb = f"tensor<{BM}x{BN}x{dt}, #blocked1>"
    Cp = f"tensor<{BM}x{BN}x!tt.ptr<{dt}>, #blocked1>"
    Ci = f"tensor<{BM}x{BN}xi32, #blocked1>"
    Cm = f"tensor<{BM}x{BN}xi1, #blocked1>"
    w(f"    %ct = arith.truncf %res#0 : {C} to {Ct}")
    w(f"    %cb = triton_gpu.convert_layout %ct : {Ct} -> {Cb}")
    w(f"    %cr = tt.make_range {{end = {BM} : i32, start = 0 : i32}} : tensor<{BM}xi32, {sl(1, 'blocked1')}>")
    w(f"    %cm0 = tt.splat %m0 : i32 -> tensor<{BM}xi32, {sl(1, 'blocked1')}>")
    w(f"    %crow = arith.addi %cm0, %cr : tensor<{BM}xi32, {sl(1, 'blocked1')}>")
    w(f"    %crow2 = tt.expand_dims %crow {{axis = 1 : i32}} : tensor<{BM}xi32, {sl(1, 'blocked1')}> -> tensor<{BM}x1xi32, #blocked1>")
    w(f"    %ldcs = tt.splat %ldc : i32 -> tensor<{BM}x1xi32, #blocked1>")
    w(f"    %cro = arith.muli %crow2, %ldcs : tensor<{BM}x1xi32, #blocked1>")
    w(f"    %crob = tt.broadcast %cro : tensor<{BM}x1xi32, #blocked1> -> {Ci}")
    w(f"    %ccob = tt.broadcast %bcol2 : tensor<1x{BN}xi32, #blocked1> -> {Ci}")
    w(f"    %coff = arith.addi %crob, %ccob : {Ci}")
    w(f"    %csp = tt.splat %c : !tt.ptr<{dt}> -> {Cp}")
    w(f"    %cptr = tt.addptr %csp, %coff : {Cp}, {Ci}")
    w(f"    %Mc = tt.splat %M : i32 -> tensor<{BM}x1xi32, #blocked1>")
    w(f"    %cmr = arith.cmpi slt, %crow2, %Mc : tensor<{BM}x1xi32, #blocked1>")
    w(f"    %cmrb = tt.broadcast %cmr : tensor<{BM}x1xi1, #blocked1> -> {Cm}")
    w(f"    %cmc = tt.broadcast %bmc : tensor<1x{BN}xi1, #blocked1> -> {Cm}")
    w(f"    %cmask = arith.andi %cmrb, %cmc : {Cm}")
    w(f"    tt.store %cptr, %cb, %cmask : {Cp}")
    w(f"    tt.return")
    w(f"  }}")
    head = HEADER.format(at0=at0, at1=at1, bt0=bt0, bt1=bt1, nw=nw, ew0=ew0, ew1=ew1, es=es, wm=wm, wn=wn, aph=aph, amx=amx)
    return head + "\n".join(L) + "\n}\n"


if __name__ == "__main__":
    for dt in ("f16", "bf16"):
        with open(f"matmul_{dt}.mlir", "w") as f:
            f.write(f"// Generated by gen_matmul.py: dense {dt} matmul, 128x128x64 tiles, 4 warps, 4-stage cp.async pipeline.\n")
            f.write(kernel(f"matmul_{dt}", dt, False))
        with open(f"sparse_matmul_{dt}.mlir", "w") as f:
            f.write(f"// Generated by gen_matmul.py: 2:4-sparse-A {dt} matmul (mma.sp m16n8k32), 128x128x64 tiles, 4 warps, 4 stages.\n")
            f.write(kernel(f"sparse_matmul_{dt}", dt, True))
    # Larger tiles for performance work (not assembled by TestAssemble).
    import os
    os.makedirs("bench", exist_ok=True)
    variants = {
        "t128x256x64_w8_s3": dict(BM=128, BN=256, BK=64, nw=8, wm=2, wn=4, S=3),
        "t256x128x64_w8_s3": dict(BM=256, BN=128, BK=64, nw=8, wm=4, wn=2, S=3),
        "t128x128x64_w4_s4": dict(BM=128, BN=128, BK=64, nw=4, wm=2, wn=2, S=4),
        "t128x256x128_w8_s2": dict(BM=128, BN=256, BK=128, nw=8, wm=2, wn=4, S=2),
        "t256x128x64_w8_s4": dict(BM=256, BN=128, BK=64, nw=8, wm=4, wn=2, S=4),
        "t128x256x64_w8_s4": dict(BM=128, BN=256, BK=64, nw=8, wm=2, wn=4, S=4),
        "t128x128x64_w8_s4": dict(BM=128, BN=128, BK=64, nw=8, wm=2, wn=4, S=4),
    }
    for tag, cfg in variants.items():
        for sparse in (False, True):
            name = ("sparse_matmul_f16_" if sparse else "matmul_f16_") + tag
            with open(f"bench/{name}.mlir", "w") as f:
                f.write(f"// Generated by gen_matmul.py: {name} ({cfg}).\n")
                f.write(kernel(name, "f16", sparse, **cfg))
