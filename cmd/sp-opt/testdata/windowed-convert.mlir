// A 128x256 bf16 conversion from a wgmma accumulator layout to a one-warp-per-row
// store layout beside 200 KB of live shared memory: FuzzEmitPTX's seed for the
// lowering's windowed conversions (lower/ptx fitShared, TestWindowedConvert).
#mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#st = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [1, 32], warpsPerCTA = [8, 1], order = [1, 0]}>
#sh0 = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 8 : i32, triton_gpu.target = "cuda:90", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(%p: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %ring = triton_gpu.local_alloc  : () -> !tt.memdesc<800x256xi8, #sh0, #triton_gpu.shared_memory, mutable>
    %r_mma = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #mma}>>
    %r2_mma = tt.expand_dims %r_mma {axis = 1 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xi32, #mma>
    %s_mma = arith.constant dense<256> : tensor<128x1xi32, #mma>
    %r3_mma = arith.muli %r2_mma, %s_mma : tensor<128x1xi32, #mma>
    %c_mma = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>>
    %c2_mma = tt.expand_dims %c_mma {axis = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #mma}>> -> tensor<1x256xi32, #mma>
    %rb_mma = tt.broadcast %r3_mma : tensor<128x1xi32, #mma> -> tensor<128x256xi32, #mma>
    %cb_mma = tt.broadcast %c2_mma : tensor<1x256xi32, #mma> -> tensor<128x256xi32, #mma>
    %o_mma = arith.addi %rb_mma, %cb_mma : tensor<128x256xi32, #mma>
    %r_st = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #st}>>
    %r2_st = tt.expand_dims %r_st {axis = 1 : i32} : tensor<128xi32, #triton_gpu.slice<{dim = 1, parent = #st}>> -> tensor<128x1xi32, #st>
    %s_st = arith.constant dense<256> : tensor<128x1xi32, #st>
    %r3_st = arith.muli %r2_st, %s_st : tensor<128x1xi32, #st>
    %c_st = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #st}>>
    %c2_st = tt.expand_dims %c_st {axis = 0 : i32} : tensor<256xi32, #triton_gpu.slice<{dim = 0, parent = #st}>> -> tensor<1x256xi32, #st>
    %rb_st = tt.broadcast %r3_st : tensor<128x1xi32, #st> -> tensor<128x256xi32, #st>
    %cb_st = tt.broadcast %c2_st : tensor<1x256xi32, #st> -> tensor<128x256xi32, #st>
    %o_st = arith.addi %rb_st, %cb_st : tensor<128x256xi32, #st>
    %ps = tt.splat %p : !tt.ptr<bf16> -> tensor<128x256x!tt.ptr<bf16>, #mma>
    %ptrs = tt.addptr %ps, %o_mma : tensor<128x256x!tt.ptr<bf16>, #mma>, tensor<128x256xi32, #mma>
    %v = tt.load %ptrs : tensor<128x256x!tt.ptr<bf16>, #mma>
    %w = triton_gpu.convert_layout %v : tensor<128x256xbf16, #mma> -> tensor<128x256xbf16, #st>
    %qs = tt.splat %q : !tt.ptr<bf16> -> tensor<128x256x!tt.ptr<bf16>, #st>
    %qptrs = tt.addptr %qs, %o_st : tensor<128x256x!tt.ptr<bf16>, #st>, tensor<128x256xi32, #st>
    tt.store %qptrs, %w : tensor<128x256x!tt.ptr<bf16>, #st>
    triton_gpu.local_dealloc %ring : !tt.memdesc<800x256xi8, #sh0, #triton_gpu.shared_memory, mutable>
    tt.return
  }
}
