// Element-wise arithmetic, math and casts over every supported type
// (f16, bf16, f32, f64, i1, i8, i16, i32, i64), plus a round trip through
// shared memory (local_alloc from a tensor, local_load to another layout)
// and an scf.if on a scalar condition. Assembled for sm_80 and sm_90.
#b = #triton_gpu.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b4 = #triton_gpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#sh = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @types(%ph: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %pb: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %pd: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %pc: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %ps: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %pl: !tt.ptr<i64> {tt.divisibility = 16 : i32}, %pf: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %flag: i1, %x: f32) attributes {noinline = false} {
    %o = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b>
    %h_p = tt.splat %ph : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b>
    %h_a = tt.addptr %h_p, %o : tensor<256x!tt.ptr<f16>, #b>, tensor<256xi32, #b>
    %h = tt.load %h_a : tensor<256x!tt.ptr<f16>, #b>
    %b_p = tt.splat %pb : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>, #b>
    %b_a = tt.addptr %b_p, %o : tensor<256x!tt.ptr<bf16>, #b>, tensor<256xi32, #b>
    %bv = tt.load %b_a : tensor<256x!tt.ptr<bf16>, #b>
    %d_p = tt.splat %pd : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #b>
    %d_a = tt.addptr %d_p, %o : tensor<256x!tt.ptr<f64>, #b>, tensor<256xi32, #b>
    %d = tt.load %d_a : tensor<256x!tt.ptr<f64>, #b>
    %c_p = tt.splat %pc : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #b>
    %c_a = tt.addptr %c_p, %o : tensor<256x!tt.ptr<i8>, #b>, tensor<256xi32, #b>
    %c = tt.load %c_a : tensor<256x!tt.ptr<i8>, #b>
    %s_p = tt.splat %ps : !tt.ptr<i16> -> tensor<256x!tt.ptr<i16>, #b>
    %s_a = tt.addptr %s_p, %o : tensor<256x!tt.ptr<i16>, #b>, tensor<256xi32, #b>
    %s = tt.load %s_a : tensor<256x!tt.ptr<i16>, #b>
    %l_p = tt.splat %pl : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>, #b>
    %l_a = tt.addptr %l_p, %o : tensor<256x!tt.ptr<i64>, #b>, tensor<256xi32, #b>
    %l = tt.load %l_a : tensor<256x!tt.ptr<i64>, #b>
    // f16 / bf16 through f32
    %h2 = arith.mulf %h, %h : tensor<256xf16, #b>
    %h3 = math.exp %h2 : tensor<256xf16, #b>
    %h4 = arith.maximumf %h3, %h : tensor<256xf16, #b>
    %b2 = arith.divf %bv, %bv : tensor<256xbf16, #b>
    %b3 = math.sqrt %b2 : tensor<256xbf16, #b>
    %hb = arith.extf %h4 : tensor<256xf16, #b> to tensor<256xf32, #b>
    %bb = arith.extf %b3 : tensor<256xbf16, #b> to tensor<256xf32, #b>
    %f = math.fma %hb, %bb, %hb : tensor<256xf32, #b>
    %f2 = math.rsqrt %f : tensor<256xf32, #b>
    %f3 = math.floor %f2 : tensor<256xf32, #b>
    // f64
    %d2 = arith.subf %d, %d : tensor<256xf64, #b>
    %d3 = arith.negf %d2 : tensor<256xf64, #b>
    %d4 = arith.maximumf %d3, %d : tensor<256xf64, #b>
    %df = arith.truncf %d4 : tensor<256xf64, #b> to tensor<256xf32, #b>
    // integers
    %c2 = arith.addi %c, %c : tensor<256xi8, #b>
    %c3 = arith.shli %c2, %c : tensor<256xi8, #b>
    %s2 = arith.muli %s, %s : tensor<256xi16, #b>
    %s3 = arith.shrsi %s2, %s : tensor<256xi16, #b>
    %cs = arith.extsi %c3 : tensor<256xi8, #b> to tensor<256xi16, #b>
    %s4 = arith.maxsi %s3, %cs : tensor<256xi16, #b>
    %si = arith.extsi %s4 : tensor<256xi16, #b> to tensor<256xi32, #b>
    %l2 = arith.remsi %l, %l : tensor<256xi64, #b>
    %l3 = arith.xori %l2, %l : tensor<256xi64, #b>
    %l4 = arith.shrui %l3, %l : tensor<256xi64, #b>
    %li = arith.trunci %l4 : tensor<256xi64, #b> to tensor<256xi32, #b>
    %i = arith.addi %si, %li : tensor<256xi32, #b>
    %neg = arith.cmpi slt, %i, %o : tensor<256xi32, #b>
    %nf = arith.cmpf une, %f3, %df : tensor<256xf32, #b>
    %both = arith.andi %neg, %nf : tensor<256xi1, #b>
    %iz = arith.extui %both : tensor<256xi1, #b> to tensor<256xi32, #b>
    %if = arith.sitofp %iz : tensor<256xi32, #b> to tensor<256xf32, #b>
    %sel = arith.select %both, %f3, %df : tensor<256xi1, #b>, tensor<256xf32, #b>
    %sum = arith.addf %sel, %if : tensor<256xf32, #b>
    // scalar control flow
    %y = scf.if %flag -> (tensor<256xf32, #b>) {
      %xs = tt.splat %x : f32 -> tensor<256xf32, #b>
      %z = arith.addf %sum, %xs : tensor<256xf32, #b>
      scf.yield %z : tensor<256xf32, #b>
    } else {
      scf.yield %sum : tensor<256xf32, #b>
    }
    // through shared memory into a layout with 4 elements per thread
    %m = triton_gpu.local_alloc %y : (tensor<256xf32, #b>) -> !tt.memdesc<256xf32, #sh, #triton_gpu.shared_memory>
    %y4 = triton_gpu.local_load %m : !tt.memdesc<256xf32, #sh, #triton_gpu.shared_memory> -> tensor<256xf32, #b4>
    %o4 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b4>
    %f_p = tt.splat %pf : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #b4>
    %f_a = tt.addptr %f_p, %o4 : tensor<256x!tt.ptr<f32>, #b4>, tensor<256xi32, #b4>
    tt.store %f_a, %y4 : tensor<256x!tt.ptr<f32>, #b4>
    %yc = arith.fptosi %y : tensor<256xf32, #b> to tensor<256xi8, #b>
    tt.store %c_a, %yc : tensor<256x!tt.ptr<i8>, #b>
    %yh = arith.truncf %y : tensor<256xf32, #b> to tensor<256xf16, #b>
    tt.store %h_a, %yh : tensor<256x!tt.ptr<f16>, #b>
    %yb = arith.truncf %y : tensor<256xf32, #b> to tensor<256xbf16, #b>
    tt.store %b_a, %yb : tensor<256x!tt.ptr<bf16>, #b>
    tt.return
  }
}
