// Package ptx lowers TritonGPU IR (the output of sp-pipeline: one tt.func
// per kernel, tensors with #triton_gpu layouts) to PTX for sm_80, sm_90 and sm_90a (wgmma),
// op by op from the layouts, with a JSON kernel manifest for launchers.
//
//	res, err := ptx.Lower(module, ptx.Options{})   // SM from triton_gpu.target
//	res.PTX                                        // .version 7.8, .target sm_80|sm_90
//	res.Manifest.JSON() / .CommentBlock()          // name, params, roles, shared bytes, threads, metadata layout
//
// sp-opt --sp-pipeline="target=cuda:80" --emit=ptx -o kernel.ptx runs it
// after the pipeline, the manifest leading the PTX as a comment block.
//
// # Structure
//
// The output is typed PTX (package asm: module -> entry -> block ->
// instruction, operands as Go values, one printer); Result.Module holds
// it and Result.PTX its text. Each op is lowered by an emit function found
// in a table keyed by op name, built per Lower call (newTable; each file
// contributes its ops through a function such as arithOps): arith.go (arith, math,
// casts), tensor.go (make_range, splat, broadcast, expand_dims, addptr,
// program ids), mem.go (tt.load/tt.store), shared.go (local_alloc,
// local_load/store, memdesc views, convert_layout, cp.async), trans.go
// (tt.trans of shared views and of distributed tensors), dot.go
// (ldmatrix fragments, mma.sync, mma.sp), scf.go (for, if, yield),
// reduce.go (tt.reduce over blocked, nvidia_mma and slices of them), tma.go
// (global scratch, device-made tensor maps, mbarriers, TMA copies). An
// op without an entry, or a layout, type or
// shape an emitter does not handle, is a positioned *ir.Diagnostic
// ("op X is not supported by the PTX lowering"), never a panic.
//
// # Invariants
//
// Registers. Every SSA value becomes virtual registers (ptxas allocates):
// a scalar one register; a tensor with a distributed layout (blocked,
// slice, nvidia_mma v2) one register per element the thread holds, in the
// order of its threadMap (layout.go): element i sits at coordinates
// base[d] + offs[i][d], base being a per-thread prologue register derived
// from %tid.x, offs compile-time constants. Blocked: dimension d of lane and
// warp ids is split along `order`; the first element is at
// ((laneIdx_d + tpw_d*warpIdx_d) * spt_d) mod shape_d, repetitions of the
// CTA tile add spt*tpw*wpc. Slice: the parent's elements with the sliced
// dimension dropped, first occurrence kept. nvidia_mma v2: warp (warp % wm,
// warp / wm); for repetition (m, n) and i < 4, row m*16*wm + warpM*16 + g +
// 8*(i>>1), column n*8*wn + warpN*8 + 2t + (i&1) (g = lane>>2, t = lane&3,
// the m16n8 C fragment of ptx.md §1.3). Threads whose tile exceeds the
// tensor replicate elements. splat/broadcast/expand_dims move no data: they
// re-index registers (a splat repeats one register). Register classes:
// .pred (i1), .b16 (i8, i16, f16, bf16), .b32 (i32), .b64 (i64, pointers),
// .f32, .f64. f16/bf16 arithmetic runs in f32 and rounds back with
// cvt.rn (correctly rounded for + - * / sqrt); bf16 widens by a 16-bit shift
// (cvt.f32.bf16 needs sm_90).
//
// Dot operands (dot_op layouts) are not per-element: they are mma
// fragments (fragment, dot.go), .b32 registers per (repetition, k step),
// loaded from shared memory with ldmatrix (.x4 for A, .x4/.x2 for B, .trans
// when the k dimension is not the contiguous one); band16 metadata is read
// with one ld.shared.b32 per lane and k32 step. tt.dot issues mma.sync.aligned.m16n8k16 (dense) or
// mma.sp.sync.aligned.m16n8k32 with selector 0 (2:4 A, f16/bf16, f32
// accumulators): the A fragment of k32 step j is the dense m16n8k16 A
// fragment of compressed columns 16j.., B is two stacked k16 fragments, and
// lane (g, t) gets the metadata words of rows g (low half) and g+8 (high
// half) for K chunk 2j + (t&1) (ptx.md §1.5): in band16 these two words
// are adjacent, the 32-bit word at columns 32j + 16(t&1) + 2g, +1. Options.OrderedMetadata selects
// mma.sp::ordered_metadata (PTX 8.5; CUDA 11.8's ptxas accepts only
// <= 7.8, hence the default).
//
// 8-bit dots (2:4 A, e4m3/e5m2 -> f32, i8 -> i32; dot operands with
// kWidth = 4): mma.sp m16n8k64 (sm_89 for fp8 with PTX 8.4, sm_80 for s8),
// values and a K-contiguous B read through ldmatrix as b16 pairs
// (b16View), band16k32 metadata one ld.shared.b32 per lane and k64 step
// (loadMeta8); on sm_90a wgmma.mma_async.sp m64nNk64. fp8 registers hold
// 8-bit codes in .b16 containers and are never computed on (noFP8).
//
// Hopper (wgmma.go). A module with triton_nvidia_gpu.warp_group_dot is
// emitted for .target sm_90a, PTX 8.3 (wgmma.mma_async.sp needs 8.2; CUDA
// 12.4's ptxas takes up to 8.4). nvidia_mma v3 accumulators hold, per
// repetition (m, n), the wgmma D fragment: rows m*16*wm + warpM*16 + g +
// 8*(i>>1), columns n*instrN*wn + warpN*instrN + 8j + 2t + (i&1), so one
// epilogue (convert_layout through shared memory) serves v2 and v3. The
// dot issues wgmma.fence, one wgmma.mma_async(.sp) per (k step, m64
// block, n block) of its warpgroup on shared-memory matrix descriptors
// (start >> 4, LBO, SBO, swizzle mode from the NVMMA layout), or with A
// in registers (a dot_op tensor: the ldmatrix fragments) B only, then
// wgmma.commit_group, and wgmma.wait_group 0 unless isAsync;
// warp_group_dot_wait is wgmma.wait_group N. The accumulator is updated in
// place when only the dot reads it (InOut destinations), so a loop-carried
// accumulator is never copied while a group is in flight. The 2:4 metadata
// is the m16n8k32 register of the warp (selector 0), read from band16 as
// for mma.sp. fence_async_shared is fence.proxy.async.shared::cta. With
// several warpgroups, the first cp.async after a wgmma waits at a CTA
// barrier (another warpgroup's group may still read the slot it refills),
// unless an async_wait's barrier came between them (async-wait=
// before-copies: one barrier per iteration).
//
// fp8 promotion (wgmma.go, issuePromoted). Hopper's fp8 wgmma sums its
// products and the D it is given in about 14 significant bits, so an e4m3
// or e5m2 warp_group_dot whose maxNumImpreciseAcc is at most its tile's K
// (Triton's rule; 0, the default, promotes after every wgmma) issues each
// interval of ceil(maxNumImpreciseAcc / 64) k steps into a separate partial
// accumulator (scale-d = 0 on the interval's first wgmma), waits for it and
// adds it into the f32 accumulator with add.f32. In a pipelined K loop the
// last interval's group stays in flight: the next iteration's dot waits for
// it and adds it before issuing, the warp_group_dot_wait after the loop adds
// the last one (the partial's registers are zeroed before the loop), so the
// wait and the additions overlap the copies and the barrier; nothing reads
// a register of a group in flight (ptxas would serialize the wgmmas,
// C7514). Where the accumulator and a partial as large would not fit the
// registers, the partial covers one m block at a time, retired within the
// dot. Integer dots accumulate exactly and are never promoted.
//
// Hopper TMA (tma.go), as Triton 3.6 lowers it. global_scratch_alloc
// ops share one per-program slice of a global scratch buffer that the
// kernel takes as a trailing .u64 parameter (manifest: globalScratch
// {bytes, align}; grid size x bytes in all, program (x, y, z) at
// ((z*ny + y)*nx + x)*bytes). tensormap_create builds a 128-byte map in a
// shared scratch with tensormap.replace (thread 0; global_stride in 16-byte
// units below PTX 8.6) and copies it out with tensormap.cp_fenceproxy;
// tensormap_fenceproxy_acquire fences and passes a CTA barrier. mbarriers:
// thread 0 inits and invalidates, barrier_expect / arrive_barrier pass a
// CTA barrier and arrive from thread 0 under their predicate, wait_barrier
// spins on mbarrier.try_wait.parity. A TMA copy splits its tile into boxes
// (getTMABlockShape: at most 256 per dimension, the contiguous one the
// swizzle width, or the whole row when unswizzled); a load's box n is
// issued by one lane (elect.sync) of warp n % numWarps, inside a
// warp-uniform branch the other warps jump over (ptxas wraps each
// cp.async.bulk.tensor in a loop over the warp's active lanes, which the
// other warps then skip); a store's box n from lane 0 of warp n %
// numWarps; stores commit a bulk group, async_tma_store_wait is
// cp.async.bulk.wait_group.read. TMA writes are ordered by their mbarrier,
// not by bar.sync: a load waits at a CTA barrier only when shared memory was
// touched since the last one, and a loop body ending in an expect (or
// arrive) followed by TMA loads leaves the loop head clean.
//
// Global memory. Loads and stores are vectorized per thread over runs of
// consecutive registers contiguous along the layout's fastest dimension, as
// wide as sizePerThread, the pointer's contiguity and alignment and the
// mask's constancy allow (axis.go, a reduced Triton AxisInfo seeded by
// tt.divisibility), up to 16 bytes (ld/st.global.v4.b32, 16-bit values
// packed in pairs). A mask predicates the access; masked-off lanes of a
// load keep `other` (or 0), moved in before the predicated load.
//
// Shared memory. One dynamic buffer, `global_smem` (.extern .shared,
// .align 16), sized by planShared: every local_alloc and the scratch of
// convert_layout and cross-warp reductions get byte offsets; buffers with
// overlapping live ranges (program order, a use inside a loop keeps an
// allocation live to the loop's end) are disjoint, others share space
// (first fit, 128-byte aligned). When the total is over the target's
// shared memory per block, fitShared splits the largest convert_layout
// scratch into 2, 4, ... windows of rows or columns and places again; each
// window goes through the smaller tile in turn. A thread's elements of a
// window follow from their compile-time offsets (every thread's base lies
// below threadMap.span), or for an #mma accumulator cut into bands of
// whole 16-row blocks from a warp-uniform predicate on the warp's first
// row. Manifest.sharedBytes is the total; the launcher raises the dynamic
// limit above 48 KB. A memdesc value is a
// 32-bit shared address plus the tile's #shared swizzle (vec, perPhase,
// maxPhase, order): element (line, pos) of the stored 2-D tile is at
// line*rowLen + ((pos/vec) ^ ((line/perPhase) % maxPhase))*vec + pos%vec.
// NVMMA layouts (hasLeadingOffset, #nvmma_shared: wgmma operands) split
// each stored row into column blocks of the swizzle width SW (rowLen =
// SW/element bytes), block b of all lines at b*lines*SW, and are 1024-byte
// aligned (the buffer is then declared .align 1024).
// Lane-dependent swizzled offsets are prologue registers (the constant part
// of a coordinate is reduced modulo the swizzle period and folded into the
// address displacement), so an access in a loop is an add plus the access.
// tt.trans of a memdesc is a view that swaps the tile's rows and columns,
// its origin and its contiguous dim (no data moves); dot operands read
// through it follow the flipped contiguous dim (ldmatrix with or without
// .trans), which is how a 2:4-sparse B, computed as Cᵀ = Bᵀ·Aᵀ, is read.
// tt.trans of a distributed tensor renumbers each thread's registers; the
// result layout must hold every element in the thread that holds it in the
// operand (the transposed layout, as Triton infers it).
// convert_layout writes the source tile row-major with a 16-byte row pad
// (conflict-free stores of mma fragments) and reads the destination layout.
//
// wgmma operands in flight. ptxas keeps the accumulator registers of a
// wgmma group until a wgmma.wait_group retires it, but not its 2:4
// metadata or register-A fragments: to it they are dead once the wgmma
// has issued. warp_group_dot_wait therefore reads the fragment registers
// among its operands right after its wait, in a shared-memory store whose
// predicate (%dynamic_smem_size == 2^32-1) is false at run time and opaque
// to ptxas; the registers cannot be reused before the wait. The golden
// tests and bench/hopper_variants.sh check every sm_90a kernel's SASS for
// a metadata register written while its group is in flight
// (internal/ptxcheck.MetadataHazards). The dot's accumulator is updated in
// place when nothing reads its old value afterwards (another use in the
// other branch of an scf.if does not count), and an scf.if whose branches
// yield values in the same registers takes those registers as its
// result: no register copy that ptxas would have to order after a group
// still writing the accumulator.
//
// Barriers. A CTA barrier (bar.sync 0) orders shared-memory accesses
// between threads. The emitter tracks whether shared memory was read or
// written since the last barrier and inserts one before a write after any
// access (WAR, WAW) and before a read after a write (RAW); loop exits and
// if-joins assume both, and so do loop heads unless the state before the
// loop is clean and the body ends with an async_wait followed only by
// register work and cp.async (endsAtBarrier; checked after the body), as
// tritongpu-pipeline's async-wait=before-copies loops do. async_wait is cp.async.wait_group N
// followed by a barrier (cp.async data is visible to other threads only
// then). cp.async writes themselves insert no barrier: the software
// pipeline guarantees that the ring slot it fills was last read before the
// previous iteration's async_wait barrier (the contract of
// tritongpu-pipeline). Barriers inside divergent control flow would hang:
// scf.if conditions in lowered kernels must be uniform across the CTA.
//
// Asynchronous copies. async_copy_global_to_local issues one
// cp.async.cg.shared.global of 16 bytes per run (.ca for 4 or 8 bytes),
// a mask becoming the src-size operand (0 bytes read, zero fill); narrower
// runs fall back to predicated ld.global + st.shared. async_commit_group is
// cp.async.commit_group.
//
// Control flow. scf.for becomes a head label, a signed compare and
// branch, the body, parallel copies of the yielded values into the
// iteration registers, and a back edge; scf.if two labelled blocks that
// copy their yields into the result registers.
//
// Finally a mark-and-sweep pass (asm.EliminateDead, on the instruction
// values) deletes instructions whose results no effect needs (per-element pointers of non-leading vector
// lanes, dead loop-carried copies), which ptxas would otherwise keep alive
// across loops.
//
// # Module and manifest
//
// .version 7.8, .target sm_80|sm_90, .address_size 64; one .visible .entry
// per tt.func with .maxntid = 32*num-warps and parameters in the decomposed
// signature's order (pointers .u64, i1/i8 .u8, others by width). The
// manifest (manifest.go) lists them with dtypes ("*f16", "i32") and roles:
// pointers feeding the values or the metadata operand of a sparse tt.dot
// (found through def-use chains, loop-carried values and the copies that
// fill shared buffers) are "values" and "metadata", other pointers "dense",
// the rest "scalar". Sparse kernels name their metadata layout "band16"
// (sparse.Band16).
package ptx
