package ttng

import (
	"strconv"

	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
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
	return &ir.Dialect{Name: Namespace, Aliases: []string{Alias}, Ops: opfmt.Guard(ops())}
}

func ops() []*ir.OpDef {
	n := func(s string) string { return Namespace + "." + s }
	return []*ir.OpDef{
		{Name: n("warp_group_dot"), Summary: "Hopper wgmma(.sp): d = a*b + c (A in registers or shared memory, B in shared memory, 2:4 metadata e in registers)",
			Inherent: []string{"inputPrecision", "isAsync", "maxNumImpreciseAcc", "sparseIndex"},
			Parse:    parseWarpGroupDot, Print: printWarpGroupDot, Verify: verifyWarpGroupDot},
		{Name: n("warp_group_dot_wait"), Summary: "wait for async wgmma groups; forwards its inputs",
			Inherent: []string{"pendings"}, Parse: parseDotWait, Print: opfmt.PrintOperandsTypes, Verify: verifyDotWait},
		{Name: n("fence_async_shared"), Summary: "fence between generic-proxy writes and async-proxy reads of shared memory",
			Inherent: []string{"bCluster"}, Parse: opfmt.ParseAttrDictOnly, Print: opfmt.PrintAttrDictOnly},
		{Name: n("init_barrier"), Summary: "initialise an mbarrier with an arrival count",
			Inherent: []string{"count"}, Parse: parseInitBarrier, Print: printInitBarrier, Verify: verifyBarrierOperand},
		{Name: n("wait_barrier"), Summary: "wait on an mbarrier phase",
			Parse: parseWaitBarrier, Print: printWaitBarrier, Verify: verifyBarrierOperand},
		{Name: n("barrier_expect"), Summary: "expect a transaction byte count on an mbarrier",
			Inherent: []string{"size"}, Parse: parseBarrierExpect, Print: printBarrierExpect, Verify: verifyBarrierOperand},
		// The TMA copies and tcgen05 MMA have no custom form in ir-syntax.md;
		// they print generically.
		{Name: n("async_tma_copy_global_to_local"), Summary: "TMA copy from a descriptor into shared memory",
			Inherent: []string{"cache", "evict", "isVolatile"}},
		{Name: n("async_tma_copy_local_to_global"), Summary: "TMA copy from shared memory through a descriptor"},
		{Name: n("tc_gen5_mma"), Summary: "Blackwell tcgen05 MMA into tensor memory"},
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

func verifyBarrierOperand(op *ir.Operation) error {
	if op.NumOperands() < 1 {
		return ir.OpError(op, "expects a barrier operand")
	}
	m, ok := op.Operand(0).Type().(tt.MemDescType)
	if !ok || !ir.IsInteger(m.Elem, 64) {
		return ir.OpError(op, "barrier must be a memdesc of i64, got %s", ir.TypeString(op.Operand(0).Type()))
	}
	return nil
}

// parseInitBarrier reads `$alloc, $count attr-dict : type($alloc)`.
func parseInitBarrier(p ir.OpParser, st *ir.OpState) error {
	bar, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("count", ir.I32Attr(n))
	return finishBarrier(p, st, []ir.UnresolvedOperand{bar}, nil)
}

// finishBarrier reads `attr-dict : type($alloc)` and resolves the barrier
// followed by extra operands of the given types.
func finishBarrier(p ir.OpParser, st *ir.OpState, us []ir.UnresolvedOperand, extra []ir.Type) error {
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	st.Operands, err = p.ResolveOperands(us, append([]ir.Type{t}, extra...))
	return err
}

// printInitBarrier writes `$alloc, $count attr-dict : type($alloc)`.
func printInitBarrier(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", " + strconv.FormatInt(op.IntAttrOr("count", 0), 10))
	opfmt.PrintAttrDict(p, op, "count")
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// parseWaitBarrier reads `$alloc, $phase (, $pred)? attr-dict : type($alloc)` (phase i32, pred i1).
func parseWaitBarrier(p ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) < 2 || len(us) > 3 {
		return p.Errorf("expected operands barrier, phase and optional predicate")
	}
	return finishBarrier(p, st, us, []ir.Type{ir.I32, ir.I1}[:len(us)-1])
}

// printWaitBarrier writes `$alloc, $phase (, $pred)? attr-dict : type($alloc)`.
func printWaitBarrier(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperands(op.Operands())
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}

// parseBarrierExpect reads `$alloc, $size attr-dict, $pred : type($alloc)`.
func parseBarrierExpect(p ir.OpParser, st *ir.OpState) error {
	bar, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	n, err := p.ParseInteger()
	if err != nil {
		return err
	}
	st.AddAttr("size", ir.I32Attr(n))
	if err := opfmt.ParseAttrDict(p, st); err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	pred, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	st.Operands, err = p.ResolveOperands([]ir.UnresolvedOperand{bar, pred}, []ir.Type{t, ir.I1})
	return err
}

// printBarrierExpect writes `$alloc, $size attr-dict, $pred : type($alloc)`.
func printBarrierExpect(p *ir.Printer, op *ir.Operation) {
	p.WriteString(" ")
	p.PrintOperand(op.Operand(0))
	p.WriteString(", " + strconv.FormatInt(op.IntAttrOr("size", 0), 10))
	opfmt.PrintAttrDict(p, op, "size")
	p.WriteString(", ")
	p.PrintOperand(op.Operand(1))
	p.WriteString(" : ")
	p.PrintType(op.Operand(0).Type())
}
