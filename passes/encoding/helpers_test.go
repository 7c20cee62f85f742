package encoding

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

// testRegistry holds every pass sp-pipeline names.
func testRegistry(t testing.TB) *pass.Registry {
	t.Helper()
	ps := append(Passes(), transform.Canonicalize, transform.CSE, transform.LICM, transform.LoopUnroll, decompose.Pass, tensorptr.Pass)
	reg, err := pass.NewRegistry(ps...)
	if err != nil {
		t.Fatal(err)
	}
	for _, pl := range Pipelines() {
		if err := reg.AddPipeline(pl); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// runPipeline parses src, runs the pipeline text on it (verifying after
// every pass) and returns the module and the remarks.
func runPasses(t testing.TB, src, pipeline string) (*ir.Operation, []string) {
	t.Helper()
	ctx := all.Context()
	mod, err := parser.ParseAndVerify(ctx, "input.mlir", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	m, err := pass.ParsePipeline(testRegistry(t), "<test>", pipeline)
	if err != nil {
		t.Fatalf("pipeline %q: %v", pipeline, err)
	}
	var remarks []string
	err = m.Run(mod, pass.RunOptions{IR: ctx, Diag: func(d *ir.Diagnostic) { remarks = append(remarks, d.Msg) }})
	if err != nil {
		t.Fatalf("%s: %v", pipeline, err)
	}
	return mod, remarks
}

// checkRoundTrip prints mod, parses and verifies the text and prints it
// again: the two texts must be equal.
func checkRoundTrip(t testing.TB, mod *ir.Operation, what string) {
	t.Helper()
	if err := ir.Verify(mod); err != nil {
		t.Fatalf("%s: does not verify: %v", what, err)
	}
	text := ir.Print(mod, ir.PrintOptions{})
	again, err := parser.ParseAndVerify(all.Context(), "roundtrip.mlir", []byte(text))
	if err != nil {
		t.Fatalf("%s: printed IR does not parse: %v\n%s", what, err, text)
	}
	if text2 := ir.Print(again, ir.PrintOptions{}); text2 != text {
		t.Fatalf("%s: print/parse/print is not a fixed point:\n%s\n---\n%s", what, text, text2)
	}
	generic := ir.Print(mod, ir.PrintOptions{Generic: true})
	if _, err := parser.ParseAndVerify(all.Context(), "generic.mlir", []byte(generic)); err != nil {
		t.Fatalf("%s: generic form does not parse: %v", what, err)
	}
}

// sparseKernel is a decomposed 2:4 sparse matmul over a K loop with pointer
// tensors: A values (bm x bk/2), metadata (bm/16 x bk, i16), B (bk x bn).
func sparseKernel(bm, bn, bk int, elem string) string {
	r := strings.NewReplacer("BM16", fmt.Sprint(bm/16), "BKH", fmt.Sprint(bk/2), "BM", fmt.Sprint(bm),
		"BN", fmt.Sprint(bn), "BK", fmt.Sprint(bk), "ELEM", elem)
	return r.Replace(`module {
  tt.func public @sparse_matmul(%out: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %av: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %ae: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %bp: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sv: i32 {tt.divisibility = 16 : i32}, %se: i32 {tt.divisibility = 16 : i32}, %sb: i32 {tt.divisibility = 16 : i32}, %sc: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %cbk = arith.constant BK : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<BMxBNxf32>
    %vstep = arith.constant dense<BKH> : tensor<BMxBKHxi32>
    %estep = arith.constant dense<BK> : tensor<BM16xBKxi32>
    %rm = tt.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %rkh = tt.make_range {end = BKH : i32, start = 0 : i32} : tensor<BKHxi32>
    %rm16 = tt.make_range {end = BM16 : i32, start = 0 : i32} : tensor<BM16xi32>
    %rk = tt.make_range {end = BK : i32, start = 0 : i32} : tensor<BKxi32>
    %rn = tt.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %vm = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %svs = tt.splat %sv : i32 -> tensor<BMx1xi32>
    %vrow = arith.muli %vm, %svs : tensor<BMx1xi32>
    %vj = tt.expand_dims %rkh {axis = 0 : i32} : tensor<BKHxi32> -> tensor<1xBKHxi32>
    %vrowb = tt.broadcast %vrow : tensor<BMx1xi32> -> tensor<BMxBKHxi32>
    %vjb = tt.broadcast %vj : tensor<1xBKHxi32> -> tensor<BMxBKHxi32>
    %voff = arith.addi %vrowb, %vjb : tensor<BMxBKHxi32>
    %avs = tt.splat %av : !tt.ptr<ELEM> -> tensor<BMxBKHx!tt.ptr<ELEM>>
    %vptr = tt.addptr %avs, %voff : tensor<BMxBKHx!tt.ptr<ELEM>>, tensor<BMxBKHxi32>
    %er = tt.expand_dims %rm16 {axis = 1 : i32} : tensor<BM16xi32> -> tensor<BM16x1xi32>
    %ses = tt.splat %se : i32 -> tensor<BM16x1xi32>
    %erow = arith.muli %er, %ses : tensor<BM16x1xi32>
    %ek = tt.expand_dims %rk {axis = 0 : i32} : tensor<BKxi32> -> tensor<1xBKxi32>
    %erowb = tt.broadcast %erow : tensor<BM16x1xi32> -> tensor<BM16xBKxi32>
    %ekb = tt.broadcast %ek : tensor<1xBKxi32> -> tensor<BM16xBKxi32>
    %eoff = arith.addi %erowb, %ekb : tensor<BM16xBKxi32>
    %aes = tt.splat %ae : !tt.ptr<i16> -> tensor<BM16xBKx!tt.ptr<i16>>
    %eptr = tt.addptr %aes, %eoff : tensor<BM16xBKx!tt.ptr<i16>>, tensor<BM16xBKxi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<BKxi32> -> tensor<BKx1xi32>
    %sbs = tt.splat %sb : i32 -> tensor<BKx1xi32>
    %brow = arith.muli %bk, %sbs : tensor<BKx1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %browb = tt.broadcast %brow : tensor<BKx1xi32> -> tensor<BKxBNxi32>
    %bnb = tt.broadcast %bn : tensor<1xBNxi32> -> tensor<BKxBNxi32>
    %boff = arith.addi %browb, %bnb : tensor<BKxBNxi32>
    %bps = tt.splat %bp : !tt.ptr<ELEM> -> tensor<BKxBNx!tt.ptr<ELEM>>
    %bptr = tt.addptr %bps, %boff : tensor<BKxBNx!tt.ptr<ELEM>>, tensor<BKxBNxi32>
    %bstep1 = arith.muli %sb, %cbk : i32
    %bstep = tt.splat %bstep1 : i32 -> tensor<BKxBNxi32>
    %res:4 = scf.for %k = %c0 to %K step %cbk iter_args(%acc = %acc0, %pv = %vptr, %pe = %eptr, %pb = %bptr) -> (tensor<BMxBNxf32>, tensor<BMxBKHx!tt.ptr<ELEM>>, tensor<BM16xBKx!tt.ptr<i16>>, tensor<BKxBNx!tt.ptr<ELEM>>)  : i32 {
      %a = tt.load %pv : tensor<BMxBKHx!tt.ptr<ELEM>>
      %e = tt.load %pe : tensor<BM16xBKx!tt.ptr<i16>>
      %b = tt.load %pb : tensor<BKxBNx!tt.ptr<ELEM>>
      %d = tt.dot %a, %b, %acc, %e, sparseIndex = 0 : tensor<BMxBKHxELEM>, tensor<BM16xBKxi16> * tensor<BKxBNxELEM> -> tensor<BMxBNxf32>
      %nv = tt.addptr %pv, %vstep : tensor<BMxBKHx!tt.ptr<ELEM>>, tensor<BMxBKHxi32>
      %ne = tt.addptr %pe, %estep : tensor<BM16xBKx!tt.ptr<i16>>, tensor<BM16xBKxi32>
      %nb = tt.addptr %pb, %bstep : tensor<BKxBNx!tt.ptr<ELEM>>, tensor<BKxBNxi32>
      scf.yield %d, %nv, %ne, %nb : tensor<BMxBNxf32>, tensor<BMxBKHx!tt.ptr<ELEM>>, tensor<BM16xBKx!tt.ptr<i16>>, tensor<BKxBNx!tt.ptr<ELEM>>
    }
    %h = arith.truncf %res#0 : tensor<BMxBNxf32> to tensor<BMxBNxELEM>
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %scs = tt.splat %sc : i32 -> tensor<BMx1xi32>
    %crow = arith.muli %cm, %scs : tensor<BMx1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %crowb = tt.broadcast %crow : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %cnb = tt.broadcast %cn : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %coff = arith.addi %crowb, %cnb : tensor<BMxBNxi32>
    %outs = tt.splat %out : !tt.ptr<ELEM> -> tensor<BMxBNx!tt.ptr<ELEM>>
    %cptr = tt.addptr %outs, %coff : tensor<BMxBNx!tt.ptr<ELEM>>, tensor<BMxBNxi32>
    tt.store %cptr, %h : tensor<BMxBNx!tt.ptr<ELEM>>
    tt.return
  }
}
`)
}

// denseKernel is a dense matmul over a K loop: A (bm x bk), B (bk x bn).
func denseKernel(bm, bn, bk int, elem string) string {
	r := strings.NewReplacer("BM", fmt.Sprint(bm), "BN", fmt.Sprint(bn), "BK", fmt.Sprint(bk), "ELEM", elem)
	return r.Replace(`module {
  tt.func public @dense_matmul(%out: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %ap: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %bp: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sa: i32 {tt.divisibility = 16 : i32}, %sb: i32 {tt.divisibility = 16 : i32}, %sc: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %cbk = arith.constant BK : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<BMxBNxf32>
    %astep = arith.constant dense<BK> : tensor<BMxBKxi32>
    %rm = tt.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %rk = tt.make_range {end = BK : i32, start = 0 : i32} : tensor<BKxi32>
    %rn = tt.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %sas = tt.splat %sa : i32 -> tensor<BMx1xi32>
    %arow = arith.muli %am, %sas : tensor<BMx1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<BKxi32> -> tensor<1xBKxi32>
    %arowb = tt.broadcast %arow : tensor<BMx1xi32> -> tensor<BMxBKxi32>
    %akb = tt.broadcast %ak : tensor<1xBKxi32> -> tensor<BMxBKxi32>
    %aoff = arith.addi %arowb, %akb : tensor<BMxBKxi32>
    %aps = tt.splat %ap : !tt.ptr<ELEM> -> tensor<BMxBKx!tt.ptr<ELEM>>
    %aptr = tt.addptr %aps, %aoff : tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BMxBKxi32>
    %bk = tt.expand_dims %rk {axis = 1 : i32} : tensor<BKxi32> -> tensor<BKx1xi32>
    %sbs = tt.splat %sb : i32 -> tensor<BKx1xi32>
    %brow = arith.muli %bk, %sbs : tensor<BKx1xi32>
    %bn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %browb = tt.broadcast %brow : tensor<BKx1xi32> -> tensor<BKxBNxi32>
    %bnb = tt.broadcast %bn : tensor<1xBNxi32> -> tensor<BKxBNxi32>
    %boff = arith.addi %browb, %bnb : tensor<BKxBNxi32>
    %bps = tt.splat %bp : !tt.ptr<ELEM> -> tensor<BKxBNx!tt.ptr<ELEM>>
    %bptr = tt.addptr %bps, %boff : tensor<BKxBNx!tt.ptr<ELEM>>, tensor<BKxBNxi32>
    %bstep1 = arith.muli %sb, %cbk : i32
    %bstep = tt.splat %bstep1 : i32 -> tensor<BKxBNxi32>
    %res:3 = scf.for %k = %c0 to %K step %cbk iter_args(%acc = %acc0, %pa = %aptr, %pb = %bptr) -> (tensor<BMxBNxf32>, tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BKxBNx!tt.ptr<ELEM>>)  : i32 {
      %a = tt.load %pa : tensor<BMxBKx!tt.ptr<ELEM>>
      %b = tt.load %pb : tensor<BKxBNx!tt.ptr<ELEM>>
      %d = tt.dot %a, %b, %acc : tensor<BMxBKxELEM> * tensor<BKxBNxELEM> -> tensor<BMxBNxf32>
      %na = tt.addptr %pa, %astep : tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BMxBKxi32>
      %nb = tt.addptr %pb, %bstep : tensor<BKxBNx!tt.ptr<ELEM>>, tensor<BKxBNxi32>
      scf.yield %d, %na, %nb : tensor<BMxBNxf32>, tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BKxBNx!tt.ptr<ELEM>>
    }
    %h = arith.truncf %res#0 : tensor<BMxBNxf32> to tensor<BMxBNxELEM>
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %scs = tt.splat %sc : i32 -> tensor<BMx1xi32>
    %crow = arith.muli %cm, %scs : tensor<BMx1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %crowb = tt.broadcast %crow : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %cnb = tt.broadcast %cn : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %coff = arith.addi %crowb, %cnb : tensor<BMxBNxi32>
    %outs = tt.splat %out : !tt.ptr<ELEM> -> tensor<BMxBNx!tt.ptr<ELEM>>
    %cptr = tt.addptr %outs, %coff : tensor<BMxBNx!tt.ptr<ELEM>>, tensor<BMxBNxi32>
    tt.store %cptr, %h : tensor<BMxBNx!tt.ptr<ELEM>>
    tt.return
  }
}
`)
}

// sparseBKernel is a matmul with a 2:4 sparse B over a K loop: A (bm x bk),
// B values (bk/2 x bn), B metadata (bn/16 x bk, the metadata of Bᵀ).
func sparseBKernel(bm, bn, bk int, elem string) string {
	r := strings.NewReplacer("BN16", fmt.Sprint(bn/16), "BKH", fmt.Sprint(bk/2), "BM", fmt.Sprint(bm),
		"BN", fmt.Sprint(bn), "BK", fmt.Sprint(bk), "ELEM", elem)
	return r.Replace(`module {
  tt.func public @sparse_b_matmul(%out: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %ap: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %bv: !tt.ptr<ELEM> {tt.divisibility = 16 : i32}, %be: !tt.ptr<i16> {tt.divisibility = 16 : i32}, %K: i32 {tt.divisibility = 16 : i32}, %sa: i32 {tt.divisibility = 16 : i32}, %sv: i32 {tt.divisibility = 16 : i32}, %se: i32 {tt.divisibility = 16 : i32}, %sc: i32 {tt.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %cbk = arith.constant BK : i32
    %c2 = arith.constant 2 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<BMxBNxf32>
    %astep = arith.constant dense<BK> : tensor<BMxBKxi32>
    %estep = arith.constant dense<BK> : tensor<BN16xBKxi32>
    %rm = tt.make_range {end = BM : i32, start = 0 : i32} : tensor<BMxi32>
    %rk = tt.make_range {end = BK : i32, start = 0 : i32} : tensor<BKxi32>
    %rkh = tt.make_range {end = BKH : i32, start = 0 : i32} : tensor<BKHxi32>
    %rn = tt.make_range {end = BN : i32, start = 0 : i32} : tensor<BNxi32>
    %rn16 = tt.make_range {end = BN16 : i32, start = 0 : i32} : tensor<BN16xi32>
    %am = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %sas = tt.splat %sa : i32 -> tensor<BMx1xi32>
    %arow = arith.muli %am, %sas : tensor<BMx1xi32>
    %ak = tt.expand_dims %rk {axis = 0 : i32} : tensor<BKxi32> -> tensor<1xBKxi32>
    %arowb = tt.broadcast %arow : tensor<BMx1xi32> -> tensor<BMxBKxi32>
    %akb = tt.broadcast %ak : tensor<1xBKxi32> -> tensor<BMxBKxi32>
    %aoff = arith.addi %arowb, %akb : tensor<BMxBKxi32>
    %aps = tt.splat %ap : !tt.ptr<ELEM> -> tensor<BMxBKx!tt.ptr<ELEM>>
    %aptr = tt.addptr %aps, %aoff : tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BMxBKxi32>
    %vk = tt.expand_dims %rkh {axis = 1 : i32} : tensor<BKHxi32> -> tensor<BKHx1xi32>
    %svs = tt.splat %sv : i32 -> tensor<BKHx1xi32>
    %vrow = arith.muli %vk, %svs : tensor<BKHx1xi32>
    %vn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %vrowb = tt.broadcast %vrow : tensor<BKHx1xi32> -> tensor<BKHxBNxi32>
    %vnb = tt.broadcast %vn : tensor<1xBNxi32> -> tensor<BKHxBNxi32>
    %voff = arith.addi %vrowb, %vnb : tensor<BKHxBNxi32>
    %bvs = tt.splat %bv : !tt.ptr<ELEM> -> tensor<BKHxBNx!tt.ptr<ELEM>>
    %vptr = tt.addptr %bvs, %voff : tensor<BKHxBNx!tt.ptr<ELEM>>, tensor<BKHxBNxi32>
    %vstep1 = arith.muli %sv, %cbk : i32
    %vstep2 = arith.divsi %vstep1, %c2 : i32
    %vstep = tt.splat %vstep2 : i32 -> tensor<BKHxBNxi32>
    %er = tt.expand_dims %rn16 {axis = 1 : i32} : tensor<BN16xi32> -> tensor<BN16x1xi32>
    %ses = tt.splat %se : i32 -> tensor<BN16x1xi32>
    %erow = arith.muli %er, %ses : tensor<BN16x1xi32>
    %ek = tt.expand_dims %rk {axis = 0 : i32} : tensor<BKxi32> -> tensor<1xBKxi32>
    %erowb = tt.broadcast %erow : tensor<BN16x1xi32> -> tensor<BN16xBKxi32>
    %ekb = tt.broadcast %ek : tensor<1xBKxi32> -> tensor<BN16xBKxi32>
    %eoff = arith.addi %erowb, %ekb : tensor<BN16xBKxi32>
    %bes = tt.splat %be : !tt.ptr<i16> -> tensor<BN16xBKx!tt.ptr<i16>>
    %eptr = tt.addptr %bes, %eoff : tensor<BN16xBKx!tt.ptr<i16>>, tensor<BN16xBKxi32>
    %res:4 = scf.for %k = %c0 to %K step %cbk iter_args(%acc = %acc0, %pa = %aptr, %pv = %vptr, %pe = %eptr) -> (tensor<BMxBNxf32>, tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BKHxBNx!tt.ptr<ELEM>>, tensor<BN16xBKx!tt.ptr<i16>>)  : i32 {
      %a = tt.load %pa : tensor<BMxBKx!tt.ptr<ELEM>>
      %b = tt.load %pv : tensor<BKHxBNx!tt.ptr<ELEM>>
      %e = tt.load %pe : tensor<BN16xBKx!tt.ptr<i16>>
      %d = tt.dot %a, %b, %acc, %e, sparseIndex = 1 : tensor<BMxBKxELEM>, tensor<BN16xBKxi16> * tensor<BKHxBNxELEM> -> tensor<BMxBNxf32>
      %na = tt.addptr %pa, %astep : tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BMxBKxi32>
      %nv = tt.addptr %pv, %vstep : tensor<BKHxBNx!tt.ptr<ELEM>>, tensor<BKHxBNxi32>
      %ne = tt.addptr %pe, %estep : tensor<BN16xBKx!tt.ptr<i16>>, tensor<BN16xBKxi32>
      scf.yield %d, %na, %nv, %ne : tensor<BMxBNxf32>, tensor<BMxBKx!tt.ptr<ELEM>>, tensor<BKHxBNx!tt.ptr<ELEM>>, tensor<BN16xBKx!tt.ptr<i16>>
    }
    %h = arith.truncf %res#0 : tensor<BMxBNxf32> to tensor<BMxBNxELEM>
    %cm = tt.expand_dims %rm {axis = 1 : i32} : tensor<BMxi32> -> tensor<BMx1xi32>
    %scs = tt.splat %sc : i32 -> tensor<BMx1xi32>
    %crow = arith.muli %cm, %scs : tensor<BMx1xi32>
    %cn = tt.expand_dims %rn {axis = 0 : i32} : tensor<BNxi32> -> tensor<1xBNxi32>
    %crowb = tt.broadcast %crow : tensor<BMx1xi32> -> tensor<BMxBNxi32>
    %cnb = tt.broadcast %cn : tensor<1xBNxi32> -> tensor<BMxBNxi32>
    %coff = arith.addi %crowb, %cnb : tensor<BMxBNxi32>
    %outs = tt.splat %out : !tt.ptr<ELEM> -> tensor<BMxBNx!tt.ptr<ELEM>>
    %cptr = tt.addptr %outs, %coff : tensor<BMxBNx!tt.ptr<ELEM>>, tensor<BMxBNxi32>
    tt.store %cptr, %h : tensor<BMxBNx!tt.ptr<ELEM>>
    tt.return
  }
}
`)
}
