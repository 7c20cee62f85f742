// An fp8 linear layer with a 2:4 weight read as Triton reads torch.nn.Linear's: y = x @ w.T, x (M x K) e4m3, W
// (N x K) e4m3 2:4 along K, bf16 out, 128x128x64 tiles of block pointers. On sm_90 the transposed product
// Cᵀ = W·Xᵀ runs on wgmma.sp (e4m3 m64n128k64, X's tile read transposed as the K-major B an 8-bit wgmma needs).
// Launch: linear_bt_e4m3.json (W marked 2:4 in its form, "sparse": "A").
module {
  tt.func public @linear_bt_e4m3(%a_ptr: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %bt_ptr: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %cBM = arith.constant 128 : i32
    %cBN = arith.constant 128 : i32
    %cBK = arith.constant 64 : i32
    %cBK1 = arith.constant 63 : i32
    %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %m0 = arith.muli %pid_m, %cBM : i32
    %n0 = arith.muli %pid_n, %cBN : i32
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%K64, %c1_i64], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf8E4M3FN>>
    %pb = tt.make_tensor_ptr %bt_ptr, [%N64, %K64], [%K64, %c1_i64], [%n0, %c0] {order = array<i32: 1, 0>} : <tensor<128x64xf8E4M3FN>>
    %kt = arith.addi %K, %cBK1 : i32
    %nk = arith.divsi %kt, %cBK : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%acc = %acc0, %ap = %pa, %bp = %pb) -> (tensor<128x128xf32>, !tt.ptr<tensor<128x64xf8E4M3FN>>, !tt.ptr<tensor<128x64xf8E4M3FN>>) : i32 {
      %av = tt.load %ap {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf8E4M3FN>>
      %bv = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x64xf8E4M3FN>>
      %bt = tt.trans %bv {order = array<i32: 1, 0>} : tensor<128x64xf8E4M3FN> -> tensor<64x128xf8E4M3FN>
      %dd = tt.dot %av, %bt, %acc : tensor<128x64xf8E4M3FN> * tensor<64x128xf8E4M3FN> -> tensor<128x128xf32>
      %ap2 = tt.advance %ap, [%c0, %cBK] : <tensor<128x64xf8E4M3FN>>
      %bp2 = tt.advance %bp, [%c0, %cBK] : <tensor<128x64xf8E4M3FN>>
      scf.yield %dd, %ap2, %bp2 : tensor<128x128xf32>, !tt.ptr<tensor<128x64xf8E4M3FN>>, !tt.ptr<tensor<128x64xf8E4M3FN>>
    }
    %out = arith.truncf %res#0 : tensor<128x128xf32> to tensor<128x128xbf16>
    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%N64, %c1_i64], [%m0, %n0] {order = array<i32: 1, 0>} : <tensor<128x128xbf16>>
    tt.store %pc, %out {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x128xbf16>>
    tt.return
  }
}
