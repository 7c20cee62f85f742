// Masked 2-D copy of an M x N f16 matrix (row stride ld) into an M x ldo
// matrix (ldo >= N) in 64x64 tiles: out[r][c] = in[r][c] for c < N and
// `other` (-1.0) for N <= c < ldo. M, N, ld, ldo carry no divisibility:
// every access is scalar and predicated; 8 f16 per thread along rows.
#blocked = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @masked_copy(%in: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32, %N: i32, %ld: i32, %ldo: i32) attributes {noinline = false} {
    %c64 = arith.constant 64 : i32
    %other = arith.constant dense<-1.000000e+00> : tensor<64x64xf16, #blocked>
    %pm = tt.get_program_id x : i32
    %pn = tt.get_program_id y : i32
    %r0 = arith.muli %pm, %c64 : i32
    %c0 = arith.muli %pn, %c64 : i32
    %ri = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %ci = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %r0s = tt.splat %r0 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %c0s = tt.splat %c0 : i32 -> tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %rows = arith.addi %r0s, %ri : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>>
    %cols = arith.addi %c0s, %ci : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>>
    %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #blocked}>> -> tensor<64x1xi32, #blocked>
    %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %lds = tt.splat %ld : i32 -> tensor<64x1xi32, #blocked>
    %ldos = tt.splat %ldo : i32 -> tensor<64x1xi32, #blocked>
    %rofs = arith.muli %r2, %lds : tensor<64x1xi32, #blocked>
    %rofso = arith.muli %r2, %ldos : tensor<64x1xi32, #blocked>
    %rb = tt.broadcast %rofs : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %rbo = tt.broadcast %rofso : tensor<64x1xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %cb = tt.broadcast %c2 : tensor<1x64xi32, #blocked> -> tensor<64x64xi32, #blocked>
    %offs = arith.addi %rb, %cb : tensor<64x64xi32, #blocked>
    %offso = arith.addi %rbo, %cb : tensor<64x64xi32, #blocked>
    %Ms = tt.splat %M : i32 -> tensor<64x1xi32, #blocked>
    %Ns = tt.splat %N : i32 -> tensor<1x64xi32, #blocked>
    %rm = arith.cmpi slt, %r2, %Ms : tensor<64x1xi32, #blocked>
    %cm = arith.cmpi slt, %c2, %Ns : tensor<1x64xi32, #blocked>
    %rmb = tt.broadcast %rm : tensor<64x1xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %cmb = tt.broadcast %cm : tensor<1x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %mask = arith.andi %rmb, %cmb : tensor<64x64xi1, #blocked>
    %ip = tt.splat %in : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ips = tt.addptr %ip, %offs : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %v = tt.load %ips, %mask, %other : tensor<64x64x!tt.ptr<f16>, #blocked>
    %op = tt.splat %out : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>, #blocked>
    %ops = tt.addptr %op, %offso : tensor<64x64x!tt.ptr<f16>, #blocked>, tensor<64x64xi32, #blocked>
    %Nws = tt.splat %ldo : i32 -> tensor<1x64xi32, #blocked>
    %cw = arith.cmpi slt, %c2, %Nws : tensor<1x64xi32, #blocked>
    %cwb = tt.broadcast %cw : tensor<1x64xi1, #blocked> -> tensor<64x64xi1, #blocked>
    %smask = arith.andi %rmb, %cwb : tensor<64x64xi1, #blocked>
    tt.store %ops, %v, %smask : tensor<64x64x!tt.ptr<f16>, #blocked>
    tt.return
  }
}
