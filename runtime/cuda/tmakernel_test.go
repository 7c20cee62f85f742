package cuda

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/sparsetriton/sp/internal/ptxcheck"
)

// tmaBoxPTX is a test kernel for tensor maps: thread 0 copies one box at
// coordinates {x, y} (innermost first) with cp.async.bulk.tensor.2d into
// shared memory aligned to 1024 bytes, completing on an mbarrier with
// expect_tx; then the block writes the shared image (swizzle included)
// to out unchanged. The map is a `.param .align 64 .b8 [128]` parameter
// ahead of a 64-bit and two 32-bit ones; cp.async.bulk.tensor takes its
// generic address (cvta.param: the bare param-space address faults with
// a misaligned address).
func tmaBoxPTX(boxBytes int) string {
	return fmt.Sprintf(`.version 8.0
.target sm_90a
.address_size 64

.visible .entry tma_box(
	.param .align 64 .b8 tma_box_param_0[128],
	.param .u64 tma_box_param_1,
	.param .u32 tma_box_param_2,
	.param .u32 tma_box_param_3)
.reqntid 128, 1, 1
{
	.reg .pred %%p<4>;
	.reg .b32 %%r<16>;
	.reg .b64 %%rd<8>;
	.shared .align 1024 .b8 tile[%[1]d];
	.shared .align 8 .b64 bar;

	mov.u32 %%r1, %%tid.x;
	setp.eq.u32 %%p1, %%r1, 0;
	mov.u32 %%r2, bar;
	mov.u32 %%r3, tile;
	@%%p1 mbarrier.init.shared::cta.b64 [%%r2], 1;
	bar.sync 0;
	ld.param.u32 %%r4, [tma_box_param_2];
	ld.param.u32 %%r5, [tma_box_param_3];
	mov.b64 %%rd6, tma_box_param_0;
	cvta.param.u64 %%rd1, %%rd6;
	@%%p1 mbarrier.arrive.expect_tx.shared::cta.b64 %%rd2, [%%r2], %[1]d;
	@%%p1 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%%r3], [%%rd1, {%%r4, %%r5}], [%%r2];
WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r2], 0;
	@!%%p2 bra WAIT;
	ld.param.u64 %%rd3, [tma_box_param_1];
	cvta.to.global.u64 %%rd3, %%rd3;
	mov.u32 %%r6, %%r1;
LOOP:
	setp.ge.u32 %%p3, %%r6, %[2]d;
	@%%p3 bra DONE;
	shl.b32 %%r7, %%r6, 2;
	add.u32 %%r8, %%r3, %%r7;
	ld.shared.u32 %%r9, [%%r8];
	cvt.u64.u32 %%rd4, %%r7;
	add.s64 %%rd5, %%rd3, %%rd4;
	st.global.u32 [%%rd5], %%r9;
	add.u32 %%r6, %%r6, 128;
	bra LOOP;
DONE:
	ret;
}
`, boxBytes, boxBytes/4)
}

var tmaLoad = regexp.MustCompile(`\bUTMALDG\.2D\b`)

// TestTMAKernelAssembles checks the tensor-map test kernel with CUDA
// 12.4's ptxas on every run, so the GPU test's kernel is known to be valid
// sm_90a PTX before it reaches a GPU.
func TestTMAKernelAssembles(t *testing.T) {
	for _, bb := range []int{512, 1024, 2048} {
		r := ptxcheck.Check(t, fmt.Sprintf("tma_box_%d", bb), tmaBoxPTX(bb))
		if n := ptxcheck.Count(r.SASSFor(t), tmaLoad); n != 1 {
			t.Errorf("box %d: %d UTMALDG in the SASS, want 1", bb, n)
		}
	}
}
