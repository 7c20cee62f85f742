// Hopper TMA and mbarrier ops, op by op (lower/ptx/tma.go). The module is
// sm_90a, PTX 8.3 (tensormap.replace). mbarriers: thread 0 inits and
// invalidates; an expect or arrive waits at a CTA barrier, then thread 0
// arrives under the op's predicate; a wait is a try_wait.parity loop. A TMA
// load issues one box per swizzle-wide column block, box b from lane 0 of
// warp b % 4, coordinates innermost first; an unswizzled i16 tile with a
// 16-byte inner extent is one box. A TMA store follows a barrier (the
// tile's st.shared), then commits a bulk group; the store wait is
// wait_group.read. tensormap_create zeroes a 128-byte shared scratch
// (warp 0), sets each field from thread 0 (global_stride in 16-byte units
// before PTX 8.6) and copies it to global scratch with cp_fenceproxy; the
// kernel takes the global scratch as a trailing parameter, listed in the
// manifest as globalScratch.
// RUN: sp-opt %s --emit=ptx -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: sp-opt %s --emit=ptx --ptx-version=8.7 | FileCheck %s --check-prefix=V87

// CHECK: "globalScratch": {
// CHECK-NEXT: "bytes": 256,
// CHECK-NEXT: "align": 128
// CHECK: .version 8.3
// CHECK-NEXT: .target sm_90a
// V87: .version 8.7

