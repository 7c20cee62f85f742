// The flattened persistent kernel of examples/fp8/scaled_mm_e4m3_flat.mlir
// with its accumulator reset written as arith.select after the epilogue's
// scf.if (tl.where form) instead of a zero yielded by the scf.if:
// tritongpu-optimize-accumulator-init turns it into the wgmma's useC the
// same way.
//
// RUN: sp-opt %s --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --input-file %t.mlir
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_flat.json --set SMS=3 --set M=1040 --set N=528 --set K=1120 | FileCheck %s --check-prefix=CPU
//
// REMARK: remark: tritongpu-pipeline: 3 loads pipelined with 5 stages, full/empty mbarriers per slot
// CHECK:     scf.for {{.+}} iter_args({{.*}}%[[ACC:arg[0-9]+]] = %cst, %[[USE:arg[0-9]+]] = %false,
// CHECK:     triton_nvidia_gpu.warp_group_dot %{{[0-9]+}}, %{{[0-9]+}}, %[[ACC]], %{{arg[0-9]+}}, %[[USE]], sparseIndex = 0
// CHECK-NOT: arith.select {{.*}}tensor<128x128xf32
// CPU: verify C = (A @ Bt.T) * sa * sb: ok
module {
  tt.func public @scaled_mm(%a_ptr: !tt.ptr<f8E4M3FN, #tt.sparse<"NV24">> {tt.divisibility = 16 : i32}, %bt_ptr: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %c_ptr: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %sa_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %sb_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %N: i32 {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %stride_am: i32 {tt.divisibility = 32 : i32}, %stride_bn: i32 {tt.divisibility = 16 : i32}, %stride_cm: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %cm1 = arith.constant -1 : i32
    %c1_i64 = arith.constant 1 : i64
    %cBM = arith.constant 128 : i32
    %cBN = arith.constant 128 : i32
    %cBK = arith.constant 128 : i32
    %cBK1 = arith.constant 127 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %px = tt.get_program_id x : i32
    %pn = tt.get_num_programs x : i32
    %cBM1 = arith.constant 127 : i32
    %cBN1 = arith.constant 127 : i32
    %cG = arith.constant 8 : i32
    %gm0 = arith.addi %M, %cBM1 : i32
    %gnpm = arith.divsi %gm0, %cBM : i32
    %gn0 = arith.addi %N, %cBN1 : i32
    %gnpn = arith.divsi %gn0, %cBN : i32
    %gtiles = arith.muli %gnpm, %gnpn : i32
    %gin = arith.muli %cG, %gnpn : i32
    %kt = arith.addi %K, %cBK1 : i32
    %nk = arith.divsi %kt, %cBK : i32
    %nk1 = arith.subi %nk, %c1 : i32
    %tl0 = arith.subi %gtiles, %px : i32
    %tl1 = arith.addi %tl0, %pn : i32
    %tl2 = arith.subi %tl1, %c1 : i32
    %tpp = arith.divsi %tl2, %pn : i32
    %total = arith.muli %tpp, %nk : i32
    %tile0 = arith.subi %px, %pn : i32
    %sam = arith.extsi %stride_am : i32 to i64
    %sbn = arith.extsi %stride_bn : i32 to i64
    %scm = arith.extsi %stride_cm : i32 to i64
    %ad = tt.make_tensor_descriptor %a_ptr, [%M, %K], [%sam, %c1_i64] : !tt.ptr<f8E4M3FN, #tt.sparse<"NV24">>, !tt.tensordesc<tensor<128x128xf8E4M3FN, #tt.sparse<"NV24">>>
    %bd = tt.make_tensor_descriptor %bt_ptr, [%N, %K], [%sbn, %c1_i64] : !tt.ptr<f8E4M3FN>, !tt.tensordesc<tensor<128x128xf8E4M3FN>>
    %cd = tt.make_tensor_descriptor %c_ptr, [%M, %N], [%scm, %c1_i64] : !tt.ptr<bf16>, !tt.tensordesc<tensor<128x128xbf16>>
    %sav = tt.load %sa_ptr : !tt.ptr<f32>
    %sbv = tt.load %sb_ptr : !tt.ptr<f32>
    %sab = arith.mulf %sav, %sbv : f32
    %sS = tt.splat %sab : f32 -> tensor<128x128xf32>
    %res:5 = scf.for %it = %c0 to %total step %c1 iter_args(%tile = %tile0, %ki = %cm1, %om = %c0, %on = %c0, %acc = %acc0) -> (i32, i32, i32, i32, tensor<128x128xf32>) : i32 {
      %klast = arith.cmpi eq, %ki, %nk1 : i32
      %kn = arith.addi %ki, %c1 : i32
      %ki2 = arith.select %klast, %c0, %kn : i32
      %first = arith.cmpi eq, %ki2, %c0 : i32
      %tn:3 = scf.if %first -> (i32, i32, i32) {
        %gpid = arith.addi %tile, %pn : i32
        %ggid = arith.divsi %gpid, %gin : i32
        %gfirst = arith.muli %ggid, %cG : i32
        %gleft = arith.subi %gnpm, %gfirst : i32
        %gsize = arith.minsi %gleft, %cG : i32
        %gr = arith.remsi %gpid, %gin : i32
        %gmr = arith.remsi %gr, %gsize : i32
        %pid_m = arith.addi %gfirst, %gmr : i32
        %pid_n = arith.divsi %gr, %gsize : i32
        %m0 = arith.muli %pid_m, %cBM : i32
        %n0 = arith.muli %pid_n, %cBN : i32
        scf.yield %gpid, %m0, %n0 : i32, i32, i32
      } else {
        scf.yield %tile, %om, %on : i32, i32, i32
      }
      %k0 = arith.muli %ki2, %cBK : i32
      %av = tt.descriptor_load %ad[%tn#1, %k0] : !tt.tensordesc<tensor<128x128xf8E4M3FN, #tt.sparse<"NV24">>> -> tensor<128x128xf8E4M3FN, #tt.sparse<"NV24">>
      %bv = tt.descriptor_load %bd[%tn#2, %k0] : !tt.tensordesc<tensor<128x128xf8E4M3FN>> -> tensor<128x128xf8E4M3FN>
      %bvt = tt.trans %bv {order = array<i32: 1, 0>} : tensor<128x128xf8E4M3FN> -> tensor<128x128xf8E4M3FN>
      %dd = tt.dot %av, %bvt, %acc, inputPrecision = tf32 : tensor<128x128xf8E4M3FN, #tt.sparse<"NV24">> * tensor<128x128xf8E4M3FN> -> tensor<128x128xf32>
      %last = arith.cmpi eq, %ki2, %nk1 : i32
      scf.if %last {
        %s2 = arith.mulf %dd, %sS : tensor<128x128xf32>
        %cv = arith.truncf %s2 : tensor<128x128xf32> to tensor<128x128xbf16>
        tt.descriptor_store %cd[%tn#1, %tn#2], %cv : !tt.tensordesc<tensor<128x128xbf16>>, tensor<128x128xbf16>
      }
      %accn = arith.select %last, %acc0, %dd : tensor<128x128xf32>
      scf.yield %tn#0, %ki2, %tn#1, %tn#2, %accn : i32, i32, i32, i32, tensor<128x128xf32>
    }
    tt.return
  }
}
