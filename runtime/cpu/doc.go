// Package cpu is sp's reference interpreter: it runs a Triton kernel
// (TTIR, or TTGIR with its layouts ignored) on the host, one goroutine per
// program id up to GOMAXPROCS, over a Memory of byte buffers. sp-run uses
// it as its default back end and as the executable statement of the 2:4
// metadata contract.
//
// # Values
//
// Every SSA value is a Value: a scalar or a row-major tensor of float64
// (f16, bf16, f32, f64, f8E4M3FN, f8E5M2 lanes, rounded to their type after
// every op, f16 and bf16 through float32, fp8 exactly and saturating to
// the largest finite value as cvt.rn.satfinite does), int64 (iN lanes kept sign-extended from N
// bits; i1 true is -1), pointers (Ptr: buffer index and byte offset) or a
// block pointer. Handlers never modify their operands, so ops such as
// tt.reshape and triton_gpu.convert_layout forward their operand.
//
// # Ops
//
//   - arith: constants (scalar, splat, dense), integer and float binary
//     ops, negf, cmpi, cmpf, select, every cast.
//   - math: the float functions and absi, ctlz, cttz, ctpop.
//   - scf: for, if, while (yield, condition).
//   - tt: get_program_id, get_num_programs, make_range, splat, broadcast,
//     expand_dims, reshape, trans, addptr, load and store (scalar,
//     tensor-of-pointer with mask and other, block pointer with
//     boundaryCheck and padding), make_tensor_ptr, advance, make_tensor_descriptor /
//     descriptor_load / descriptor_store (TTIR: a block at the coordinates,
//     every dimension bounds-checked, as TMA), atomic_rmw,
//     dot (dense and sparse), reduce (by running the combiner region),
//     call/return, bitcast, fp_to_fp, clampf, precise_sqrt, precise_divf,
//     mulhiui, assert.
//   - triton_gpu: convert_layout (identity); shared memory as per-program
//     allocations (the only mutable values): local_alloc (empty or from a
//     tensor), local_load, local_store, local_dealloc, memdesc_subview,
//     memdesc_index, memdesc_subslice; async_copy_global_to_local (masked,
//     completed when issued, so a read of a slot whose copy is still in
//     flight on the GPU sees the new data and shows up as a wrong result),
//     async_commit_group and async_wait (no-ops).
//   - Hopper (tma.go): global_scratch_alloc (a pointer into the program's
//     own scratch), tensormap_create (a tensor map recorded under that
//     pointer: a view of the global tensor, checked as
//     cuTensorMapEncodeTiled checks it), tensormap_fenceproxy_acquire,
//     reinterpret_tensor_descriptor; TMA loads (zero fill outside the
//     tensor, completing when issued) and stores (in-bounds elements only),
//     async_tma_store_wait; mbarriers with their phases and transaction
//     bytes, where a wait that could never pass is an error (the GPU would
//     hang).
//
// NewKernel rejects any other op, a tt.dot or block pointer on a
// #tt.sparse operand (decompose-sparse-tensors must run first), and
// unsupported element types, with the op's location, before anything runs.
// At run time an out-of-bounds or null access is an error naming the
// buffer, the byte range and the program id; nothing panics.
//
// # tt.dot
//
// d = c + a·b is computed in float64 and rounded once to the result type;
// i8 x i8 -> i32 dots exactly, wrapping to the result width.
// A sparse dot (sparseIndex = 0) takes A's values tile (BM x BK/2) and a
// tile of the band16 metadata tensor (BM/16 x BK of i16; sparse.Band16):
// the word for row r and dense columns 16c..16c+15 is tile[r/16][16c +
// 2(r%8) + (r%16)/8] (rows r and r+8 interleaved), and its nibble i is idx0 | idx1<<2 for the group at columns
// 16c+4i..16c+4i+3, with values 8c+2i and 8c+2i+1 of the row going to
// columns 16c+4i+idx0 and 16c+4i+idx1. Non-increasing nibbles (idx0 >=
// idx1, undefined for mma.sp::ordered_metadata) are an error unless both
// values of the group are zero (the zero padding of a boundary-checked
// load past the matrix, which contributes nothing on any hardware). sparseIndex
// = 1 mirrors this for B (values BK/2 x BN, metadata of Bᵀ, BN/16 x BK).
// With 8-bit values (f8E4M3FN, f8E5M2, i8) the tile is band16k32
// (sparse.Band16K32): the word of row r and chunk c is at
// tile[r/16][32(c/2) + 2(r%16) + c%2], and K must be a multiple of 32.
// Float-to-integer casts saturate to the destination range (PTX cvt).
package cpu