#nv128 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nv0 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: .visible .entry barriers(
  // CHECK: mov.u32 [[TID:%r[0-9]+]], %tid.x;
  // CHECK: setp.eq.u32 [[T0:%p[0-9]+]], [[TID]], 0;
  // CHECK: @[[T0]] mbarrier.init.shared::cta.b64 {{\[}}[[B0:%r[0-9]+]]{{\]}}, 1;
  // CHECK: @[[T0]] mbarrier.init.shared::cta.b64 {{\[}}[[B1:%r[0-9]+]]{{\]}}, 2;
  // CHECK: bar.sync 0;
  // CHECK-NEXT: and.pred [[P:%p[0-9]+]], [[T0]], %p{{[0-9]+}};
  // CHECK-NEXT: @[[P]] mbarrier.arrive.expect_tx.shared::cta.b64 _, {{\[}}[[B0]]{{\]}}, 8192;
  // CHECK: $L_wait_[[W:[0-9]+]]:
  // CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 [[D:%p[0-9]+]], {{\[}}[[B0]]{{\]}}, %r{{[0-9]+}};
  // CHECK-NEXT: @![[D]] bra.uni $L_wait_[[W]];
  // CHECK: bar.sync 0;
  // CHECK-NEXT: @[[T0]] mbarrier.arrive.shared::cta.b64 _, {{\[}}[[B1]]{{\]}}, 2;
  // CHECK: @!%p{{[0-9]+}} bra.uni $L_wait_skip_[[S:[0-9]+]];
  // CHECK: mbarrier.try_wait.parity.shared::cta.b64 {{.*}}, {{\[}}[[B1]]{{\]}}, %r{{[0-9]+}};
  // CHECK: $L_wait_skip_[[S]]:
  // CHECK: @[[T0]] mbarrier.inval.shared::cta.b64 {{\[}}[[B0]]{{\]}};
  // CHECK: @[[T0]] mbarrier.inval.shared::cta.b64 {{\[}}[[B1]]{{\]}};
  tt.func public @barriers(%phase: i32, %go: i1) {
    %c1 = arith.constant 1 : i32
    %b = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #bar, #smem, mutable>
    %b0 = ttg.memdesc_index %b[%c1] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %c0 = arith.constant 0 : i32
    %b1 = ttg.memdesc_index %b[%c0] : !ttg.memdesc<2x1xi64, #bar, #smem, mutable> -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %b0, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %b1, 2 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %b0, 8192, %go : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b0, %phase : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.arrive_barrier %b1, 2 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.wait_barrier %b1, %c1, %go : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %b0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.inval_barrier %b1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: .visible .entry loads(
  // CHECK: shfl.sync.idx.b32 [[WARP:%r[0-9]+]],
  // CHECK: setp.eq.u32 [[W0:%p[0-9]+]], [[WARP]], 0;
  // CHECK: setp.eq.u32 [[W1:%p[0-9]+]], [[WARP]], 1;
  // CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, {{.*}}, 16512;
  // Box n is issued by one elected lane of warp n mod 8; the other warps
  // jump over it (a warp-uniform branch).
  // A 64x128 f16 tile, 128B swizzle: two 64x64 boxes, 8 KiB apart.
  // CHECK-NEXT: @![[W0]] bra.uni [[SKIP0:\$L_tma_skip_[0-9]+]];
  // CHECK-NEXT: activemask.b32 [[M0:%r[0-9]+]];
  // CHECK-NEXT: elect.sync _|[[E0:%p[0-9]+]], [[M0]];
  // CHECK-NEXT: and.pred [[G0:%p[0-9]+]], [[E0]], %p{{[0-9]+}};
  // CHECK-NEXT: @[[G0]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{\[}}[[DST:%r[0-9]+]]{{\]}}, [%rd{{[0-9]+}}, {[[COL:%r[0-9]+]], [[ROW:%r[0-9]+]]}], {{\[}}[[BAR:%r[0-9]+]]{{\]}};
  // CHECK-NEXT: [[SKIP0]]:
  // CHECK-NEXT: @![[W1]] bra.uni [[SKIP1:\$L_tma_skip_[0-9]+]];
  // CHECK-NEXT: add.s32 [[COL1:%r[0-9]+]], [[COL]], 64;
  // CHECK-NEXT: activemask.b32
  // CHECK-NEXT: elect.sync
  // CHECK-NEXT: and.pred [[G1:%p[0-9]+]]
  // CHECK-NEXT: @[[G1]] cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes {{\[}}[[DST]]+8192{{\]}}, [%rd{{[0-9]+}}, {[[COL1]], [[ROW]]}], {{\[}}[[BAR]]{{\]}};
  // CHECK-NEXT: [[SKIP1]]:
  // An unswizzled 8x8 i16 tile (16-byte rows): one box.
  // CHECK: @{{%p[0-9]+}} cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[ROW]], [[COL]]}], {{\[}}[[BAR]]{{\]}};
  // CHECK-NOT: cp.async.bulk.tensor
  // CHECK: ret;
  tt.func public @loads(%d: !tt.ptr<i8>, %m: !tt.ptr<i8>, %row: i32, %col: i32, %p: i1) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<64x128xf16, #nv128>>
    %mdesc = ttng.reinterpret_tensor_descriptor %m : !tt.ptr<i8> to !tt.tensordesc<tensor<8x8xi16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    %mbuf = ttg.local_alloc : () -> !ttg.memdesc<8x8xi16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 16512, %p : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%row, %col] %buf, %bar, %p : !tt.tensordesc<tensor<64x128xf16, #nv128>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x128xf16, #nv128, #smem, mutable>
    ttng.async_tma_copy_global_to_local %mdesc[%col, %row] %mbuf, %bar, %p : !tt.tensordesc<tensor<8x8xi16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<8x8xi16, #nv0, #smem, mutable>
    %false = arith.constant false
    ttng.async_tma_copy_global_to_local %mdesc[%col, %row] %mbuf, %bar, %false : !tt.tensordesc<tensor<8x8xi16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<8x8xi16, #nv0, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: .visible .entry store(
  // CHECK: st.shared
  // CHECK: fence.proxy.async.shared::cta;
  // CHECK-NEXT: bar.sync 0;
  // CHECK-NEXT: @%p{{[0-9]+}} cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}];
  // CHECK-NEXT: cp.async.bulk.commit_group;
  // CHECK-NEXT: cp.async.bulk.wait_group.read 0;
  tt.func public @store(%d: !tt.ptr<i8>, %row: i32, %col: i32) {
    %desc = ttng.reinterpret_tensor_descriptor %d : !tt.ptr<i8> to !tt.tensordesc<tensor<32x64xf16, #nv128>>
    %z = arith.constant dense<1.000000e+00> : tensor<32x64xf16, #blocked>
    %t = ttg.local_alloc %z : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #nv128, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%row, %col] %t : !tt.tensordesc<tensor<32x64xf16, #nv128>>, !ttg.memdesc<32x64xf16, #nv128, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK-LABEL: .visible .entry maps(
  // CHECK: .param .u64 maps_param_3
  // CHECK-NEXT: )
  // CHECK: ld.param.u64 [[SCR:%rd[0-9]+]], [maps_param_3];
  // CHECK: mov.u32 [[X:%r[0-9]+]], %ctaid.x;
  // CHECK: mad.lo.u32 [[LIN:%r[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}};
  // CHECK-NEXT: mad.lo.u32 [[LIN]], [[LIN]], %r{{[0-9]+}}, [[X]];
  // CHECK-NEXT: mul.wide.u32 [[OFF:%rd[0-9]+]], [[LIN]], 256;
  // CHECK-NEXT: add.s64 [[SLICE:%rd[0-9]+]], [[SCR]], [[OFF]];
  // CHECK: add.s64 [[DESC:%rd[0-9]+]], [[SLICE]], 128;
  // CHECK: @%p{{[0-9]+}} st.shared.b32 [%r{{[0-9]+}}], 0;
  // CHECK-NEXT: bar.warp.sync -1;
  // CHECK-NEXT: @[[T0:%p[0-9]+]] tensormap.replace.tile.global_address.shared::cta.b1024.b64 {{\[}}[[SM:%r[0-9]+]]{{\]}}, %rd{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.rank.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 1;
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.box_dim.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0, %r{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.box_dim.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 1, %r{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.global_dim.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0, %r{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.global_dim.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 1, %r{{[0-9]+}};
  // CHECK-NEXT: shr.s64 [[ST:%rd[0-9]+]], %rd{{[0-9]+}}, 4;
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.global_stride.shared::cta.b1024.b64 {{\[}}[[SM]]{{\]}}, 0, [[ST]];
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.element_stride.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0, %r{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.element_stride.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 1, %r{{[0-9]+}};
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.elemtype.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 1;
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.interleave_layout.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0;
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.swizzle_mode.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0;
  // CHECK-NEXT: @[[T0]] tensormap.replace.tile.fill_mode.shared::cta.b1024.b32 {{\[}}[[SM]]{{\]}}, 0;
  // CHECK-NEXT: bar.warp.sync -1;
  // CHECK-NEXT: @[[W0:%p[0-9]+]] tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned {{\[}}[[DESC]]{{\]}}, {{\[}}[[SM]]{{\]}}, 128;
  // CHECK-NEXT: fence.proxy.tensormap::generic.acquire.gpu {{\[}}[[DESC]]{{\]}}, 128;
  // CHECK-NEXT: bar.sync 0;
  // CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], {{\[}}[[DESC]], {%r{{[0-9]+}}, %r{{[0-9]+}}}]
  // V87-LABEL: .visible .entry maps(
  // V87-NOT: shr.s64
  // V87: tensormap.replace.tile.global_stride.shared::cta.b1024.b64 [%r{{[0-9]+}}], 0, %rd{{[0-9]+}};
  tt.func public @maps(%meta: !tt.ptr<i16>, %rows: i32, %cols: i32) {
    %c1 = arith.constant 1 : i32
    %c8 = arith.constant 8 : i32
    %c2 = arith.constant 2 : i64
    %true = arith.constant true
    %first = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 100 : i32} : !tt.ptr<i8>
    %s = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %ce = arith.extsi %cols : i32 to i64
    %stride = arith.muli %ce, %c2 : i64
    ttng.tensormap_create %s, %meta, [%c8, %c8], [%cols, %rows], [%stride], [%c1, %c1] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 0 : i32} : (!tt.ptr<i8>, !tt.ptr<i16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %s : !tt.ptr<i8>
    %desc = ttng.reinterpret_tensor_descriptor %s : !tt.ptr<i8> to !tt.tensordesc<tensor<8x8xi16, #nv0>>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x8xi16, #nv0, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %bar, 128, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c8, %c8] %buf, %bar, %true : !tt.tensordesc<tensor<8x8xi16, #nv0>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<8x8xi16, #nv0, #smem, mutable>
    tt.return
  }
}
