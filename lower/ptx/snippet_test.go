package ptx

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/internal/ptxcheck"
)

// prelude wraps a kernel body in a module with the layouts the snippets
// use: #b1 (1-D, 8 per thread), #b2 (2-D, 1x8 per thread, 4 warps along
// rows), #mma (2x2 warps).
func prelude(target, sig, body string) string {
	return `#b1 = #triton_gpu.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#b2 = #triton_gpu.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#sh = #triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0], hasLeadingOffset = false}>
#sh0 = #triton_gpu.shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0], hasLeadingOffset = false}>
module attributes {"triton_gpu.num-ctas" = 1 : i32, "triton_gpu.num-warps" = 4 : i32, triton_gpu.target = "` + target + `", "triton_gpu.threads-per-warp" = 32 : i32} {
  tt.func public @k(` + sig + `) attributes {noinline = false} {
` + body + `
    tt.return
  }
}
`
}

const (
	p16 = `%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}`
	t1  = `tensor<1024xi32, #b1>`
	pt1 = `tensor<1024x!tt.ptr<f16>, #b1>`
	f1  = `tensor<1024xf16, #b1>`
	// offs: %o = make_range, %ptrs = p + o (1-D, f16)
	ptrs1 = `    %o = tt.make_range {end = 1024 : i32, start = 0 : i32} : ` + t1 + `
    %s = tt.splat %p : !tt.ptr<f16> -> ` + pt1 + `
    %ptrs = tt.addptr %s, %o : ` + pt1 + `, ` + t1 + `
`
)

