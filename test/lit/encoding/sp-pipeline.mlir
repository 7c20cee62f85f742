// RUN: sp-opt %s -sp-pipeline='target=cuda:80 num-warps=4 num-stages=3' | FileCheck %s
// RUN: sp-opt %s -sp-pipeline='target=cuda:80 num-warps=4 num-stages=3' | sp-opt | FileCheck %s
// RUN: sp-opt %s -sp-pipeline='num-stages=1' | FileCheck %s --check-prefix=ONE
// RUN: sp-opt %s --pass-pipeline='builtin.module(sp-pipeline{target=cuda:90 num-stages=2})' | FileCheck %s --check-prefix=H100
// RUN: sp-opt %S/../../../examples/matmul.ttir.mlir -sp-pipeline='num-stages=2' | FileCheck %s --check-prefix=DENSE
// RUN: sp-opt %S/../../../examples/sparse_dot.mlir -sp-pipeline | FileCheck %s --check-prefix=EX
// RUN: sp-opt %S/../../../examples/sparse_dot.decomposed.mlir -sp-pipeline | FileCheck %s --check-prefix=EX

// The default pipeline on a decomposed 2:4 sparse matmul: the values are
// tagged meta = 0, the metadata meta = 1, B carries no meta, and the three
// operands are staged through three different shared layouts, each in a
// 3-deep ring buffer filled by cp.async.
// CHECK-DAG: #[[$MMA:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK-DAG: #[[$SV:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
// CHECK-DAG: #[[$SB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// CHECK-DAG: #[[$SE:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
// CHECK:     module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "cuda:80", "triton_gpu.threads-per-warp" = 32 : i32}
// CHECK-LABEL: tt.func public @sparse_matmul
// CHECK-DAG:   %[[BV:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<3x64x32xf16, #[[$SV]], #triton_gpu.shared_memory, mutable>
// CHECK-DAG:   %[[BE:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<3x4x64xi16, #[[$SE]], #triton_gpu.shared_memory, mutable>
// CHECK-DAG:   %[[BB:.+]] = triton_gpu.local_alloc : () -> !tt.memdesc<3x64x64xf16, #[[$SB]], #triton_gpu.shared_memory, mutable>
// CHECK:       triton_gpu.async_copy_global_to_local
// CHECK:       scf.for
// CHECK:         triton_gpu.async_wait {num = 1 : i32}
// CHECK-DAG:     %[[MV:.+]] = triton_gpu.memdesc_subview %[[BV]]
// CHECK-DAG:     %[[ME:.+]] = triton_gpu.memdesc_subview %[[BE]]
// CHECK-DAG:     %[[MB:.+]] = triton_gpu.memdesc_subview %[[BB]]
// CHECK-DAG:     %[[V:.+]] = triton_gpu.local_load %[[MV]] : !tt.memdesc<64x32xf16, #[[$SV]], #triton_gpu.shared_memory, mutable> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2, meta = 0}>>
// CHECK-DAG:     %[[E:.+]] = triton_gpu.local_load %[[ME]] : !tt.memdesc<4x64xi16, #[[$SE]], #triton_gpu.shared_memory, mutable> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$MMA]], kWidth = 2, meta = 1}>>
// CHECK-DAG:     %[[B:.+]] = triton_gpu.local_load %[[MB]] : !tt.memdesc<64x64xf16, #[[$SB]], #triton_gpu.shared_memory, mutable> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$MMA]], kWidth = 2}>>
// CHECK:         tt.dot %[[V]], %[[B]], %{{.+}}, %[[E]], sparseIndex = 0 : {{.+}} -> tensor<64x64xf32, #[[$MMA]]>
// CHECK:       triton_gpu.async_wait {num = 0 : i32}
// CHECK:       %[[H:.+]] = arith.truncf %{{.+}} : tensor<64x64xf32, #[[$MMA]]> to tensor<64x64xf16, #[[$MMA]]>
// CHECK:       %[[O:.+]] = triton_gpu.convert_layout %[[H]] : tensor<64x64xf16, #[[$MMA]]> -> tensor<64x64xf16, #blocked{{[0-9]*}}>
// CHECK:       tt.store %{{.+}}, %[[O]]
// CHECK-NOT:   opIdx = 1, parent = #[[$MMA]], kWidth = 2, meta

// Without pipelining: one local_alloc of each loaded tile and a local_load.
// ONE-LABEL:   tt.func public @sparse_matmul
// ONE-NOT:     async_copy
// ONE:         scf.for
// ONE:           %[[A:.+]] = tt.load
// ONE:           triton_gpu.local_alloc %[[A]] : (tensor<64x32xf16, #blocked{{[0-9]*}}>) -> !tt.memdesc<64x32xf16, #shared{{[0-9]*}}, #triton_gpu.shared_memory>

