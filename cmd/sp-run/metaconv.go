package main

import (
	"fmt"

	"github.com/sparsetriton/sp/sparse"
)

// Metadata layout conversion of compressed 2:4 inputs. A layout change is
// a permutation of the int16 metadata words: word i of the kernel's layout
// is word perm[i] of the given layout. The host computes perm once; the
// CUDA runner applies it on the device with metaPermutePTX (one thread per
// word), and the CPU backend uses sparse.ConvertMeta directly.

// metaPermutation returns perm for a rows x metaCols metadata matrix stored
// in from, to be stored in to.
func metaPermutation(rows, metaCols int, from, to sparse.Layout) ([]int32, error) {
	for _, l := range []sparse.Layout{from, to} {
		if err := l.Check(rows, metaCols); err != nil {
			return nil, err
		}
	}
	if rows*metaCols > 1<<31-1 {
		return nil, fmt.Errorf("%dx%d metadata is too large to permute on the device", rows, metaCols)
	}
	perm := make([]int32, rows*metaCols)
	for r := range rows {
		for c := range metaCols {
			perm[to.Offset(rows, metaCols, r, c)] = int32(from.Offset(rows, metaCols, r, c))
		}
	}
	return perm, nil
}

// applyPermutation is metaPermutePTX on the host: dst[i] = src[perm[i]].
func applyPermutation(src []int16, perm []int32) []int16 {
	dst := make([]int16, len(perm))
	for i, p := range perm {
		dst[i] = src[p]
	}
	return dst
}

// metaPermuteEntry is the .entry of metaPermutePTX; it runs with
// metaPermuteThreads threads per block over cdiv(n, metaPermuteThreads)
// blocks: sp_meta_permute(dst *u16, src *u16, perm *u32, n u64).
const (
	metaPermuteEntry   = "sp_meta_permute"
	metaPermuteThreads = 256
)

const metaPermutePTX = `.version 7.8
.target sm_80
.address_size 64

.visible .entry sp_meta_permute(
	.param .u64 dst,
	.param .u64 src,
	.param .u64 perm,
	.param .u64 n
)
.maxntid 256, 1, 1
{
	.reg .pred %p;
	.reg .b16 %h;
	.reg .b32 %r<6>;
	.reg .b64 %rd<12>;

	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %tid.x;
	mad.wide.u32 %rd1, %r1, %r2, 0;
	cvt.u64.u32 %rd2, %r3;
	add.u64 %rd3, %rd1, %rd2;
	ld.param.u64 %rd4, [n];
	setp.ge.u64 %p, %rd3, %rd4;
	@%p bra DONE;
	ld.param.u64 %rd5, [dst];
	ld.param.u64 %rd6, [src];
	ld.param.u64 %rd7, [perm];
	cvta.to.global.u64 %rd5, %rd5;
	cvta.to.global.u64 %rd6, %rd6;
	cvta.to.global.u64 %rd7, %rd7;
	shl.b64 %rd8, %rd3, 2;
	add.u64 %rd8, %rd7, %rd8;
	ld.global.nc.u32 %r4, [%rd8];
	mul.wide.u32 %rd9, %r4, 2;
	add.u64 %rd9, %rd6, %rd9;
	ld.global.nc.u16 %h, [%rd9];
	shl.b64 %rd10, %rd3, 1;
	add.u64 %rd10, %rd5, %rd10;
	st.global.u16 [%rd10], %h;
DONE:
	ret;
}
`