// TestSnippets maps small TTGIR kernels to PTX lines that must appear in
// order (regular expressions, FileCheck CHECK semantics), and lines that
// must not appear (style.md P14).
func TestSnippets(t *testing.T) {
	cases := []struct {
		name, target, sig, body string
		opts                    Options
		want, not               []string
	}{
		{name: "module", target: "cuda:90", sig: p16, body: ptrs1 + `    %v = tt.load %ptrs : ` + pt1 + `
    tt.store %ptrs, %v : ` + pt1,
			want: []string{`^\.version 7\.8$`, `^\.target sm_90$`, `^\.address_size 64$`, `^\.visible \.entry k\($`, `\.param \.u64 k_param_0`, `^\.maxntid 128, 1, 1$`, `ld\.param\.u64 %rd0, \[k_param_0\]`}},
		{name: "program-ids", target: "cuda:80", sig: `%x: i32, %out: !tt.ptr<i32>`, body: `    %a = tt.get_program_id y : i32
    %b = tt.get_num_programs z : i32
    %c = arith.addi %a, %b : i32
    %d = arith.addi %c, %x : i32
    tt.store %out, %d : !tt.ptr<i32>`,
			want: []string{`mov\.u32 %r\d+, %ctaid\.y;`, `mov\.u32 %r\d+, %nctaid\.z;`}},
		{name: "vector-load-store-v4", target: "cuda:80", sig: p16, body: ptrs1 + `    %v = tt.load %ptrs : ` + pt1 + `
    %w = arith.addf %v, %v : ` + f1 + `
    tt.store %ptrs, %w : ` + pt1,
			want: []string{`ld\.global\.v4\.b32 \{%r\d+, %r\d+, %r\d+, %r\d+\}, \[%rd\d+\];`, `mov\.b32 \{%h\d+, %h\d+\}, %r\d+;`,
				`cvt\.f32\.f16 %f\d+, %h\d+;`, `add\.rn\.f32`, `cvt\.rn\.f16\.f32 %h\d+, %f\d+;`, `st\.global\.v4\.b32 \[%rd\d+\], \{`},
			not: []string{`ld\.global\.b16`}},
		{name: "unaligned-scalar-load", target: "cuda:80", sig: `%p: !tt.ptr<f16>`, body: ptrs1 + `    %v = tt.load %ptrs : ` + pt1 + `
    tt.store %ptrs, %v : ` + pt1,
			want: []string{`ld\.global\.b16 %h\d+, \[%rd\d+\];`, `st\.global\.b16 \[%rd\d+\], %h\d+;`},
			not:  []string{`\.v4`}},
		{name: "masked-load-other", target: "cuda:80", sig: p16 + `, %n: i32`, body: ptrs1 + `    %ns = tt.splat %n : i32 -> ` + t1 + `
    %m = arith.cmpi slt, %o, %ns : ` + t1 + `
    %c = arith.constant dense<2.000000e+00> : ` + f1 + `
    %v = tt.load %ptrs, %m, %c : ` + pt1 + `
    tt.store %ptrs, %v, %m : ` + pt1,
			want: []string{`setp\.lt\.s32 %p\d+, %r\d+, %r\d+;`, `mov\.b16 %h\d+, 0x4000;`, `mov\.b16 %h\d+, %h\d+;`, `@%p\d+ ld\.global\.b16 %h\d+, \[%rd\d+\];`, `@%p\d+ st\.global\.b16`}},
		{name: "casts", target: "cuda:80", sig: `%x: i32, %y: f32, %q: i64, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<i64>`, body: `    %a = arith.sitofp %x : i32 to f32
    %b = arith.fptosi %y : f32 to i32
    %c = arith.truncf %y : f32 to bf16
    %d = arith.extf %c : bf16 to f32
    %e = arith.trunci %q : i64 to i32
    %f = arith.extui %x : i32 to i64
    %g = arith.cmpi ult, %x, %b : i32
    %h = arith.select %g, %a, %d : f32
    %i = arith.uitofp %e : i32 to f16
    tt.store %o1, %h : !tt.ptr<f32>
    tt.store %o2, %i : !tt.ptr<f16>
    tt.store %o3, %f : !tt.ptr<i64>`,
			want: []string{`cvt\.rn\.f32\.s32`, `cvt\.rzi\.s32\.f32`, `cvt\.rn\.bf16\.f32`, `shl\.b32 %r\d+, %r\d+, 16;`, `cvt\.u32\.u64`, `cvt\.u64\.u32`, `setp\.lo\.u32`, `selp\.f32`, `cvt\.rn\.f16\.u32`}},
		{name: "scf-for-if", target: "cuda:80", sig: `%n: i32, %out: !tt.ptr<i32>`, body: `    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (i32)  : i32 {
      %odd = arith.andi %i, %c1 : i32
      %t = arith.cmpi ne, %odd, %c0 : i32
      %v = scf.if %t -> (i32) {
        %a = arith.addi %acc, %i : i32
        scf.yield %a : i32
      } else {
        scf.yield %acc : i32
      }
      scf.yield %v : i32
    }
    tt.store %out, %r : !tt.ptr<i32>`,
			want: []string{`^\$L_for_head_\d+:$`, `setp\.ge\.s32 %p\d+, %r\d+, %r\d+;`, `@%p\d+ bra \$L_for_exit_\d+;`, `@!%p\d+ bra \$L_if_else_\d+;`, `bra\.uni \$L_if_end_\d+;`, `add\.s32 %r\d+, %r\d+, %r\d+;`, `bra\.uni \$L_for_head_\d+;`, `^\$L_for_exit_\d+:$`, `st\.global\.b32`}},
		{name: "reduce-cross-warp", target: "cuda:80", sig: `%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}`, body: `    %o = tt.make_range {end = 1024 : i32, start = 0 : i32} : ` + t1 + `
    %f = arith.sitofp %o : ` + t1 + ` to tensor<1024xf32, #b1>
    %s = "tt.reduce"(%f) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<1024xf32, #b1>) -> f32
    tt.store %p, %s : !tt.ptr<f32>`,
			want: []string{`max\.f32`, `shfl\.sync\.bfly\.b32 %r\d+, %r\d+, 1, 31, -1;`, `shfl\.sync\.bfly\.b32 %r\d+, %r\d+, 16, 31, -1;`, `st\.shared\.b32`, `bar\.sync 0;`, `ld\.shared\.b32`, `st\.global\.f32`}},
		{name: "convert-layout", target: "cuda:80", sig: `%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}`, body: `    %c = arith.constant dense<1.000000e+00> : tensor<64x64xf32, #mma>
    %b = triton_gpu.convert_layout %c : tensor<64x64xf32, #mma> -> tensor<64x64xf32, #b2>
    %s = "tt.reduce"(%b) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %z = arith.addf %x, %y : f32
      tt.reduce.return %z : f32
    }) : (tensor<64x64xf32, #b2>) -> tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #b2}>>, tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    tt.store %pp, %s : tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #b2}>>`,
			want: []string{`st\.shared\.v2\.f32`, `bar\.sync 0;`, `ld\.shared\.v4\.f32`}},
		{name: "ldmatrix-x2-reduce-slice", target: "cuda:80", sig: `%q: !tt.ptr<f32> {tt.divisibility = 16 : i32}`, body: `    %a = triton_gpu.local_alloc  : () -> !tt.memdesc<32x16xbf16, #sh, #triton_gpu.shared_memory, mutable>
    %b = triton_gpu.local_alloc  : () -> !tt.memdesc<16x16xbf16, #sh, #triton_gpu.shared_memory, mutable>
    %x = triton_gpu.local_load %a : !tt.memdesc<32x16xbf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<32x16xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %y = triton_gpu.local_load %b : !tt.memdesc<16x16xbf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<16x16xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %z = arith.constant dense<0.000000e+00> : tensor<32x16xf32, #mma>
    %d = tt.dot %x, %y, %z : tensor<32x16xbf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<16x16xbf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x16xf32, #mma>
    %r = "tt.reduce"(%d) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %w = arith.addf %u, %v : f32
      tt.reduce.return %w : f32
    }) : (tensor<32x16xf32, #mma>) -> tensor<16xf32, #triton_gpu.slice<{dim = 0, parent = #mma}>>
    %s = "tt.reduce"(%r) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %v: f32):
      %w = arith.minimumf %u, %v : f32
      tt.reduce.return %w : f32
    }) : (tensor<16xf32, #triton_gpu.slice<{dim = 0, parent = #mma}>>) -> f32
    tt.store %q, %s : !tt.ptr<f32>`,
			want: []string{`ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16`, `ldmatrix\.sync\.aligned\.m8n8\.x2\.trans\.shared\.b16 \{%r\d+, %r\d+\}`,
				`mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.bf16\.bf16\.f32`, `shfl\.sync\.bfly\.b32 %r\d+, %r\d+, 4, 31, -1;`, `min\.NaN\.f32`, `shfl\.sync\.bfly\.b32 %r\d+, %r\d+, 1, 31, -1;`, `st\.global\.f32`}},
		{name: "async-copy-ldmatrix-mma", target: "cuda:80", sig: p16 + `, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}`, body: dotBody(false),
			want: []string{`cp\.async\.cg\.shared\.global \[%r\d+(\+\d+)?\], \[%rd\d+\], 16, %r\d+;`, `cp\.async\.commit_group;`, `cp\.async\.wait_group 0;`, `bar\.sync 0;`,
				`ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16 \{%r\d+, %r\d+, %r\d+, %r\d+\}, \[%r\d+`, `ldmatrix\.sync\.aligned\.m8n8\.x4\.trans\.shared\.b16`,
				`mma\.sync\.aligned\.m16n8k16\.row\.col\.f32\.f16\.f16\.f32 \{%f\d+, %f\d+, %f\d+, %f\d+\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, \{%r\d+, %r\d+\}, \{`},
			not: []string{`mma\.sp`}},
		{name: "sparse-dot", target: "cuda:80", sig: p16 + `, %e: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}`, body: dotBody(true),
			want: []string{`^\.version 7\.8$`, `ld\.shared\.b32 %r\d+, \[`,
				`mma\.sp\.sync\.aligned\.m16n8k32\.row\.col\.f32\.f16\.f16\.f32 \{%f\d+, %f\d+, %f\d+, %f\d+\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, \{%r\d+, %r\d+, %r\d+, %r\d+\}, \{%f\d+, %f\d+, %f\d+, %f\d+\}, %r\d+, 0x0;`},
			not: []string{`mma\.sync`, `ordered_metadata`}},
		{name: "sparse-b-transposed", target: "cuda:80", sig: `%q: !tt.ptr<f32> {tt.divisibility = 16 : i32}`, body: transBody,
			want: []string{`ldmatrix\.sync\.aligned\.m8n8\.x4\.trans\.shared\.b16`, `ld\.shared\.b32 %r\d+, \[`, `ldmatrix\.sync\.aligned\.m8n8\.x4\.shared\.b16`,
				`mma\.sp\.sync\.aligned\.m16n8k32\.row\.col\.f32\.f16\.f16\.f32`, `st\.global\.f32`},
			not: []string{`mma\.sync`}},
		{name: "sparse-dot-ordered", target: "cuda:90", sig: p16 + `, %e: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}`, body: dotBody(true),
			opts: Options{OrderedMetadata: true},
			want: []string{`^\.version 8\.5$`, `^\.target sm_90$`, `mma\.sp::ordered_metadata\.sync\.aligned\.m16n8k32\.row\.col\.f32\.f16\.f16\.f32 .*, 0x0;`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := lowerSrc(t, c.name+".mlir", prelude(c.target, c.sig, c.body), c.opts)
			if err != nil {
				t.Fatal(err)
			}
			matchLines(t, res.PTX, c.want)
			for _, n := range c.not {
				if matchAny(res.PTX, n) {
					t.Errorf("%q must not appear in:\n%s", n, res.PTX)
				}
			}
			// Every snippet must also assemble (the ordered-metadata form
			// needs PTX 8.5, beyond CUDA 11.8's and 12.4's ptxas).
			if !c.opts.OrderedMetadata {
				ptxcheck.Check(t, c.name, res.PTX)
			}
		})
	}
}

