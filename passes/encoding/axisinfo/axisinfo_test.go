package axisinfo

import (
	"fmt"
	"os"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

func analyze(t *testing.T, src string) (*ir.Operation, *Analysis) {
	t.Helper()
	mod, err := parser.ParseAndVerify(all.Context(), "in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fn := mod.Collect("tt.func")[0]
	return fn, Analyze(fn)
}

// nth is the result of the n-th op (in walk order) named opName.
func nth(fn *ir.Operation, opName string, n int) *ir.Value {
	ops := fn.Collect(opName)
	return ops[n].Result(0)
}

func expect(t *testing.T, what string, got Info, contig, div, constancy []int64) {
	t.Helper()
	if fmt.Sprint(got.Contiguity) != fmt.Sprint(contig) || fmt.Sprint(got.Divisibility) != fmt.Sprint(div) || fmt.Sprint(got.Constancy) != fmt.Sprint(constancy) {
		t.Errorf("%s: %v, want contiguity %v divisibility %v constancy %v", what, got, contig, div, constancy)
	}
}

// The tutorial matmul: A's pointers are rows of 32 contiguous f16 whose
// starts are 16-byte aligned (arguments divisible by 16); B's columns are
// (pid*128 + range) % N, contiguous in runs of 16 only (N is known divisible
// by 16, no more); along the rows each pointer is its own run (2-byte
// aligned). The K masks are constant over runs of 16; the loop-carried
// pointers keep all of it.
func TestMatmulExample(t *testing.T) {
	src, err := os.ReadFile("../../../examples/matmul.ttir.mlir")
	if err != nil {
		t.Fatal(err)
	}
	fn, a := analyze(t, string(src))
	loads := fn.Collect("tt.load")
	pa, pb := loads[0].Operand(0), loads[1].Operand(0)
	expect(t, "A pointers (loop-carried)", a.Get(pa), []int64{1, 32}, []int64{2, 16}, []int64{1, 1})
	expect(t, "B pointers (loop-carried)", a.Get(pb), []int64{1, 16}, []int64{2, 16}, []int64{1, 1})
	maskA := loads[0].Operand(1)
	if c := a.Get(maskA).Constancy; c[0] != 128 || c[1] != 16 {
		t.Errorf("A mask constancy %v, want [128 16]", c)
	}
	maskB := loads[1].Operand(1)
	if c := a.Get(maskB).Constancy; c[0] != 16 || c[1] != 128 {
		t.Errorf("B mask constancy %v, want [16 128]", c)
	}
}

func TestRules(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 8 : i32}, %u: i32) {
  %c4 = arith.constant 4 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %r2 = tt.make_range {end = 96 : i32, start = 32 : i32} : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %us = tt.splat %u : i32 -> tensor<64xi32>
  %rem = arith.remsi %r, %ns : tensor<64xi32>
  %sum = arith.addi %r, %ns : tensor<64xi32>
  %off = arith.addi %r, %us : tensor<64xi32>
  %cmp = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %mul = arith.muli %r, %ns : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %pu = tt.addptr %ps, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %c = arith.muli %c4, %n : i32
  %e = tt.expand_dims %ns {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %b = tt.broadcast %e : tensor<1x64xi32> -> tensor<16x64xi32>
  %c2 = arith.constant 2 : i32
  %half = arith.divsi %c, %c2 : i32
  %c3 = arith.constant 3 : i32
  %third = arith.divsi %c, %c3 : i32
  %c1 = arith.constant 1 : i32
  %nhalf = arith.shrsi %n, %c1 : i32
  %nsixteenth = arith.shrsi %n, %c4 : i32
  tt.return
}`)
	get := func(name string, n int) Info { return a.Get(nth(fn, name, n)) }
	expect(t, "make_range 0..64", get("tt.make_range", 0), []int64{64}, []int64{MaxDivisibility}, []int64{1})
	expect(t, "make_range 32..96", get("tt.make_range", 1), []int64{64}, []int64{32}, []int64{1})
	expect(t, "splat of an argument divisible by 8", get("tt.splat", 0), []int64{1}, []int64{8}, []int64{64})
	expect(t, "range rem 8", get("arith.remsi", 0), []int64{8}, []int64{8}, []int64{1})
	expect(t, "range + n", get("arith.addi", 0), []int64{64}, []int64{8}, []int64{1})
	expect(t, "range + unknown", get("arith.addi", 1), []int64{64}, []int64{1}, []int64{1})
	expect(t, "range < n", get("arith.cmpi", 0), []int64{1}, []int64{1}, []int64{8})
	expect(t, "n >> 1 (n divisible by 8)", get("arith.shrsi", 0), []int64{1}, []int64{4}, []int64{1})
	expect(t, "n >> 4 (n divisible by 8)", get("arith.shrsi", 1), []int64{1}, []int64{1}, []int64{1})
	expect(t, "range * n", get("arith.muli", 0), []int64{1}, []int64{MaxDivisibility}, []int64{1})
	expect(t, "f32 pointers + range", get("tt.addptr", 0), []int64{64}, []int64{16}, []int64{1})
	expect(t, "f32 pointers + unknown", get("tt.addptr", 1), []int64{64}, []int64{4}, []int64{1})
	if c := get("arith.muli", 1); c.Divisibility[0] != 32 {
		t.Errorf("4 * n (n divisible by 8): divisibility %v, want 32", c.Divisibility)
	}
	expect(t, "expand_dims of a splat", get("tt.expand_dims", 0), []int64{1, 1}, []int64{8, 8}, []int64{1, 64})
	expect(t, "broadcast", get("tt.broadcast", 0), []int64{1, 1}, []int64{8, 8}, []int64{16, 64})
	expect(t, "(4n) / 2", get("arith.divsi", 0), []int64{1}, []int64{16}, []int64{1})
	expect(t, "(4n) / 3", get("arith.divsi", 1), []int64{1}, []int64{1}, []int64{1})
}

// Loop-carried values join their initial value with what the body yields.
func TestLoopFixedPoint(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>>
  %p0 = tt.addptr %ps, %r : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
  %s64 = arith.constant dense<64> : tensor<64xi32>
  %s3 = arith.constant dense<3> : tensor<64xi32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%good = %p0, %bad = %p0) -> (tensor<64x!tt.ptr<f16>>, tensor<64x!tt.ptr<f16>>) : i32 {
    %g = tt.addptr %good, %s64 : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
    %b = tt.addptr %bad, %s3 : tensor<64x!tt.ptr<f16>>, tensor<64xi32>
    scf.yield %g, %b : tensor<64x!tt.ptr<f16>>, tensor<64x!tt.ptr<f16>>
  }
  tt.return
}`)
	loop := fn.Collect("scf.for")[0]
	body := loop.Regions[0].Entry()
	expect(t, "advanced by 64 elements", a.Get(body.Arg(1)), []int64{64}, []int64{16}, []int64{1})
	expect(t, "advanced by 3 elements", a.Get(body.Arg(2)), []int64{64}, []int64{2}, []int64{1})
	expect(t, "loop result", a.Get(loop.Result(1)), []int64{64}, []int64{2}, []int64{1})
}

