// Package encoding holds sp's TritonGPU layout passes, one exported
// *pass.Pass each (style.md P1), and the sp-pipeline named pipeline:
//
//	convert-triton-to-tritongpu          Convert                 convert.go
//	tritongpu-coalesce                   Coalesce                coalesce.go (axisinfo/)
//	tritongpu-remove-layout-conversions  RemoveLayoutConversions remove.go
//	tritongpu-accelerate-matmul          AccelerateMatmul        accelerate.go
//	tritongpu-optimize-accumulator-init  OptimizeAccumulatorInit accinit.go
//	tritongpu-stage-dot-operands         StageDotOperands        stage.go (swizzle/)
//	tritongpu-pipeline                   Pipeline                pipeline.go (pipeline_decouple.go: flattened loops)
//	sp-pipeline                          SPPipeline              sppipeline.go
//
// Every pass is anchored on builtin.module (they read the module's
// triton_gpu.* attributes) and works on each tt.func in it. Each pass's Doc
// is its --help text and its section of docs/passes.md.
//
// # Contract with the PTX lowering (lower/ptx)
//
// After sp-pipeline (sp-opt --sp-pipeline="target=cuda:80 num-warps=4
// num-stages=3") a module is what lower/ptx takes:
//
//  1. Module attributes: "triton_gpu.num-warps" = W : i32,
//     "triton_gpu.threads-per-warp" = 32 : i32, "triton_gpu.num-ctas" = 1 : i32,
//     triton_gpu.target = "cuda:CC" (CC ≥ 80). Each kernel is one tt.func.
//  2. Every tensor carries an encoding. Elementwise, pointer, mask, offset
//     and loaded/stored tensors: #triton_gpu.blocked<{sizePerThread,
//     threadsPerWarp, warpsPerCTA, order}> (single CTA: no CTA fields). A
//     1-D tensor feeding tt.expand_dims{axis = a} (make_range, splat,
//     elementwise ops on them): #triton_gpu.slice<{dim = a, parent =
//     #blocked}>, where #blocked is the layout of the expand_dims result.
//     A blocked layout may cover more elements than its tensor (e.g. a
//     128x1 tensor in a layout whose tile is 8x64): elements are then
//     replicated across threads, as in Triton. The accumulator chain is the
//     exception: its splat arith.constant initialiser, the scf.for
//     argument/yield/result and elementwise ops on the result (e.g.
//     arith.truncf) carry #mma (item 4).
//  3. tt.load / tt.store of pointer tensors use the blocked layout of
//     their pointer operand; sizePerThread[order[0]] elements per thread are
//     contiguous in memory and aligned to their byte size (at most 16
//     bytes), which tritongpu-coalesce proved (axisinfo): one vector
//     access per thread and repetition.
//  4. Every tt.dot has an accumulator/result layout
//     #mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0,
//     warpsPerCTA = [wm, wn], instrShape = [16, 8]}>, wm·wn = num-warps,
//     rank 2, f16 or bf16 operands (both the same) and f32 accumulators.
//     Dense dots: mma.sync m16n8k16; sparse dots (sparseIndex = 0, the
//     metadata as fourth operand): mma.sp(::ordered_metadata) m16n8k32. M
//     is a multiple of 16, N of 8, K (logical) of 16 dense / 32 sparse.
//     M tiles of 16 rows and N tiles of 8 columns are dealt to warps round
//     robin: warp (i, j) owns M tiles i, i+wm, … and N tiles j, j+wn, ….
//     Every dot the lowering sees has sparseIndex -1 or 0: a sparse B
//     (sparseIndex = 1) has been rewritten as Cᵀ = Bᵀ·Aᵀ (item 9).
//  5. Dot operands are results of triton_gpu.local_load from a
//     !tt.memdesc<tile, #shared, #triton_gpu.shared_memory[, mutable]>
//     with the result encodings
//     A dense:       #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
//     A values:      #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>  (BM x BK/2)
//     A metadata:    #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>  (BM/16 x BK, i16)
//     B:             #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>
//     and #shared = #triton_gpu.shared<{vec, perPhase, maxPhase, order,
//     hasLeadingOffset = false}> chosen by swizzle.ForDotOperand for that
//     operand (the layout whose ldmatrix / metadata-word loads the swizzle
//     package proves bank-conflict free; docs/swizzle.md §3 lists the loads,
//     which the lowering must issue as described there). Element (r, c) of
//     the tile (r along dim 0, c along dim 1) lives at swizzle.Shared.Offset
//     (r, c, rowElems) elements from the tile start. The metadata rows hold
//     the in-tile layout of swizzle.MetaChunk(BK).
//  6. Pipelined loops (num-stages = S ≥ 2) have the shape documented in
//     tritongpu-pipeline's Doc: before the loop one
//     `triton_gpu.local_alloc : () -> !tt.memdesc<S x tile, #shared, #triton_gpu.shared_memory, mutable>`
//     per operand, S-1 prologue stages of
//     `triton_gpu.memdesc_subview %buf[%s, %c0, %c0]` +
//     `triton_gpu.async_copy_global_to_local %ptrs, %view mask %m [other %o]`
//     (cp.async of sizePerThread elements per thread, zero-filled or `other`
//     where the mask is false) and one `triton_gpu.async_commit_group` per
//     stage; in the loop two extra i32 iter args (insert index, extract
//     index), `triton_gpu.async_wait {num = S-2}` first, local_loads from
//     `memdesc_subview %buf[%extract, %c0, %c0]`, the next stage's copies
//     into `%buf[%insert, …]` and one commit; after the loop
//     `triton_gpu.async_wait {num = 0}` and `triton_gpu.local_dealloc`.
//     The lowering inserts the CTA barriers: after async_wait before the
//     local_loads (cp.async data is visible to the issuing thread only),
//     and between an iteration's local_loads and the next iteration's
//     copies into the buffer they read.
//  7. With num-stages = 1 (or a load the pipeliner cannot move) there is no
//     ring buffer: `%m = triton_gpu.local_alloc %tile : (tensor<…, #blocked>)
//     -> !tt.memdesc<…, #shared, #triton_gpu.shared_memory>` of the loaded
//     tile and `triton_gpu.local_load %m`.
//  8. The epilogue converts the accumulator (or what elementwise ops made
//     of it, e.g. arith.truncf in #mma) with
//     `triton_gpu.convert_layout … #mma -> #blocked` before tt.store.
//     Other convert_layout ops between distributed layouts may remain
//     where two layout classes meet (rare; always legal to lower through
//     shared memory).
//  9. tt.trans {order = array<i32: 1, 0>} appears where the input
//     transposes a register tile (Triton's b.T) and for sparse-B dots (the
//     transposed product): on a rank-2 tensor from #blocked<{spt,
//     tpw, wpc, order}> to #blocked<{spt', tpw', wpc', order'}> with every
//     per-dimension field swapped and order' = [1 - order[0], 1 - order[1]]
//     (a relabelling: each thread keeps its registers); and on a memdesc
//     view, `tt.trans %view {order = array<i32: 1, 0>} : !tt.memdesc<KxN,
//     #shared<{…, order = [1, 0]}>, …, mutable> -> !tt.memdesc<NxK,
//     #shared<{…, order = [0, 1]}>, …, mutable>`, the same bytes indexed the
//     other way round (swizzle.Shared.Offset agrees for both), feeding a
//     local_load or a warp_group_dot operand (a pipelined tile staged as
//     loaded, cp.async or TMA, and read transposed). For a sparse-B dot the
//     loop-carried accumulator is then N x M and the result is transposed
//     back after the loop (convert_layout to a blocked layout, then
//     tt.trans); a transpose of a transpose cancels. tt.reduce results carry
//     #triton_gpu.slice<{dim = axis, parent = the operands' layout}>.
//  10. Hopper (target cuda:90): a dot that wgmma can take is
//     `triton_nvidia_gpu.warp_group_dot %a, %b, %c[, %e, sparseIndex = 0]`
//     with #mma = #triton_gpu.nvidia_mma<{versionMajor = 3, versionMinor = 0,
//     warpsPerCTA = [4·g, n], instrShape = [16, N, 16 | 32]}> (warpgroup q
//     of a CTA owns m64 row blocks q, q+g, …; BM a multiple of 64). %a (A
//     or the compressed values, K contiguous) and %b are memdescs with
//     #triton_gpu.shared<{vec = 8, perPhase = 128/SW, maxPhase = SW/16,
//     order, hasLeadingOffset = true}> (SW-byte swizzle atoms of 8 rows,
//     16-byte chunk c of row r at c ^ (r·SW/128 mod SW/16); hopper.md §2),
//     read by wgmma through matrix descriptors: ring slots (item 6) or
//     local_alloc'd tiles (item 7), the latter followed by
//     triton_nvidia_gpu.fence_async_shared. %e is a local_load of the band16
//     metadata tile with #triton_gpu.dot_op<{opIdx = 0, parent = #mma,
//     kWidth = 2, meta = 1}>: per warp the m16n8k32 metadata register.
//     In pipelined loops the dot is isAsync and followed by
//     warp_group_dot_wait {pendings = 1}, the copies come after that wait,
//     and warp_group_dot_wait {pendings = 0} follows the loop (16-bit 2:4
//     dots on cp.async retire their group in its iteration, pendings = 0;
//     on mbarriers their metadata is carried in registers and the wait
//     names the retired group's metadata as an operand, which the lowering
//     keeps alive up to the wait; such loops are unrolled by two); a
//     synchronous warp_group_dot completes (commit, wait 0) before its
//     result is used. A sparse-B dot whose transposed values are K
//     contiguous (a 2:4 weight read as w.T) is the warp_group_dot of its
//     transposed product, item 9's accumulator handling included. Dots
//     wgmma cannot take keep items 4-5 (MMA v2).
//
// # Invariants
//
//   - Every pass leaves IR that verifies; diagnostics are positioned at
//     the offending op (or the module for bad options); no pass panics on
//     input that verified.
//   - Layout classes: convert-triton-to-tritongpu ties tensors that an op
//     requires to share one encoding into one class with one layout;
//     tritongpu-coalesce changes whole classes (and the slice classes
//     derived from them), so neither introduces conversions inside a class.
//   - The shared layout of a staged or pipelined MMA v2 operand (and of
//     the metadata on v3) is exactly swizzle.ForDotOperand's
//     (sharedForDotOperand is the only call site); a wgmma operand's is
//     ttgpu.NewNVMMAShared's; the pipeliner copies either to the ring
//     buffer unchanged.
//   - No package-level mutable state; pass values are declarations.
package encoding
