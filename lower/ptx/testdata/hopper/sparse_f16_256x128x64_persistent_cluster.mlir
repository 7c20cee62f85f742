// golden w8_s5_tma_c2: target=cuda:90 num-warps=8 num-stages=5 tma=true num-ctas=2
// golden w8_s4_c2: target=cuda:90 num-warps=8 num-stages=4 num-ctas=2
// sparse_matmul_128.mlir with 2:4 sparse A, f16, persistent, grouped order (G = 8): BM = 256, BN = 128, BK = 64
// (bench/gen_tile.py).
module {
  tt.func public @sparse_matmul(%arg0: !tt.ptr<f16, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %ckm1 = arith.constant 63 : i32
    %ck = arith.constant 64 : i32
    %cm = arith.constant 256 : i32
    %cn = arith.constant 128 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<256x128xf32>
    %px = tt.get_program_id x : i32
    %pn = tt.get_num_programs x : i32
    %gbm1 = arith.constant 255 : i32
    %gbm = arith.constant 256 : i32
    %gbn1 = arith.constant 127 : i32
    %gbn = arith.constant 128 : i32
    %gG = arith.constant 8 : i32
    %gm0 = arith.addi %arg3, %gbm1 : i32
    %gnpm = arith.divsi %gm0, %gbm : i32
    %gn0 = arith.addi %arg4, %gbn1 : i32
    %gnpn = arith.divsi %gn0, %gbn : i32
    %gtiles = arith.muli %gnpm, %gnpn : i32
    scf.for %gpid = %px to %gtiles step %pn : i32 {
    %gin = arith.muli %gG, %gnpn : i32
    %ggid = arith.divsi %gpid, %gin : i32
    %gfirst = arith.muli %ggid, %gG : i32
    %gleft = arith.subi %gnpm, %gfirst : i32
    %gsize = arith.minsi %gleft, %gG : i32
    %gr = arith.remsi %gpid, %gin : i32
    %gmr = arith.remsi %gr, %gsize : i32
    %0 = arith.addi %gfirst, %gmr : i32
    %1 = arith.divsi %gr, %gsize : i32
    %2 = arith.muli %0, %cm : i32
    %3 = arith.muli %1, %cn : i32
    %4 = arith.extsi %arg3 : i32 to i64
    %5 = arith.extsi %arg5 : i32 to i64
    %6 = arith.extsi %arg6 : i32 to i64
    %7 = tt.make_tensor_ptr %arg0, [%4, %5], [%6, %c1_i64], [%2, %c0_i32] {order = array<i32: 1, 0>} : <tensor<256x64xf16, #tt.sparse<"NV24">>>
    %8 = arith.extsi %arg4 : i32 to i64
    %9 = arith.extsi %arg7 : i32 to i64
    %10 = tt.make_tensor_ptr %arg1, [%5, %8], [%9, %c1_i64], [%c0_i32, %3] {order = array<i32: 1, 0>} : <tensor<64x128xf16>>
    %11 = arith.addi %arg5, %ckm1 : i32
    %12 = arith.divsi %11, %ck : i32
    %13:3 = scf.for %arg9 = %c0_i32 to %12 step %c1_i32 iter_args(%arg10 = %cst, %arg11 = %7, %arg12 = %10) -> (tensor<256x128xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x128xf16>>)  : i32 {
      %18 = tt.load %arg11 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>
      %19 = tt.load %arg12 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<64x128xf16>>
      %20 = tt.dot %18, %19, %arg10 : tensor<256x64xf16, #tt.sparse<"NV24">> * tensor<64x128xf16> -> tensor<256x128xf32>
      %21 = tt.advance %arg11, [%c0_i32, %ck] : <tensor<256x64xf16, #tt.sparse<"NV24">>>
      %22 = tt.advance %arg12, [%ck, %c0_i32] : <tensor<64x128xf16>>
      scf.yield %20, %21, %22 : tensor<256x128xf32>, !tt.ptr<tensor<256x64xf16, #tt.sparse<"NV24">>>, !tt.ptr<tensor<64x128xf16>>
    }
    %14 = arith.truncf %13#0 : tensor<256x128xf32> to tensor<256x128xf16>
    %15 = arith.extsi %arg8 : i32 to i64
    %16 = tt.make_tensor_ptr %arg2, [%4, %8], [%15, %c1_i64], [%2, %3] {order = array<i32: 1, 0>} : <tensor<256x128xf16>>
    tt.store %16, %14 {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<256x128xf16>>
    }
    tt.return
  }
}
