package asm

import (
	"strings"
	"testing"
)

// TestPrintAndEliminate builds a two-entry module by hand: a guarded
// load, a 64-register accumulator list (the shape of a wgmma), a label and
// a branch, and the shared buffer used by both entries (declared once).
func TestPrintAndEliminate(t *testing.T) {
	smem := &Global{Decl: ".extern .shared .align 16 .b8", Name: "global_smem", Array: true}
	r := func(c Class, n int) Reg { return Reg{c, n} }
	acc := make(Vec, 64)
	for i := range acc {
		acc[i] = r(F32, i)
	}
	e1 := &Entry{Name: "a", MaxNTID: 128, Globals: []*Global{smem}, Params: []Param{{"u64", "a_param_0"}}}
	e1.Regs[B32], e1.Regs[B64], e1.Regs[Pred], e1.Regs[F32] = 4, 1, 1, 64
	e1.Blocks = []*Block{
		{Instrs: []*Instr{
			NewOp("ld.param.u64", r(B64, 0), Addr{Base: Sym("a_param_0")}),
			NewOp("mov.u32", r(B32, 0), Special("%tid.x")),
			NewOp("add.u32", r(B32, 1), r(B32, 0), Imm(4)), // dead
			NewOp("setp.eq.u32", r(Pred, 0), r(B32, 0), Imm(0)),
			NewOp("mov.u32", r(B32, 2), Imm(7)),
			NewOp("ld.global.b32", r(B32, 2), Addr{Base: r(B64, 0), Disp: 16}).If(r(Pred, 0), false),
			{Op: "wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16", Args: []Operand{acc, r(B64, 0), r(B64, 0), Imm(1)}, Defs: 1, Effect: true},
		}},
		{Label: "$L_x", Instrs: []*Instr{
			NewEff("st.shared.b32", Addr{Base: Sym("global_smem")}, r(B32, 2)),
			NewEff("bra.uni", Label("$L_x")).If(r(Pred, 0), true),
			NewEff("ret"),
		}},
	}
	e2 := &Entry{Name: "b", MaxNTID: 32, Globals: []*Global{smem}, Blocks: []*Block{{Instrs: []*Instr{NewEff("ret")}}}}
	m := &Module{Header: []string{" test"}, Version: "8.0", Target: "sm_90a", AddressSize: 64, Entries: []*Entry{e1, e2}}
	EliminateDead(e1)
	got := m.String()
	for _, want := range []string{
		".version 8.0\n.target sm_90a\n.address_size 64\n\n.extern .shared .align 16 .b8 global_smem[];\n\n.visible .entry a(\n\t.param .u64 a_param_0\n)\n.maxntid 128, 1, 1\n{\n",
		"\t.reg .pred %p<1>;\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<1>;\n\t.reg .f32 %f<64>;\n\n",
		"\tmov.u32 %r2, 7;\n\t@%p0 ld.global.b32 %r2, [%rd0+16];\n\twgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%f0, %f1, ",
		"%f63}, %rd0, %rd0, 1;\n$L_x:\n\tst.shared.b32 [global_smem], %r2;\n\t@!%p0 bra.uni $L_x;\n\tret;\n}\n\n.visible .entry b(\n\n)\n.maxntid 32, 1, 1\n{\n\n\tret;\n}\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if strings.Contains(got, "add.u32") {
		t.Errorf("dead add.u32 kept:\n%s", got)
	}
	if n := strings.Count(got, "global_smem[]"); n != 1 {
		t.Errorf("global_smem declared %d times", n)
	}
}
