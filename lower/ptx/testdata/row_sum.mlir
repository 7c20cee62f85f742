// Row sums of an M x N f16 matrix in f32: out[r] = sum_c x[r][c], 16 rows
// per program, 256-column chunks in an scf.for whose accumulator is a
// slice-layout tensor. The reduction spans 4 lanes x 4 warps along the
// columns: in-thread adds, shfl.sync.bfly, then shared memory.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @row_sum(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32, %N: i32 {tt.divisibility = 16 : i32}, %ld: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c16 = arith.constant 16 : i32
    %c256 = arith.constant 256 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<16xf32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %pid = tt.get_program_id x : i32
    %r0 = arith.muli %pid, %c16 : i32
    %ri = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %r0s = tt.splat %r0 : i32 -> tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %rows = arith.addi %r0s, %ri : tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %lds = tt.splat %ld : i32 -> tensor<16x1xi32, #blocked>
    %ro = arith.muli %r2, %lds : tensor<16x1xi32, #blocked>
    %rob = tt.broadcast %ro : tensor<16x1xi32, #blocked> -> tensor<16x256xi32, #blocked>
    %Ms = tt.splat %M : i32 -> tensor<16x1xi32, #blocked>
    %rm = arith.cmpi slt, %r2, %Ms : tensor<16x1xi32, #blocked>
    %rmb = tt.broadcast %rm : tensor<16x1xi1, #blocked> -> tensor<16x256xi1, #blocked>
    %ci = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %c2 = tt.expand_dims %ci {axis = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x256xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<16x256x!tt.ptr<f16>, #blocked>
    %Ns = tt.splat %N : i32 -> tensor<1x256xi32, #blocked>
    %sum = scf.for %k = %c0 to %N step %c256 iter_args(%acc = %zero) -> (tensor<16xf32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>)  : i32 {
      %ks = tt.splat %k : i32 -> tensor<1x256xi32, #blocked>
      %cols = arith.addi %ks, %c2 : tensor<1x256xi32, #blocked>
      %cm = arith.cmpi slt, %cols, %Ns : tensor<1x256xi32, #blocked>
      %cmb = tt.broadcast %cm : tensor<1x256xi1, #blocked> -> tensor<16x256xi1, #blocked>
      %mask = arith.andi %rmb, %cmb : tensor<16x256xi1, #blocked>
      %colb = tt.broadcast %cols : tensor<1x256xi32, #blocked> -> tensor<16x256xi32, #blocked>
      %offs = arith.addi %rob, %colb : tensor<16x256xi32, #blocked>
      %ptrs = tt.addptr %xs, %offs : tensor<16x256x!tt.ptr<f16>, #blocked>, tensor<16x256xi32, #blocked>
      %v = tt.load %ptrs, %mask : tensor<16x256x!tt.ptr<f16>, #blocked>
      %vf = arith.extf %v : tensor<16x256xf16, #blocked> to tensor<16x256xf32, #blocked>
      %part = "tt.reduce"(%vf) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<16x256xf32, #blocked>) -> tensor<16xf32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      %nacc = arith.addf %acc, %part : tensor<16xf32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
      scf.yield %nacc : tensor<16xf32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    }
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %op = tt.addptr %os, %rows : tensor<16x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #blocked}>>, tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %Mr = tt.splat %M : i32 -> tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %om = arith.cmpi slt, %rows, %Mr : tensor<16xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    tt.store %op, %sum, %om : tensor<16x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }
}