// dotBody: a 64x64x32 (dense) or 64x64x64 (2:4, values 64x32 + metadata
// 4x64) dot whose operands are copied to shared memory with cp.async,
// loaded into dot_op layouts and multiplied; the result is reduced and
// stored so nothing is dead.
func dotBody(sparse bool) string {
	K, AK := "32", "32"
	if sparse {
		K = "64"
	}
	A := "tensor<64x" + AK + "x!tt.ptr<f16>, #b2>"
	Ai := "tensor<64x" + AK + "xi32, #b2>"
	B := "tensor<" + K + "x64x!tt.ptr<f16>, #b2>"
	Bi := "tensor<" + K + "x64xi32, #b2>"
	meta := ""
	if sparse {
		meta = ", meta = 0"
	}
	s := `    %ar = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %ac = tt.make_range {end = ` + AK + ` : i32, start = 0 : i32} : tensor<` + AK + `xi32, #triton_gpu.slice<{dim = 0, parent = #b2}>>
    %ar2 = tt.expand_dims %ar {axis = 1 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>> -> tensor<64x1xi32, #b2>
    %ac2 = tt.expand_dims %ac {axis = 0 : i32} : tensor<` + AK + `xi32, #triton_gpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x` + AK + `xi32, #b2>
    %ns = tt.splat %n : i32 -> tensor<64x1xi32, #b2>
    %aro = arith.muli %ar2, %ns : tensor<64x1xi32, #b2>
    %arb = tt.broadcast %aro : tensor<64x1xi32, #b2> -> ` + Ai + `
    %acb = tt.broadcast %ac2 : tensor<1x` + AK + `xi32, #b2> -> ` + Ai + `
    %aoff = arith.addi %arb, %acb : ` + Ai + `
    %aps = tt.splat %p : !tt.ptr<f16> -> ` + A + `
    %ap = tt.addptr %aps, %aoff : ` + A + `, ` + Ai + `
    %nb = tt.splat %n : i32 -> ` + Ai + `
    %am = arith.cmpi slt, %arb, %nb : ` + Ai + `
    %abuf = triton_gpu.local_alloc  : () -> !tt.memdesc<64x` + AK + `xf16, #sh, #triton_gpu.shared_memory, mutable>
    %t0 = triton_gpu.async_copy_global_to_local %ap, %abuf mask %am : ` + A + ` -> <64x` + AK + `xf16, #sh, #triton_gpu.shared_memory, mutable>
    %bps = tt.splat %p : !tt.ptr<f16> -> ` + B + `
    %bb = tt.broadcast %ac2 : tensor<1x` + AK + `xi32, #b2> -> ` + Ai + `
    %br = tt.make_range {end = ` + K + ` : i32, start = 0 : i32} : tensor<` + K + `xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %br2 = tt.expand_dims %br {axis = 1 : i32} : tensor<` + K + `xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>> -> tensor<` + K + `x1xi32, #b2>
    %bns = tt.splat %n : i32 -> tensor<` + K + `x1xi32, #b2>
    %bro = arith.muli %br2, %bns : tensor<` + K + `x1xi32, #b2>
    %brb = tt.broadcast %bro : tensor<` + K + `x1xi32, #b2> -> ` + Bi + `
    %bc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #b2}>>
    %bc2 = tt.expand_dims %bc {axis = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 0, parent = #b2}>> -> tensor<1x64xi32, #b2>
    %bcb = tt.broadcast %bc2 : tensor<1x64xi32, #b2> -> ` + Bi + `
    %boff = arith.addi %brb, %bcb : ` + Bi + `
    %bp = tt.addptr %bps, %boff : ` + B + `, ` + Bi + `
    %bbuf = triton_gpu.local_alloc  : () -> !tt.memdesc<` + K + `x64xf16, #sh, #triton_gpu.shared_memory, mutable>
    %t1 = triton_gpu.async_copy_global_to_local %bp, %bbuf : ` + B + ` -> <` + K + `x64xf16, #sh, #triton_gpu.shared_memory, mutable>
`
	if sparse {
		s += `    %er = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %er2 = tt.expand_dims %er {axis = 1 : i32} : tensor<4xi32, #triton_gpu.slice<{dim = 1, parent = #b2}>> -> tensor<4x1xi32, #b2>
    %c64 = arith.constant dense<64> : tensor<4x1xi32, #b2>
    %ero = arith.muli %er2, %c64 : tensor<4x1xi32, #b2>
    %erb = tt.broadcast %ero : tensor<4x1xi32, #b2> -> tensor<4x64xi32, #b2>
    %ecb = tt.broadcast %bc2 : tensor<1x64xi32, #b2> -> tensor<4x64xi32, #b2>
    %eoff = arith.addi %erb, %ecb : tensor<4x64xi32, #b2>
    %eps = tt.splat %e : !tt.ptr<i16> -> tensor<4x64x!tt.ptr<i16>, #b2>
    %ep = tt.addptr %eps, %eoff : tensor<4x64x!tt.ptr<i16>, #b2>, tensor<4x64xi32, #b2>
    %ebuf = triton_gpu.local_alloc  : () -> !tt.memdesc<4x64xi16, #sh0, #triton_gpu.shared_memory, mutable>
    %t2 = triton_gpu.async_copy_global_to_local %ep, %ebuf : tensor<4x64x!tt.ptr<i16>, #b2> -> <4x64xi16, #sh0, #triton_gpu.shared_memory, mutable>
`
	}
	s += `    %g = triton_gpu.async_commit_group
    %w = triton_gpu.async_wait  {num = 0 : i32}
    %a = triton_gpu.local_load %abuf : !tt.memdesc<64x` + AK + `xf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<64x` + AK + `xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2` + meta + `}>>
    %b = triton_gpu.local_load %bbuf : !tt.memdesc<` + K + `x64xf16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<` + K + `x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %z = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
`
	if sparse {
		s += `    %m = triton_gpu.local_load %ebuf : !tt.memdesc<4x64xi16, #sh0, #triton_gpu.shared_memory, mutable> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
    %d = tt.dot %a, %b, %z, %m, sparseIndex = 0 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
`
	} else {
		s += `    %d = tt.dot %a, %b, %z : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
`
	}
	s += `    %s = "tt.reduce"(%d) <{axis = 1 : i32}> ({
    ^bb0(%x: f32, %y: f32):
      %r = arith.addf %x, %y : f32
      tt.reduce.return %r : f32
    }) : (tensor<64x64xf32, #mma>) -> tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #mma}>>
    %qs = tt.splat %q : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #mma}>>
    %qr = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #mma}>>
    %qp = tt.addptr %qs, %qr : tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #mma}>>, tensor<64xi32, #triton_gpu.slice<{dim = 1, parent = #mma}>>
    tt.store %qp, %s : tensor<64x!tt.ptr<f32>, #triton_gpu.slice<{dim = 1, parent = #mma}>>`
	return s
}

