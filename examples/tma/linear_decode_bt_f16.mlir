// A decode-shaped linear layer, y = x @ W.T with W (N x K) 2:4 along K as torch.nn.Linear holds it: 16 rows of x
// (tokens) per program, 128 weight rows, BK 32. Read as w.T, the weight tile is the sparse A of the transposed
// product Cᵀ = W·Xᵀ, so on sm_90 it runs on wgmma.sp m64n16k32 with the tokens as N (the form cuSPARSELt takes for
// small batches), the three tiles TMA copies on mbarriers with sp-pipeline tma=true.
// Launch: linear_decode_bt_f16.json (W marked 2:4, "sparse": "A", its form).
module {
  tt.func public @linear_decode_bt(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %bt_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %cBM = arith.constant 16 : i32
    %cBN = arith.constant 128 : i32
    %cBK = arith.constant 32 : i32
    %cBK1 = arith.constant 31 : i32
    %acc0 = arith.constant dense<0.0> : tensor<16x128xf32>
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %m0 = arith.muli %pid_m, %cBM : i32
    %n0 = arith.muli %pid_n, %cBN : i32
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%K64, %c1_i64], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
    %pb = tt.make_tensor_ptr %bt_ptr, [%N64, %K64], [%K64, %c1_i64], [%n0, %c0] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
    %kt = arith.addi %K, %cBK1 : i32
    %nk = arith.divsi %kt, %cBK : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%acc = %acc0, %ap = %pa, %bp = %pb) -> (tensor<16x128xf32>, !tt.ptr<tensor<16x32xf16>>, !tt.ptr<tensor<128x32xf16>>) : i32 {
      %av = tt.load %ap {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf16>>
      %bv = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x32xf16>>
      %bt = tt.trans %bv {order = array<i32: 1, 0>} : tensor<128x32xf16> -> tensor<32x128xf16>
      %dd = tt.dot %av, %bt, %acc : tensor<16x32xf16> * tensor<32x128xf16> -> tensor<16x128xf32>
      %ap2 = tt.advance %ap, [%c0, %cBK] : <tensor<16x32xf16>>
      %bp2 = tt.advance %bp, [%c0, %cBK] : <tensor<128x32xf16>>
      scf.yield %dd, %ap2, %bp2 : tensor<16x128xf32>, !tt.ptr<tensor<16x32xf16>>, !tt.ptr<tensor<128x32xf16>>
    }
    %out = arith.truncf %res#0 : tensor<16x128xf32> to tensor<16x128xf16>
    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%N64, %c1_i64], [%m0, %n0] {order = array<i32: 1, 0>} : <tensor<16x128xf16>>
    tt.store %pc, %out {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<16x128xf16>>
    tt.return
  }
}
