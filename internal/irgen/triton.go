package irgen

import (
	"fmt"
	"io"
	"math/rand"
)

// TritonModule writes a generic-form module of registered ops (tt, arith,
// scf) with a location on every op, as Triton's dumps with
// `-mlir-print-debuginfo` have them: most ops refer to a location alias
// (`loc(#loc12)`), the others carry file:line:col, name or call-site
// locations inline; the aliases, one per 20 ops, are defined after the
// module. nOps counts every op but the module, function and terminator. The
// text is also valid input for mlir-opt-14 with --allow-unregistered-dialect
// (no properties, no dense arrays, no alias references inside alias
// definitions).
func TritonModule(w io.Writer, nOps int, seed int64) {
	r := rand.New(rand.NewSource(seed))
	nAlias := nOps/20 + 1
	loc := func() string {
		switch k := r.Intn(20); {
		case k < 17:
			return fmt.Sprintf("loc(#loc%d)", r.Intn(nAlias))
		case k < 19:
			return fmt.Sprintf(`loc("kernel.py":%d:%d)`, 1+r.Intn(500), 1+r.Intn(80))
		default:
			return fmt.Sprintf(`loc("offs"("kernel.py":%d:%d))`, 1+r.Intn(500), 1+r.Intn(80))
		}
	}
	fmt.Fprintln(w, `"builtin.module"() ({`)
	fmt.Fprintln(w, `  "tt.func"() ({`)
	fmt.Fprintln(w, `  ^bb0(%arg0: !tt.ptr<f32>, %arg1: i32):`)
	g := &tritonGen{w: w, loc: loc, r: r, indent: "    "}
	for g.n < nOps {
		if g.n%100 >= 87 && g.n/100 != g.loops && nOps-g.n >= 6 {
			g.loops = g.n / 100
			g.loop()
			continue
		}
		g.step()
	}
	fmt.Fprintf(w, "    \"tt.return\"() : () -> () %s\n", loc())
	fmt.Fprintf(w, "  }) {function_type = (!tt.ptr<f32>, i32) -> (), sym_name = \"bench\", sym_visibility = \"public\"} : () -> () %s\n", loc())
	fmt.Fprintf(w, "}) : () -> () %s\n", loc())
	for i := 0; i < nAlias; i++ {
		line, col := 1+r.Intn(500), 1+r.Intn(80)
		switch i % 10 {
		case 7:
			fmt.Fprintf(w, "#loc%d = loc(\"acc\"(\"kernel.py\":%d:%d))\n", i, line, col)
		case 9:
			fmt.Fprintf(w, "#loc%d = loc(callsite(\"helpers.py\":%d:%d at \"kernel.py\":%d:%d))\n", i, line, col, 1+r.Intn(500), 1+r.Intn(80))
		default:
			fmt.Fprintf(w, "#loc%d = loc(\"kernel.py\":%d:%d)\n", i, line, col)
		}
	}
}

type tritonGen struct {
	w      io.Writer
	loc    func() string
	r      *rand.Rand
	indent string
	n      int // ops written
	loops  int // the last hundred of ops that got a loop
	v      int // next value number
}

// op writes one op `%N = body loc` (no result when noResult) and returns %N.
func (g *tritonGen) op(noResult bool, format string, args ...any) string {
	g.n++
	body := fmt.Sprintf(format, args...)
	if noResult {
		fmt.Fprintf(g.w, "%s%s %s\n", g.indent, body, g.loc())
		return ""
	}
	name := fmt.Sprintf("%%%d", g.v)
	g.v++
	fmt.Fprintf(g.w, "%s%s = %s %s\n", g.indent, name, body, g.loc())
	return name
}

// step writes a block of 13 ops in the shape of a Triton kernel's body.
func (g *tritonGen) step() {
	c := g.op(false, `"arith.constant"() {value = %d : i32} : () -> i32`, g.r.Intn(1000))
	b := g.op(false, `"arith.addi"(%%arg1, %s) : (i32, i32) -> i32`, c)
	rg := g.op(false, `"tt.make_range"() {end = 128 : i32, start = 0 : i32} : () -> tensor<128xi32>`)
	sb := g.op(false, `"tt.splat"(%s) : (i32) -> tensor<128xi32>`, b)
	o := g.op(false, `"arith.addi"(%s, %s) : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi32>`, rg, sb)
	m := g.op(false, `"arith.cmpi"(%s, %s) {predicate = 2 : i64} : (tensor<128xi32>, tensor<128xi32>) -> tensor<128xi1>`, o, sb)
	ps := g.op(false, `"tt.splat"(%%arg0) : (!tt.ptr<f32>) -> tensor<128x!tt.ptr<f32>>`)
	pp := g.op(false, `"tt.addptr"(%s, %s) : (tensor<128x!tt.ptr<f32>>, tensor<128xi32>) -> tensor<128x!tt.ptr<f32>>`, ps, o)
	f := g.op(false, `"arith.sitofp"(%s) : (tensor<128xi32>) -> tensor<128xf32>`, o)
	x := g.op(false, `"arith.mulf"(%s, %s) : (tensor<128xf32>, tensor<128xf32>) -> tensor<128xf32>`, f, f)
	g.op(true, `"tt.store"(%s, %s, %s) {cache = 1 : i32, evict = 1 : i32} : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> ()`, pp, x, m)
	e := g.op(false, `"tt.expand_dims"(%s) {axis = 0 : i32} : (tensor<128xi32>) -> tensor<1x128xi32>`, o)
	g.op(false, `"tt.broadcast"(%s) : (tensor<1x128xi32>) -> tensor<64x128xi32>`, e)
}

// loop writes an scf.for over index bounds holding two ops and its yield.
func (g *tritonGen) loop() {
	lb := g.op(false, `"arith.constant"() {value = 0 : index} : () -> index`)
	step := g.op(false, `"arith.constant"() {value = 1 : index} : () -> index`)
	ub := g.op(false, `"arith.index_cast"(%%arg1) : (i32) -> index`)
	iv := fmt.Sprintf("%%iv%d", g.v)
	fmt.Fprintf(g.w, "%s\"scf.for\"(%s, %s, %s) ({\n%s^bb0(%s: index):\n", g.indent, lb, ub, step, g.indent, iv)
	outer := g.indent
	g.indent += "  "
	g.op(false, `"arith.index_cast"(%s) : (index) -> i32`, iv)
	g.op(true, `"scf.yield"() : () -> ()`)
	g.indent = outer
	g.n++
	fmt.Fprintf(g.w, "%s}) : (index, index, index) -> () %s\n", g.indent, g.loc())
}
