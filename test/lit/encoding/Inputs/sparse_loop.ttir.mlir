// A decomposed 2:4 sparse matmul C = A·B with pointer tensors (what
// decompose-sparse-tensors and triton-rewrite-tensor-pointer produce):
// BM = BN = BK = 64, f16. A is passed as values (M x K/2, f16) and
// metadata (M/16 x K, i16); the loop advances the values by 32 columns,
// the metadata by 64 and B by 64 rows per iteration.
module {
  tt.func public @sparse_matmul(%out: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %av: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %ae: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %bp: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sv: i32 {tt.divisibility = 16 : i32}, %se: i32 {tt.divisibility = 16 : i32}, %sb: i32 {tt.divisibility = 16 : i32}, %sc: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c32t = arith.constant dense<32> : tensor<64x32xi32>
    %c64t = arith.constant dense<64> : tensor<4x64xi32>
    %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    // values pointers: av + m * sv + j
    %vm = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %svs = tt.splat %sv : i32 -> tensor<64x1xi32>
    %vrow = arith.muli %vm, %svs : tensor<64x1xi32>
    %vj = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %vrowb = tt.broadcast %vrow : tensor<64x1xi32> -> tensor<64x32xi32>
    %vjb = tt.broadcast %vj : tensor<1x32xi32> -> tensor<64x32xi32>
    %voff = arith.addi %vrowb, %vjb : tensor<64x32xi32>
    %avs = tt.splat %av : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>>
    %vptr = tt.addptr %avs, %voff : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    // metadata pointers: ae + r * se + k
    %er = tt.expand_dims %r4 {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %ses = tt.splat %se : i32 -> tensor<4x1xi32>
    %erow = arith.muli %er, %ses : tensor<4x1xi32>
    %ek = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %erowb = tt.broadcast %erow : tensor<4x1xi32> -> tensor<4x64xi32>
    %ekb = tt.broadcast %ek : tensor<1x64xi32> -> tensor<4x64xi32>
    %eoff = arith.addi %erowb, %ekb : tensor<4x64xi32>
    %aes = tt.splat %ae : !tt.ptr<i16> -> tensor<4x64x!tt.ptr<i16>>
    %eptr = tt.addptr %aes, %eoff : tensor<4x64x!tt.ptr<i16>>, tensor<4x64xi32>
    // B pointers: bp + k * sb + n
    %bk = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %sbs = tt.splat %sb : i32 -> tensor<64x1xi32>
    %brow = arith.muli %bk, %sbs : tensor<64x1xi32>
    %bn = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %browb = tt.broadcast %brow : tensor<64x1xi32> -> tensor<64x64xi32>
    %bnb = tt.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
    %boff = arith.addi %browb, %bnb : tensor<64x64xi32>
    %bps = tt.splat %bp : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %bptr = tt.addptr %bps, %boff : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %bstep1 = arith.muli %sb, %c64 : i32
    %bstep = tt.splat %bstep1 : i32 -> tensor<64x64xi32>
    %res:4 = scf.for %k = %c0 to %K step %c64 iter_args(%acc = %acc0, %pv = %vptr, %pe = %eptr, %pb = %bptr) -> (tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<4x64x!tt.ptr<i16>>, tensor<64x64x!tt.ptr<f16>>)  : i32 {
      %a = tt.load %pv : tensor<64x32x!tt.ptr<f16>>
      %e = tt.load %pe : tensor<4x64x!tt.ptr<i16>>
      %b = tt.load %pb : tensor<64x64x!tt.ptr<f16>>
      %d = tt.dot %a, %b, %acc, %e, sparseIndex = 0 : tensor<64x32xf16>, tensor<4x64xi16> * tensor<64x64xf16> -> tensor<64x64xf32>
      %nv = tt.addptr %pv, %c32t : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
      %ne = tt.addptr %pe, %c64t : tensor<4x64x!tt.ptr<i16>>, tensor<4x64xi32>
      %nb = tt.addptr %pb, %bstep : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
      scf.yield %d, %nv, %ne, %nb : tensor<64x64xf32>, tensor<64x32x!tt.ptr<f16>>, tensor<4x64x!tt.ptr<i16>>, tensor<64x64x!tt.ptr<f16>>
    }
    %h = arith.truncf %res#0 : tensor<64x64xf32> to tensor<64x64xf16>
    %cm = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %scs = tt.splat %sc : i32 -> tensor<64x1xi32>
    %crow = arith.muli %cm, %scs : tensor<64x1xi32>
    %cn = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %crowb = tt.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
    %cnb = tt.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
    %coff = arith.addi %crowb, %cnb : tensor<64x64xi32>
    %outs = tt.splat %out : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %cptr = tt.addptr %outs, %coff : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    tt.store %cptr, %h : tensor<64x64x!tt.ptr<f16>>
    tt.return
  }
}