// A flattened persistent loop recomputes its tile offsets in an scf.if and
// carries them otherwise: the if's results join both branches, and the
// carried value keeps the offsets' divisibility through the fixed point.
func TestIfJoin(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%n: i32, %c: i1, %t: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %c8 = arith.constant 8 : i32
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%om = %c0) -> (i32) : i32 {
    %r:2 = scf.if %c -> (i32, i32) {
      %m0 = arith.muli %t, %c128 : i32
      %m1 = arith.muli %t, %c8 : i32
      scf.yield %m0, %m1 : i32, i32
    } else {
      scf.yield %om, %c0 : i32, i32
    }
    scf.yield %r#0 : i32
  }
  tt.return
}`)
	ifop := fn.Collect("scf.if")[0]
	loop := fn.Collect("scf.for")[0]
	expect(t, "t*128 or the carried offset", a.Get(ifop.Result(0)), []int64{1}, []int64{128}, []int64{1})
	expect(t, "t*8 or 0", a.Get(ifop.Result(1)), []int64{1}, []int64{8}, []int64{1})
	expect(t, "carried offset", a.Get(loop.Regions[0].Entry().Arg(1)), []int64{1}, []int64{128}, []int64{1})
}

// The clamped bounds triton-rewrite-tensor-pointer emits keep the
// divisibility both operands share, so range < splat(bound) keeps runs.
func TestMinMaxClamp(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%n: i64 {tt.divisibility = 16 : i32}, %u: i64) {
  %c0 = arith.constant 0 : i64
  %c64 = arith.constant 64 : i64
  %lo = arith.maxsi %n, %c0 : i64
  %hi = arith.minsi %lo, %c64 : i64
  %b = arith.trunci %hi : i64 to i32
  %bs = tt.splat %b : i32 -> tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %m = arith.cmpi slt, %r, %bs : tensor<64xi32>
  %ulo = arith.maxsi %u, %c0 : i64
  %cc = arith.minsi %c64, %c0 : i64
  tt.return
}`)
	get := func(name string, n int) Info { return a.Get(nth(fn, name, n)) }
	expect(t, "max(n, 0), n divisible by 16", get("arith.maxsi", 0), []int64{1}, []int64{16}, []int64{1})
	expect(t, "min(max(n, 0), 64)", get("arith.minsi", 0), []int64{1}, []int64{16}, []int64{1})
	expect(t, "range < splat(clamped bound)", get("arith.cmpi", 0), []int64{1}, []int64{1}, []int64{16})
	expect(t, "max(unknown, 0)", get("arith.maxsi", 1), []int64{1}, []int64{1}, []int64{1})
	if c := get("arith.minsi", 1).Constant; c == nil || *c != 0 {
		t.Errorf("min(64, 0): constant %v, want 0", c)
	}
}