func matchAny(text, pattern string) bool {
	for _, l := range strings.Split(text, "\n") {
		if regexpMust(pattern).MatchString(l) {
			return true
		}
	}
	return false
}

// transBody: a 2:4-sparse B as accelerate-matmul writes it, Cᵀ = Bᵀ·Aᵀ: the
// row-major B values (32x64) and A (64x64) are read through tt.trans views
// (column-major, so the values load with ldmatrix.trans as the mma A operand
// and A without it as the B operand), and the accumulator is transposed back
// in registers (bt is #b2 with its dims swapped) before a reduction.
// shT is #sh column-major; bt is #b2 with its dims swapped.
const (
	shT = `#triton_gpu.shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [0, 1], hasLeadingOffset = false}>`
	bt  = `#triton_gpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>`
)

const transBody = `    %v = triton_gpu.local_alloc  : () -> !tt.memdesc<32x64xf16, #sh, #triton_gpu.shared_memory, mutable>
    %a = triton_gpu.local_alloc  : () -> !tt.memdesc<64x64xf16, #sh, #triton_gpu.shared_memory, mutable>
    %e = triton_gpu.local_alloc  : () -> !tt.memdesc<4x64xi16, #sh, #triton_gpu.shared_memory, mutable>
    %vt = tt.trans %v {order = array<i32: 1, 0>} : !tt.memdesc<32x64xf16, #sh, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x32xf16, ` + shT + `, #triton_gpu.shared_memory, mutable>
    %at = tt.trans %a {order = array<i32: 1, 0>} : !tt.memdesc<64x64xf16, #sh, #triton_gpu.shared_memory, mutable> -> !tt.memdesc<64x64xf16, ` + shT + `, #triton_gpu.shared_memory, mutable>
    %x = triton_gpu.local_load %vt : !tt.memdesc<64x32xf16, ` + shT + `, #triton_gpu.shared_memory, mutable> -> tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>
    %m = triton_gpu.local_load %e : !tt.memdesc<4x64xi16, #sh, #triton_gpu.shared_memory, mutable> -> tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>>
    %y = triton_gpu.local_load %at : !tt.memdesc<64x64xf16, ` + shT + `, #triton_gpu.shared_memory, mutable> -> tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %z = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
    %d = tt.dot %x, %y, %z, %m, sparseIndex = 0, inputPrecision = tf32 : tensor<64x32xf16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 0}>>, tensor<4x64xi16, #triton_gpu.dot_op<{opIdx = 0, parent = #mma, kWidth = 2, meta = 1}>> * tensor<64x64xf16, #triton_gpu.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    %c = triton_gpu.convert_layout %d : tensor<64x64xf32, #mma> -> tensor<64x64xf32, ` + bt + `>
    %t = tt.trans %c {order = array<i32: 1, 0>} : tensor<64x64xf32, ` + bt + `> -> tensor<64x64xf32, #b2>
    %r = "tt.reduce"(%t) <{axis = 1 : i32}> ({
    ^bb0(%u: f32, %w: f32):
      %s = arith.addf %u, %w : f32
      tt.reduce.return %s : f32
    }) : (tensor<64x64xf32, #b2>) -> tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #b2}>>
    %f = "tt.reduce"(%r) <{axis = 0 : i32}> ({
    ^bb0(%u: f32, %w: f32):
      %s = arith.addf %u, %w : f32
      tt.reduce.return %s : f32
    }) : (tensor<64xf32, #triton_gpu.slice<{dim = 1, parent = #b2}>>) -> f32
    tt.store %q, %f : !tt.ptr<f32>`
