package ttng

import (
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the canonical (Triton 3.1) namespace; Alias is the 3.2+ one.
const (
	Namespace = "triton_nvidia_gpu"
	Alias     = "ttng"
)

// Dialect returns a fresh definition of the TritonNvidiaGPU dialect
// (accepted as `triton_nvidia_gpu.` and `ttng.`).
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: Namespace, Aliases: []string{Alias}, Ops: append(opfmt.Guard(ops()), declaredOps()...)}
}

func ops() []*ir.OpDef {
	n := func(s string) string { return Namespace + "." + s }
	return []*ir.OpDef{
		{Name: n("warp_group_dot"), Summary: "Hopper wgmma(.sp): d = a*b + c (A in registers or shared memory, B in shared memory, 2:4 metadata e in registers)",
			Inherent: []string{"inputPrecision", "isAsync", "maxNumImpreciseAcc", "sparseIndex"},
			Parse:    parseWarpGroupDot, Print: printWarpGroupDot, Verify: verifyWarpGroupDot},
		{Name: n("warp_group_dot_wait"), Summary: "wait for async wgmma groups; forwards its inputs",
			Inherent: []string{"pendings"}, Parse: parseDotWait, Print: opfmt.PrintOperandsTypes, Verify: verifyDotWait},
	}
}

// parseDotWait reads `$inputs attr-dict : type($inputs)`; results mirror the inputs.
func parseDotWait(p ir.OpParser, st *ir.OpState) error {
	if err := opfmt.ParseOperandsTypes(p, st); err != nil {
		return err
	}
	for _, v := range st.Operands {
		st.ResultTypes = append(st.ResultTypes, v.Type())
	}
	return nil
}

func verifyDotWait(op *ir.Operation) error {
	if !ir.TypesEqual(op.OperandTypes(), op.ResultTypes()) {
		return ir.OpError(op, "results must have the types of the inputs")
	}
	if _, ok := op.Attr("pendings").(ir.IntegerAttr); !ok {
		return ir.OpError(op, "requires an integer attribute 'pendings'")
	}
	return nil
}
