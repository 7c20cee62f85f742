// Package ttng is the TritonNvidiaGPU dialect: canonical namespace
// `triton_nvidia_gpu` (Triton 3.1), accepted and printable as `ttng`
// (3.2+). It declares the Hopper/Blackwell ops sp needs: warp_group_dot
// (+ _wait), fence_async_shared, mbarrier ops (init_barrier, wait_barrier,
// barrier_expect) with custom forms, and the TMA copies and tc_gen5_mma in
// generic form only (ir-syntax.md §6 gives no custom form for them).
//
// Invariants: Dialect returns a fresh value; barrier operands are memdescs
// of i64; warp_group_dot takes B from shared memory and checks MxK·KxN→MxN.
package ttng