// The index forms decompose-sparse-tensors emits for 2:4 pointer tensors:
// chunk starts (k & -16, (j & -8) << 1) are constant over aligned chunks,
// so the masks compared against them are too; band starts (b << 4) are
// divisible by 16; shifting a range right keeps no per-element
// divisibility.
func TestChunkIndices(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%u: i32) {
  %c1 = arith.constant 1 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %m16 = arith.constant dense<-16> : tensor<64xi32>
  %chunk = arith.andi %r, %m16 : tensor<64xi32>
  %j = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %m8 = arith.constant dense<-8> : tensor<32xi32>
  %one = arith.constant dense<1> : tensor<32xi32>
  %jc = arith.andi %j, %m8 : tensor<32xi32>
  %jk = arith.shli %jc, %one : tensor<32xi32>
  %s3 = arith.constant dense<3> : tensor<64xi32>
  %sh = arith.shrsi %r, %s3 : tensor<64xi32>
  %b = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %s4 = arith.constant dense<4> : tensor<8xi32>
  %band = arith.shli %b, %s4 : tensor<8xi32>
  %us = tt.splat %u : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %chunk, %us : tensor<64xi32>
  %m7 = arith.constant dense<7> : tensor<64xi32>
  %low = arith.andi %r, %m7 : tensor<64xi32>
  %s0 = arith.constant dense<0> : tensor<64xi32>
  %same = arith.shli %r, %s0 : tensor<64xi32>
  %k2 = arith.constant dense<2> : tensor<64xi32>
  %small = arith.shrsi %chunk, %k2 : tensor<64xi32>
  tt.return
}`)
	get := func(name string, n int) Info { return a.Get(nth(fn, name, n)) }
	expect(t, "range & -16", get("arith.andi", 0), []int64{1}, []int64{16}, []int64{16})
	expect(t, "range32 & -8", get("arith.andi", 1), []int64{1}, []int64{8}, []int64{8})
	expect(t, "(range32 & -8) << 1", get("arith.shli", 0), []int64{1}, []int64{16}, []int64{8})
	expect(t, "range >> 3", get("arith.shrsi", 0), []int64{1}, []int64{1}, []int64{8})
	expect(t, "range8 << 4", get("arith.shli", 1), []int64{1}, []int64{16}, []int64{1})
	expect(t, "(range & -16) < u", get("arith.cmpi", 0), []int64{1}, []int64{1}, []int64{16})
	expect(t, "range & 7 (not a block mask)", get("arith.andi", 2), []int64{1}, []int64{1}, []int64{1})
	expect(t, "range << 0", get("arith.shli", 2), []int64{64}, []int64{MaxDivisibility}, []int64{1})
	expect(t, "(range & -16) >> 2", get("arith.shrsi", 1), []int64{1}, []int64{4}, []int64{16})
}

// The offsets of a 2:4 operand A read through pointer tensors (Triton's
// tutorial 03 with A marked 2:4, M and the row stride divisible by 16): the
// values tile at o(i, 0)/2 + j and the band16 metadata tile at
// ((pid*128 + 16b) % M) * stride / 16 + q are contiguous along the K
// dimension and aligned to 16 bytes, and their chunk masks are uniform over
// 16-byte vectors.
func TestSparsePointerOffsets(t *testing.T) {
	fn, a := analyze(t, `tt.func @f(%v: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %m: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %M: i32 {tt.divisibility = 16 : i32}, %S: i32 {tt.divisibility = 16 : i32}, %pid: i32, %left: i32) {
  %c128 = arith.constant 128 : i32
  %base = arith.muli %pid, %c128 : i32
  %b = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %b2 = tt.expand_dims %b {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c4 = arith.constant dense<4> : tensor<8x1xi32>
  %band = arith.shli %b2, %c4 : tensor<8x1xi32>
  %bs = tt.splat %base : i32 -> tensor<8x1xi32>
  %row = arith.addi %bs, %band : tensor<8x1xi32>
  %Ms = tt.splat %M : i32 -> tensor<8x1xi32>
  %rowm = arith.remsi %row, %Ms : tensor<8x1xi32>
  %Ss = tt.splat %S : i32 -> tensor<8x1xi32>
  %roff = arith.muli %rowm, %Ss : tensor<8x1xi32>
  %rb = tt.broadcast %roff : tensor<8x1xi32> -> tensor<8x64xi32>
  %c4b = arith.constant dense<4> : tensor<8x64xi32>
  %r16 = arith.shrsi %rb, %c4b : tensor<8x64xi32>
  %q = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %q2 = tt.expand_dims %q {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %qb = tt.broadcast %q2 : tensor<1x64xi32> -> tensor<8x64xi32>
  %moff = arith.addi %r16, %qb : tensor<8x64xi32>
  %ms = tt.splat %m : !tt.ptr<i16> -> tensor<8x64x!tt.ptr<i16>>
  %mp = tt.addptr %ms, %moff : tensor<8x64x!tt.ptr<i16>>, tensor<8x64xi32>
  %m16 = arith.constant dense<-16> : tensor<1x64xi32>
  %qc = arith.andi %q2, %m16 : tensor<1x64xi32>
  %ls = tt.splat %left : i32 -> tensor<1x64xi32>
  %mk = arith.cmpi slt, %qc, %ls : tensor<1x64xi32>
  %mmask = tt.broadcast %mk : tensor<1x64xi1> -> tensor<8x64xi1>
  %i = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %i2 = tt.expand_dims %i {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %Sv = tt.splat %S : i32 -> tensor<128x1xi32>
  %vr = arith.muli %i2, %Sv : tensor<128x1xi32>
  %vrb = tt.broadcast %vr : tensor<128x1xi32> -> tensor<128x32xi32>
  %c1 = arith.constant dense<1> : tensor<128x32xi32>
  %vh = arith.shrsi %vrb, %c1 : tensor<128x32xi32>
  %j = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %j2 = tt.expand_dims %j {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %jb = tt.broadcast %j2 : tensor<1x32xi32> -> tensor<128x32xi32>
  %voff = arith.addi %vh, %jb : tensor<128x32xi32>
  %vs = tt.splat %v : !tt.ptr<f16> -> tensor<128x32x!tt.ptr<f16>>
  %vp = tt.addptr %vs, %voff : tensor<128x32x!tt.ptr<f16>>, tensor<128x32xi32>
  %m8 = arith.constant dense<-8> : tensor<1x32xi32>
  %jc = arith.andi %j2, %m8 : tensor<1x32xi32>
  %one = arith.constant dense<1> : tensor<1x32xi32>
  %jk = arith.shli %jc, %one : tensor<1x32xi32>
  %ls2 = tt.splat %left : i32 -> tensor<1x32xi32>
  %vk = arith.cmpi slt, %jk, %ls2 : tensor<1x32xi32>
  %vmask = tt.broadcast %vk : tensor<1x32xi1> -> tensor<128x32xi1>
  tt.return
}`)
	mp, vp := nth(fn, "tt.addptr", 0), nth(fn, "tt.addptr", 1)
	mmask, vmask := nth(fn, "tt.broadcast", 2), nth(fn, "tt.broadcast", 5)
	expect(t, "metadata pointers", a.Get(mp), []int64{1, 64}, []int64{2, 16}, []int64{1, 1})
	expect(t, "values pointers", a.Get(vp), []int64{1, 32}, []int64{2, 16}, []int64{1, 1})
	if n := a.AccessElems(mp, mmask, 1, 2); n != 8 {
		t.Errorf("metadata vector: %d words, want 8 (16 bytes)", n)
	}
	if n := a.AccessElems(vp, vmask, 1, 2); n != 8 {
		t.Errorf("values vector: %d f16, want 8 (16 bytes)", n)
	}
}
