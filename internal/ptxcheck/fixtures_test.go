package ptxcheck

import (
	"fmt"
	"strings"
)

// Fixtures for the checker: small PTX modules, one instruction of each kind
// the checks count (the wgmma forms are those of hopper.md §1.1), not
// kernels that compute anything useful.

// wgmmaFixture is one SS wgmma (sparse m64nNk32 or dense m64nNk16) on
// shared-memory descriptors with 128-byte swizzle, fenced, committed and
// waited for, its accumulators stored to global memory. serialize adds a
// second wgmma whose accumulators ordinary instructions redefine inside the
// pipeline stage, which ptxas serializes (C7515).
func wgmmaFixture(dtype string, n int, sparse, serialize bool) string {
	regs := n / 2 // f32 accumulators per thread
	acc := make([]string, regs)
	for i := range acc {
		acc[i] = fmt.Sprintf("%%f%d", i)
	}
	var inst string
	if sparse {
		inst = fmt.Sprintf("\twgmma.mma_async.sp.sync.aligned.m64n%dk32.f32.%s.%s\n\t    {%s}, %%rd1, %%rd2, %%r1, 0, p, 1, 1, 0, 0;\n",
			n, dtype, dtype, strings.Join(acc, ", "))
	} else {
		inst = fmt.Sprintf("\twgmma.mma_async.sync.aligned.m64n%dk16.f32.%s.%s\n\t    {%s}, %%rd1, %%rd2, p, 1, 1, 0, 0;\n",
			n, dtype, dtype, strings.Join(acc, ", "))
	}
	var b strings.Builder
	fmt.Fprintf(&b, `.version 8.4
.target sm_90a
.address_size 64

.visible .entry fixture(.param .u64 out, .param .u32 meta)
{
	.reg .pred p;
	.reg .b32 %%r<8>;
	.reg .b64 %%rd<8>;
	.reg .f32 %%f<%d>;
	.shared .align 1024 .b8 tileA[8192];
	.shared .align 1024 .b8 tileB[32768];
	ld.param.u32 %%r1, [meta];
	mov.u32 %%r2, tileA;
	mov.u32 %%r3, tileB;
	shr.u32 %%r2, %%r2, 4;
	shr.u32 %%r3, %%r3, 4;
	cvt.u64.u32 %%rd1, %%r2;
	cvt.u64.u32 %%rd2, %%r3;
	// 128B swizzle (bits 62-63 = 1), SBO = 1024 >> 4 (bits 32-45), LBO 1
	or.b64 %%rd1, %%rd1, 0x4000004000010000;
	or.b64 %%rd2, %%rd2, 0x4000004000010000;
	setp.ne.b32 p, 0, 0;
	wgmma.fence.sync.aligned;
`, regs)
	b.WriteString(inst)
	b.WriteString("\twgmma.commit_group.sync.aligned;\n")
	if serialize {
		for i := range regs {
			fmt.Fprintf(&b, "\tadd.f32 %%f%d, %%f%d, 0f3F800000;\n", i, i)
		}
		b.WriteString("\tsetp.eq.b32 p, 0, 0;\n")
		b.WriteString(inst)
		b.WriteString("\twgmma.commit_group.sync.aligned;\n")
	}
	b.WriteString("\twgmma.wait_group.sync.aligned 0;\n")
	fmt.Fprintf(&b, "\tld.param.u64 %%rd3, [out];\n\tcvta.to.global.u64 %%rd3, %%rd3;\n\tmov.u32 %%r4, %%tid.x;\n")
	fmt.Fprintf(&b, "\tmul.wide.u32 %%rd4, %%r4, %d;\n\tadd.s64 %%rd3, %%rd3, %%rd4;\n", 4*regs)
	for i := range regs {
		fmt.Fprintf(&b, "\tst.global.f32 [%%rd3+%d], %%f%d;\n", 4*i, i)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}

// mmaSpFixture is one mma.sp m16n8k32 (PTX 7.8, CUDA 11.8) on registers
// loaded from global memory, for target sm_80 or sm_90.
func mmaSpFixture(arch, dtype string) string {
	return fmt.Sprintf(`.version 7.8
.target %s
.address_size 64

.visible .entry fixture(.param .u64 buf)
{
	.reg .b32 %%r<16>;
	.reg .b64 %%rd<4>;
	.reg .f32 %%f<8>;
	ld.param.u64 %%rd1, [buf];
	cvta.to.global.u64 %%rd1, %%rd1;
	ld.global.v4.b32 {%%r0, %%r1, %%r2, %%r3}, [%%rd1];
	ld.global.v4.b32 {%%r4, %%r5, %%r6, %%r7}, [%%rd1+16];
	ld.global.b32 %%r8, [%%rd1+32];
	mov.f32 %%f0, 0f00000000;
	mma.sp.sync.aligned.m16n8k32.row.col.f32.%s.%s.f32
	    {%%f4, %%f5, %%f6, %%f7}, {%%r0, %%r1, %%r2, %%r3}, {%%r4, %%r5, %%r6, %%r7}, {%%f0, %%f0, %%f0, %%f0}, %%r8, 0x0;
	st.global.v4.f32 [%%rd1], {%%f4, %%f5, %%f6, %%f7};
	ret;
}
`, arch, dtype, dtype)
}

// spillFixture keeps 40 loaded values live under .maxnreg 24, so ptxas
// spills (20 bytes of spill stores and loads with CUDA 11.8 and 12.4).
func spillFixture(arch, version string) string {
	const n = 40
	var b strings.Builder
	fmt.Fprintf(&b, ".version %s\n.target %s\n.address_size 64\n\n", version, arch)
	fmt.Fprintf(&b, ".visible .entry spill(.param .u64 in, .param .u64 out) .maxnreg 24\n{\n")
	fmt.Fprintf(&b, "\t.reg .b64 %%rd<4>;\n\t.reg .f32 %%f<%d>;\n", 2*n)
	b.WriteString("\tld.param.u64 %rd1, [in];\n\tld.param.u64 %rd2, [out];\n")
	for i := range n {
		fmt.Fprintf(&b, "\tld.volatile.global.f32 %%f%d, [%%rd1+%d];\n", i, 4*i)
	}
	for i := range n {
		fmt.Fprintf(&b, "\tmul.f32 %%f%d, %%f%d, %%f%d;\n\tst.volatile.global.f32 [%%rd2+%d], %%f%d;\n", n+i, i, n-1-i, 4*i, n+i)
	}
	b.WriteString("\tret;\n}\n")
	return b.String()
}
