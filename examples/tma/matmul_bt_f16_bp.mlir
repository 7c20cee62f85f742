// A 16-bit matmul with B given N x K and transposed in registers, block-pointer form: Triton's
//   b = tl.load(bt_block_ptr, boundary_check=(0, 1))   # [BN, BK] tile of Bt (N x K, K contiguous)
//   acc = tl.dot(a, b.T, acc)
// convert-triton-to-tritongpu gives b.T its operand's layout transposed (no data moves); the pipeliner
// stages the [BN, BK] tile and reads it through a transposed shared-memory view (K-major B for mma and
// wgmma); with sp-pipeline tma=true the load becomes a column-major TMA descriptor load instead.
// Launches: matmul_bt_f16_bp.json (dense), matmul_bt_f16_bp_sparse_a.json (A 2:4) and
// matmul_bt_f16_bp_sparse_w.json (Bt 2:4 along K, a weight as torch.nn.Linear holds it: "sparse": "A" names that
// form; the transposed tile is a 2:4 operand B, computed as the transposed product Cᵀ = Bᵀ·Aᵀ).
module {
  tt.func public @matmul_bt_bp(%a_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %bt_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c1_i64 = arith.constant 1 : i64
    %cBM = arith.constant 128 : i32
    %cBN = arith.constant 128 : i32
    %cBK = arith.constant 32 : i32
    %cBK1 = arith.constant 31 : i32
    %acc0 = arith.constant dense<0.0> : tensor<128x128xf32>
    %pid_m = tt.get_program_id x : i32
    %pid_n = tt.get_program_id y : i32
    %m0 = arith.muli %pid_m, %cBM : i32
    %n0 = arith.muli %pid_n, %cBN : i32
    %M64 = arith.extsi %M : i32 to i64
    %N64 = arith.extsi %N : i32 to i64
    %K64 = arith.extsi %K : i32 to i64
    %pa = tt.make_tensor_ptr %a_ptr, [%M64, %K64], [%K64, %c1_i64], [%m0, %c0] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
    %pb = tt.make_tensor_ptr %bt_ptr, [%N64, %K64], [%K64, %c1_i64], [%n0, %c0] {order = array<i32: 1, 0>} : <tensor<128x32xf16>>
    %kt = arith.addi %K, %cBK1 : i32
    %nk = arith.divsi %kt, %cBK : i32
    %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%acc = %acc0, %ap = %pa, %bp = %pb) -> (tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<128x32xf16>>) : i32 {
      %av = tt.load %ap {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x32xf16>>
      %bv = tt.load %bp {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<128x32xf16>>
      %bt = tt.trans %bv {order = array<i32: 1, 0>} : tensor<128x32xf16> -> tensor<32x128xf16>
      %dd = tt.dot %av, %bt, %acc : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
      %ap2 = tt.advance %ap, [%c0, %cBK] : <tensor<128x32xf16>>
      %bp2 = tt.advance %bp, [%c0, %cBK] : <tensor<128x32xf16>>
      scf.yield %dd, %ap2, %bp2 : tensor<128x128xf32>, !tt.ptr<tensor<128x32xf16>>, !tt.ptr<tensor<128x32xf16>>
    }
    %out = arith.truncf %res#0 : tensor<128x128xf32> to tensor<128x128xf16>
    %pc = tt.make_tensor_ptr %c_ptr, [%M64, %N64], [%N64, %c1_i64], [%m0, %n0] {order = array<i32: 1, 0>} : <tensor<128x128xf16>>
    tt.store %pc, %out {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<128x128xf16>>
    tt.return
  }
}
