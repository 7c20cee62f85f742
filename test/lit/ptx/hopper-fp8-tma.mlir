// The 8-bit persistent kernel (examples/fp8/scaled_mm_e4m3_persistent.mlir) on the Hopper TMA pipeline. An
// 8-bit wgmma reads B K-major, so B is given transposed (Bt, N x K) and its block pointer is column-major
// (strides [1, stride_bn], order [0, 1]): triton-rewrite-tensor-pointer makes it a descriptor with strides
// [1, s], tritongpu-coalesce stages its tile column-major, and triton-nvidia-tma-lowering builds the tensor map
// with dimension 0 (K) innermost: box [128 K, 256 N], dims [K, N], global stride stride_bn. The TMA copy
// gives its coordinates K first. A's values and metadata keep their row-major maps. On the CPU interpreter
// with 3 programs at ragged sizes (several tiles per program), e4m3 and exact i8.
// RUN: sp-opt %S/../../../examples/fp8/scaled_mm_e4m3_persistent.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true max-num-imprecise-acc=1073741824" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-opt %t.mlir --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx --check-prefix=PTX
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_persistent.json --set SMS=3 --set M=272 --set N=400 --set K=416 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %t.mlir --spec %S/../../../examples/fp8/scaled_mm_e4m3_persistent.json --set SMS=3 --set M=528 --set N=272 --set K=96 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %S/../../../examples/fp8/mm_i8_persistent.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=4 tma=true" -o %t8.mlir
// RUN: sp-run %t8.mlir --spec %S/../../../examples/fp8/mm_i8_persistent.json --set SMS=3 --set M=272 --set N=400 --set K=416 | FileCheck %s --check-prefix=CPU8

// IR: #[[BT:shared[0-9]*]] = #triton_gpu.shared<{vec = 16, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = true}>
// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg0, [%c64_i32, %c128_i32], [%{{.+}}, %arg6]
// IR-SAME: swizzle_mode = 2
// IR: triton_nvidia_gpu.tensormap_create %{{.+}}, %arg2, [%c128_i32, %c256_i32], [%arg8, %arg7]
// IR-SAME: swizzle_mode = 3
// IR: triton_nvidia_gpu.async_tma_copy_global_to_local %{{.+}}[%c0_i32, %{{.+}}] %{{.+}} : !tt.tensordesc<tensor<128x256xf8E4M3FN, #[[BT]]>>
// IR: scf.for
// IR: triton_nvidia_gpu.warp_group_dot {{.+}}maxNumImpreciseAcc = 1073741824

// PTX: tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%r[[MB:[0-9]+]]], %rd2;
// PTX: tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%r[[MB]]], 0, %r[[BOX0:[0-9]+]];
// PTX: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r[[MB]]], 0, %r[[K:[0-9]+]];
// PTX: tensormap.replace.tile.global_dim.shared::cta.b1024.b32 [%r[[MB]]], 1, %r[[N:[0-9]+]];
// PTX: tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 [%r[[MB]]], 3;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}]
// PTX: wgmma.mma_async.sp.sync.aligned.m64n256k64.f32.e4m3.e4m3
// PTX: wgmma.wait_group.sync.aligned 1;

// CPU: verify C = (A @ Bt.T) * sa * sb: ok (full check
// CPU8: verify C = A @ Bt.T: ok (full check
