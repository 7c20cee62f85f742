// Package ttng is the TritonNvidiaGPU dialect: canonical namespace
// `triton_nvidia_gpu` (Triton 3.1), accepted and printable as `ttng`
// (3.2+). It declares the Hopper/Blackwell ops sp needs: warp_group_dot
// (+ _wait), fence_async_shared, mbarrier ops (init_barrier, wait_barrier,
// barrier_expect) with custom forms, and the TMA copies and tc_gen5_mma in
// generic form only (ir-syntax.md §6 gives no custom form for them).
//
// warp_group_dot has tt.dot's 2:4 extension: `%a, %b, %c, %e, sparseIndex
// = 0 : type(a), type(e) * type(b) -> type(d)` is wgmma.sp with A the
// compressed values (Mx(K/2)) and e the band16 metadata ((M/16)xK i16);
// an optional i1 useC follows e.
//
// Every op is declared as data (dialect/internal/ods); warp_group_dot keeps
// hand-written syntax hooks and shares tt.dot's type syntax and shape
// checks (tt.ParseDotTypes, tt.VerifyDotShapes).
//
// Invariants: Dialect returns a fresh value; barrier operands are memdescs
// of i64; warp_group_dot takes B from shared memory and checks MxK·KxN→MxN
// (sparse: values Mx(K/2), e (M/16)xK i16, B KxN); sparseIndex is -1 or 0.
package ttng