// H100 (target cuda:90): wgmma.sp on MMA v3. The values and B ring buffers
// have NVMMA layouts (64B swizzle for the 64-byte value rows, 128B for B),
// the band16 metadata its own ring and a local_load into registers; the
// wgmma is asynchronous (isAsync) and, being sparse, retires in its iteration (pendings = 0: the next
// iteration reloads its metadata registers); the dot wait after the loop follows.
// H100-DAG: #[[$HM:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
// H100-DAG: #[[$HV:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = true}>
// H100-DAG: #[[$HB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = true}>
// H100: triton_gpu.target = "cuda:90"
// H100-DAG: triton_gpu.local_alloc : () -> !tt.memdesc<2x64x32xf16, #[[$HV]], #triton_gpu.shared_memory, mutable>
// H100-DAG: triton_gpu.local_alloc : () -> !tt.memdesc<2x64x64xf16, #[[$HB]], #triton_gpu.shared_memory, mutable>
// H100: scf.for
// H100: %[[HE:.+]] = triton_gpu.local_load %{{.+}} -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$HM]], kWidth = 2, meta = 1}>>
// H100: %[[HD:.+]] = triton_nvidia_gpu.warp_group_dot %{{.+}}, %{{.+}}, %{{.+}}, %[[HE]], sparseIndex = 0 {inputPrecision = 2 : i32, isAsync = true}
// H100-NEXT: %[[HW:.+]]:4 = triton_nvidia_gpu.warp_group_dot_wait %[[HD]], {{.+}} {pendings = 0 : i32}
// H100: triton_gpu.async_copy_global_to_local
// H100: scf.yield %[[HW]]#0
// H100: triton_nvidia_gpu.warp_group_dot_wait %{{.+}}#0 {pendings = 0 : i32}
// H100-NOT: fence_async_shared

// The design document's sparse kernel (examples/sparse_dot.mlir, block
// pointers, #tt.sparse) through decomposition, pointer rewriting and the GPU
// passes: values 32x32 {8, 2, 4}, B 64x16 {8, 4, 2}, metadata 2x64 {8, 1, 1}.
// EX-DAG: #[[$EMMA:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// EX-DAG: #[[$ESV:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
// EX-DAG: #[[$ESB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 4, maxPhase = 2, order = [1, 0], hasLeadingOffset = false}>
// EX-DAG: #[[$ESE:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
// EX-LABEL: tt.func public @dot_kernel
// EX-NOT:   make_tensor_ptr
// EX-DAG:   %[[V:.+]] = triton_gpu.local_load %{{.+}} : !tt.memdesc<32x32xf16, #[[$ESV]], #triton_gpu.shared_memory> -> tensor<32x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$EMMA]], kWidth = 2, meta = 0}>>
// EX-DAG:   %[[B:.+]] = triton_gpu.local_load %{{.+}} : !tt.memdesc<64x16xf16, #[[$ESB]], #triton_gpu.shared_memory> -> tensor<64x16xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$EMMA]], kWidth = 2}>>
// EX-DAG:   %[[E:.+]] = triton_gpu.local_load %{{.+}} : !tt.memdesc<2x64xi16, #[[$ESE]], #triton_gpu.shared_memory> -> tensor<2x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$EMMA]], kWidth = 2, meta = 1}>>
// EX:       tt.dot %[[V]], %[[B]], %{{.+}}, %[[E]], sparseIndex = 0
// EX:       triton_gpu.convert_layout %{{.+}} : tensor<32x16xf16, #[[$EMMA]]> -> tensor<32x16xf16, #blocked{{[0-9]*}}>
// EX-NOT:   opIdx = 1, parent = #[[$EMMA]], kWidth = 2, meta

// The dense tutorial matmul gets Triton 3.1's layouts (examples/matmul.ttgir.mlir).
// DENSE-DAG: #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// DENSE-DAG: #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// DENSE-DAG: #[[$DMMA:mma[0-9]*]] = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// DENSE-DAG: #[[$DA:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0], hasLeadingOffset = false}>
// DENSE-DAG: #[[$DB:shared[0-9]*]] = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
// DENSE:     triton_gpu.local_alloc : () -> !tt.memdesc<2x128x32xf16, #[[$DA]], #triton_gpu.shared_memory, mutable>
// DENSE:     triton_gpu.local_alloc : () -> !tt.memdesc<2x32x128xf16, #[[$DB]], #triton_gpu.shared_memory, mutable>
// DENSE:     scf.for
// DENSE:       triton_gpu.async_wait {num = 0 : i32}
// DENSE:       triton_gpu.local_load {{.+}} -> tensor<128x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #[[$DMMA]], kWidth = 2}>>
// DENSE:       triton_gpu.local_load {{.+}} -> tensor<32x128xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #[[$DMMA]], kWidth = 2}>>
// DENSE-NOT:   meta =

// A decomposed 2:4 sparse matmul C = A·B with pointer tensors (what
// decompose-sparse-tensors and triton-rewrite-tensor-pointer produce): BM =
// BN = BK = 64, f16; A is passed as values (M x K/2, f16) and metadata
// (M/16 x K, i16).
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
