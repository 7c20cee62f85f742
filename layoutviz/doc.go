// Package layoutviz draws TritonGPU layouts the way the PTX lowering
// (lower/ptx) realizes them: which thread and register hold each element
// of a distributed tensor, and which shared-memory bank each lane touches
// when the lowering loads a dot operand. cmd/sp-layout and sp-opt
// --dump-layouts are its front ends; docs/tools.md is the guide.
//
//	m, err := layoutviz.ThreadMap(enc, shape, numWarps)    // RegMap: element -> []Slot{thread, register[, half]}
//	b, err := layoutviz.OperandBanks(dotOp, shared, tile, 16) // BankMap: element banks, loads, conflicts
//	m.WriteText(w); m.SVG(); b.TileSVG(); b.Loads[i].LoadSVG()
//	items, err := layoutviz.Collect(module)                 // every layout of a TritonGPU module
//	layoutviz.WriteDir(dir, title, items)                   // index.html + a page (and SVG) per item
//
// # Register maps (ThreadMap)
//
//   - blocked: lower/ptx's blockedMap: lane and warp ids split along
//     order, first element ((lane_d + tpw_d*warp_d) * spt_d) mod shape_d,
//     registers over sizePerThread and the CTA tile's repetitions with
//     order[0] fastest; slice: the parent's registers, first occurrence of
//     each remaining coordinate.
//   - nvidia_mma v2: warp (warp % wm, warp / wm % wn); register 4(m*repN+n)+i
//     of lane (g, t) at (m*16wm + 16warpM + g + 8(i>>1), n*8wn + 8warpN + 2t +
//     (i&1)); v3 (wgmma m64nNk16): d[i] at (16warpM + g + 8((i>>1)&1),
//     N*warpN + 8(i>>2) + 2t + (i&1)) per repetition.
//   - dot_op (parent mma v2): .b32 registers holding two 16-bit elements
//     (Slot.Half 0/1), numbered [repetition][k step][register] as the
//     lowering's fragments: A (meta -1 dense, 0 compressed 2:4 values) the
//     m16n8k16 A fragment per 16x16 block; B the 16x8 B fragment; metadata
//     (meta 1, band16) one word per band and K-slice of 32: columns 32j +
//     16(t&1) + 2g, +1 of the band (lanes t = 2, 3 hold copies).
//
// # Bank maps (OperandBanks)
//
// The loads are lower/ptx's: A one ldmatrix.x4 per warp row position, M
// repetition and K step (.trans when M is contiguous); B one ldmatrix.x4
// per pair of N repetitions and K step (.x2 for a single repetition,
// .trans when N is contiguous); metadata one ld.shared.b32 per band and
// K-slice. Addresses follow the #shared swizzle (swizzle.Shared.Offset);
// Wavefronts and Conflicts are passes/encoding/swizzle's simulation, the
// one the staging pass chose the swizzle with.
//
// # Invariants
//
//   - Every element of a RegMap has at least one holder; every thread holds
//     the same number of slots, each a distinct element; without
//     replication each element has exactly one holder.
//   - Emulating a BankMap's loads (ldmatrix delivers row l/4, columns
//     2(l%4), +1 of matrix l/8's rows, or the transpose; ld.shared.b32 the
//     word's two halves) fills each register with exactly the elements the
//     operand's RegMap pictures (tested on the sparse example's three
//     operands).
//   - The BankMap's per-lane addresses are the emitted PTX's: evaluating
//     lower/ptx's output for each of the CTA's threads gives, for every
//     ldmatrix and ld.shared.b32 of the main loop, the pictured address
//     plus the operand buffer's 128-byte-aligned base (ptx_test.go, the
//     sparse example's three operands), so banks and conflicts are the
//     kernel's; and every mma.sp of the main loop reads the registers the
//     pictures number for its (K step, M, N) (mma_test.go).
//   - Pictures are self-contained (no scripts, no external resources);
//     errors for layouts or shapes outside the model are one line, never
//     a panic.
//   - No package-level mutable state.
package layoutviz
