// num-ctas = 2 on the Hopper TMA pipeline: a persistent 2:4 kernel whose
// programs are clusters of 2 CTAs, each CTA computing 128 of the program's
// 256 rows. B's tile is the same in both CTAs, so each copies half of its
// boxes into both (multicast); the empty barriers also count the other
// CTA's warps, which arrive through mapa; cluster barriers surround the
// barrier rings. On the CPU the interpreter runs a cluster's CTAs one after
// the other (3 programs of 2 CTAs, several tiles each, ragged).
// RUN: sp-opt %S/../../../lower/ptx/testdata/hopper/sparse_f16_256x128x64_persistent_cluster.mlir --sp-pipeline="target=cuda:90 num-warps=8 num-stages=5 tma=true num-ctas=2" -o %t.mlir
// RUN: FileCheck %s --input-file %t.mlir --check-prefix=IR
// RUN: sp-run %t.mlir --spec %S/../../../lower/ptx/testdata/hopper/sparse_f16_256x128x64_persistent_cluster.json --set M=784 --set N=400 --set K=320 | FileCheck %s --check-prefix=CPU
// RUN: sp-run %S/../../../lower/ptx/testdata/hopper/sparse_f16_256x128x64_persistent_cluster.mlir --spec %S/../../../lower/ptx/testdata/hopper/sparse_f16_256x128x64_persistent_cluster.json --set M=528 --set N=520 --set K=192 | FileCheck %s --check-prefix=CPU
// RUN: sp-opt %t.mlir --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: not sp-opt %S/../../../lower/ptx/testdata/hopper/sparse_f16_256x128x64_persistent_cluster.mlir --sp-pipeline="target=cuda:80 num-ctas=2" 2>&1 | FileCheck %s --check-prefix=BADTARGET

// IR: module attributes {sp.cluster_ctas = 2 : i32
// IR: triton_nvidia_gpu.cluster_cta_id
// IR: triton_nvidia_gpu.init_barrier %{{.+}}, 264
// IR: triton_nvidia_gpu.cluster_arrive
// IR-NEXT: triton_nvidia_gpu.cluster_wait
// IR: triton_nvidia_gpu.async_tma_copy_global_to_local {{.*}} {multicast}
// IR: triton_nvidia_gpu.arrive_barrier %{{.+}}, 1, %{{.+}} {peer}
// IR: triton_nvidia_gpu.cluster_arrive
// IR-NEXT: triton_nvidia_gpu.cluster_wait
// IR-NEXT: triton_nvidia_gpu.inval_barrier

// CPU: verify C = A @ B: ok (full check

// PTX: "clusterDims": [
// PTX: .reqnctapercluster 2, 1, 1
// PTX: mov.u32 %r{{[0-9]+}}, %cluster_ctarank;
// PTX: mov.u32 %r{{[0-9]+}}, %clusterid.x;
// PTX: mov.u32 %r{{[0-9]+}}, %nclusterid.x;
// PTX: fence.mbarrier_init.release.cluster;
// PTX-NEXT: barrier.cluster.arrive.release.aligned;
// PTX-NEXT: barrier.cluster.wait.acquire.aligned;
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}}], [%r{{[0-9]+}}], %h{{[0-9]+}};
// PTX: mapa.shared::cluster.u32 %r[[REM:[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
// PTX-NEXT: @%p{{[0-9]+}} mbarrier.arrive.shared::cluster.b64 _, [%r[[REM]]];

// BADTARGET: num-ctas = 2: sp supports 1, and 2 on target=cuda:90 (got cuda:80)
