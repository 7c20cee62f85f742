package arith_test

import (
	"testing"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
)

func TestDialectTable(t *testing.T) {
	d1, d2 := arith.Dialect(), arith.Dialect()
	if len(d1.Ops) != len(d2.Ops) || d1.Ops[0] == d2.Ops[0] {
		t.Fatal("Dialect must return fresh definitions each call")
	}
	ctx := ir.NewContext(d1)
	traits := []struct {
		name string
		want ir.Trait
		not  ir.Trait
	}{
		{"arith.addi", ir.Pure | ir.Commutative | ir.SameOperandsAndResultType | ir.Elementwise, 0},
		{"arith.subi", ir.Pure | ir.SameOperandsAndResultType | ir.Elementwise, ir.Commutative},
		{"arith.mulf", ir.Commutative, 0},
		{"arith.divf", ir.SameOperandsAndResultType, ir.Commutative},
		{"arith.cmpi", ir.Pure | ir.Elementwise, ir.SameOperandsAndResultType},
		{"arith.extsi", ir.Pure | ir.Elementwise, ir.SameOperandsAndResultType},
		{"arith.constant", ir.Pure | ir.ConstantLike, 0},
		{"arith.select", ir.Pure | ir.Elementwise, 0},
	}
	for _, c := range traits {
		def := ctx.LookupOp(c.name)
		if def == nil {
			t.Errorf("%s not registered", c.name)
			continue
		}
		if def.Traits&c.want != c.want || def.Traits&c.not != 0 {
			t.Errorf("%s traits %b, want %b without %b", c.name, def.Traits, c.want, c.not)
		}
		if def.Parse == nil || def.Print == nil || def.Verify == nil || def.Summary == "" {
			t.Errorf("%s lacks a custom form, verifier or summary", c.name)
		}
	}
	for _, name := range []string{"addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "ceildivsi", "floordivsi",
		"andi", "ori", "xori", "shli", "shrsi", "shrui", "maxsi", "maxui", "minsi", "minui", "addf", "subf", "mulf",
		"divf", "remf", "maxnumf", "minnumf", "maximumf", "minimumf", "negf", "cmpi", "cmpf", "select", "extsi",
		"extui", "trunci", "extf", "truncf", "sitofp", "uitofp", "fptosi", "fptoui", "index_cast", "index_castui",
		"bitcast", "constant"} {
		if ctx.LookupOp("arith."+name) == nil {
			t.Errorf("arith.%s not registered", name)
		}
	}
}
