// Package swizzle chooses the shared-memory layout (Triton's
// #triton_gpu.shared<{vec, perPhase, maxPhase, order}>) of each operand of
// an MMAv2 dot, dense or 2:4 sparse, and proves the choice with a
// shared-memory bank-conflict simulator run over the loads the PTX lowering
// issues. It depends on no sp IR package: the encoding passes translate
// dot_op encodings into the plain arguments of ForDotOperand and the result
// into a shared attribute. docs/swizzle.md has the long form and the table
// of chosen layouts.
//
// # Layout
//
// Shared.Offset maps logical element (row, col) of a rank-2 tile: with s the
// index of the stored row (the non-contiguous dimension, Order[1]) and j the
// index along the contiguous one (Order[0]), rowElems elements per row,
//
//	phase = (s / perPhase) % maxPhase
//	offset = s*rowElems + ((j/vec) ^ phase)*vec + j%vec
//
// # Bank model (Conflicts)
//
// 32 banks of 4 bytes. A warp-wide access of W bytes per lane is served in
// phases of 128/W lanes (ldmatrix: 16-byte rows, 8 lanes per phase; b32:
// 32 lanes). In a phase, equal words are broadcast; distinct words in one
// bank serialise. Conflicts = Σ over phases (max distinct words per bank −
// 1), the wavefronts beyond one per phase.
//
// # Loads (DotOperandLoads), per warp and K step, m16n8k32 sparse MMA
//
//   - A, dense or compressed values (BM x BK/2): ldmatrix.x4 of a 16x16
//     block (.trans when M is contiguous).
//   - B (BK x BN): ldmatrix.x4.trans of a 32x8 block when N is contiguous,
//     ldmatrix.x4 when K is.
//   - metadata ((BM/16) x BK i16, K contiguous): a block of the [M/16, K]
//     tensor in sparse.Band16 order, natural element (r, c) (row r, K-chunk
//     c) at tile row r/16, column 16c + 2(r%8) + (r%16)/8. Per band i of the
//     warp (its M tiles, round robin) and K-slice j (32 K columns), the
//     lowering issues one ld.shared.b32: lane (g, t) reads the aligned word
//     at (i, MetaWordColumn(j, lane)) = (i, 16(2j + (t&1)) + 2g), which is
//     natural metadata (16i+g, 2j+(t&1)) in the low half and
//     (16i+g+8, 2j+(t&1)) in the high half, the m16n8k32 register of
//     ptx.md §1.5; every mma.sp of that band and K-slice (each N tile of the
//     warp) uses it with selector 0. Lanes t = 2, 3 read the words of t - 2
//     (a broadcast the MMA ignores).
//
// # Choice (ForDotOperand), rowBytes = bytes of the contiguous dimension
//
//   - ldmatrix operands: vec = 128/elemBits, perPhase = max(1, 128/rowBytes),
//     maxPhase = 8/perPhase (Triton 3.1's Ampere rule). A phase reads the
//     16-byte vector v of 8 consecutive stored rows s = 8q + perPhase*a + b
//     (a < maxPhase, b < perPhase), so phase(s) = a. The 16-byte bank group
//     of a read, (s*rowBytes/16 + (v ^ a)) mod 8, is b*maxPhase + (v ^ a)
//     when rowBytes < 128 (rowBytes/16 = maxPhase, perPhase*maxPhase = 8,
//     v ^ a < maxPhase) and (v mod 8) ^ a when rowBytes ≥ 128 (perPhase 1,
//     maxPhase 8). Either way the 8 rows hit 8 different groups: one
//     wavefront per phase. Unswizzled they fall into 8/min(8, rowBytes/16)
//     groups: min(8, rowBytes/16) wavefronts per phase.
//   - metadata: vec = 8, perPhase = 1, maxPhase = 1 (plain). Each
//     ld.shared.b32 is one phase reading the 64 contiguous bytes of one
//     K-slice of one row, 64-byte aligned since BK is a multiple of 32: 16
//     banks, each word read by two lanes (broadcast), one wavefront. A
//     swizzle only moves aligned vector blocks inside a row, so it can
//     neither improve this nor is it needed.
//
// # Invariants
//
//   - Every layout ForDotOperand returns has vec, perPhase, maxPhase ≥ 1
//     (never the reference fork's maxPhase = 1/perPhase = 0 at BK = 32),
//     satisfies Validate for its row length, and Offset is then a
//     bijection of the tile onto [0, rows*cols).
//   - For every tile CheckDotOperand accepts whose dimensions are whole
//     multiples of the load steps, every load of DotOperandLoads on the
//     chosen layout has Conflicts = 0 (derivation above; tested on the
//     grid BM, BN ∈ {64, 128, 256}, BK ∈ {32, 64, 128}, warps [2,2],
//     [4,1], [4,2], [1,4], [8,1]; for the metadata also BK up to 512 and
//     1 to 8 bands).
//   - Conflicts depends only on addresses relative to each other: shifting
//     all by a multiple of the access width changes nothing, so a tile
//     needs only the 16-byte alignment ldmatrix and cp.async already need.
//   - The loads deliver the MMA fragments of ptx.md §1.3/§1.5 for the
//     chosen and the identity layout (tested by emulating ldmatrix and
//     ld.shared on the tile; the metadata from random natural metadata
//     stored through sparse.Band16.Offset).
//   - No package state; all functions are pure. ForDotOperand returns
//     CheckDotOperand's error for arguments outside the model (the staging
//     pass turns it into a diagnostic). MetaWordColumn and Shared.Offset
//     panic only on programming errors (a lane outside 0..31, a negative
//     K-slice, a degenerate layout that Validate rejects).
package swizzle
