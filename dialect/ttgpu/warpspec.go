package ttgpu

import (
	"strconv"
	"strings"

	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/ir"
)

// Warp specialization (TritonGPUOps.td): ttg.warp_specialize runs its
// default region on the CTA's warps and each partition region on its own
// warps (partitionNumWarps). Partition regions are isolated from above; as
// in Triton they live in a ttg.warp_specialize.partitions op inside the
// second region, and read the explicit captures as block arguments.
//
//	%r = ttg.warp_specialize(%a) attributes {...}
//	default {
//	  ttg.warp_yield %x : i32
//	}
//	partition0(%arg0: i32) num_warps(4) {
//	  ttg.warp_return
//	} : (i32) -> i32

const (
	warpSpecializeName = Namespace + ".warp_specialize"
	partitionsName     = Namespace + ".warp_specialize.partitions"
)

func warpSpecOps() []*ir.OpDef {
	return ods.Defs(
		ods.Op{Name: warpSpecializeName, Summary: "run partitions of the kernel on separate warp groups",
			Operands: []ods.Value{ods.Var("explicitCaptures", ods.AnyType)}, Results: []ods.Value{ods.Var("defaultPassthrough", ods.AnyType)},
			Attrs: []ods.Attr{ods.Req("partitionNumWarps", ods.I32Array), ods.OptAttr("warpGroupStartIds", ods.I32Array),
				ods.OptAttr("requestedRegisters", ods.I32Array), ods.OptAttr("actualRegisters", ods.I32Array)},
			Parse: parseWarpSpecialize, Print: printWarpSpecialize, Verify: verifyWarpSpecialize},
		ods.Op{Name: partitionsName, Summary: "holder of the isolated partition regions of ttg.warp_specialize",
			Traits: ir.IsolatedFromAbove | ir.Terminator, Verify: verifyPartitions},
		ods.Op{Name: Namespace + ".warp_yield", Summary: "terminator of the default region of ttg.warp_specialize",
			Traits: ir.Pure | ir.Terminator | ir.ReturnLike, Operands: []ods.Value{ods.Var("values", ods.AnyType)},
			Format: "($values^)? attr-dict (`:` type($values)^)?", Verify: verifyWarpYield},
		ods.Op{Name: Namespace + ".warp_return", Summary: "terminator of a partition region of ttg.warp_specialize",
			Traits: ir.Pure | ir.Terminator | ir.ReturnLike, Format: "attr-dict"},
	)
}

type isolatedRegionParser interface {
	ParseIsolatedRegion(args []ir.Argument) (*ir.Region, error)
}

func parseWarpSpecialize(p ir.OpParser, st *ir.OpState) error {
	operandLoc := p.Loc()
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	var us []ir.UnresolvedOperand
	if !p.ParseOptionalPunct(")") {
		var err error
		if us, err = p.ParseOperandList(); err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	if p.ParseOptionalKeyword("attributes") {
		if err := opfmt.ParseAttrDict(p, st); err != nil {
			return err
		}
	}
	if err := p.ParseKeyword("default"); err != nil {
		return err
	}
	def, err := p.ParseRegion(nil)
	if err != nil {
		return err
	}
	partsState := &ir.OpState{Name: partitionsName, Def: p.Context().LookupOp(partitionsName), Loc: p.Loc()}
	var numWarps []int64
	for p.ParseOptionalKeyword("partition" + strconv.Itoa(len(numWarps))) {
		args, err := parsePartitionArgs(p)
		if err != nil {
			return err
		}
		if err := p.ParseKeyword("num_warps"); err != nil {
			return err
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		var r *ir.Region
		if ip, ok := p.(isolatedRegionParser); ok {
			r, err = ip.ParseIsolatedRegion(args)
		} else {
			r, err = p.ParseRegion(args)
		}
		if err != nil {
			return err
		}
		numWarps = append(numWarps, n)
		partsState.Regions = append(partsState.Regions, r)
	}
	parts := ir.NewOpFromState(partsState)
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	ft, ok := t.(ir.FunctionType)
	if !ok {
		return p.Errorf("expected a function type, got %s", ir.TypeString(t))
	}
	if len(ft.Inputs) != len(us) {
		return ir.Errorf(operandLoc, "%d operands present, but expected %d", len(us), len(ft.Inputs))
	}
	if st.Operands, err = p.ResolveOperands(us, ft.Inputs); err != nil {
		return err
	}
	st.ResultTypes = ft.Results
	st.AddAttr("partitionNumWarps", ir.I32Array(numWarps...))
	holder := &ir.Region{}
	holder.AddBlock().Append(parts)
	st.Regions = []*ir.Region{def, holder}
	return nil
}

func parsePartitionArgs(p ir.OpParser) ([]ir.Argument, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var args []ir.Argument
	if p.ParseOptionalPunct(")") {
		return args, nil
	}
	for {
		a, err := p.ParseArgument(true, false)
		if err != nil {
			return nil, err
		}
		args = append(args, a)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, p.ParsePunct(")")
}

// partitionsOf returns the partitions op of a warp_specialize, or nil.
func partitionsOf(op *ir.Operation) *ir.Operation {
	if len(op.Regions) != 2 {
		return nil
	}
	b := op.Regions[1].Entry()
	if b == nil || len(b.Ops()) != 1 || b.Ops()[0].Name != partitionsName {
		return nil
	}
	return b.Ops()[0]
}

func printWarpSpecialize(p *ir.Printer, op *ir.Operation) {
	parts := partitionsOf(op)
	if parts == nil || len(op.Regions) != 2 {
		p.WriteString(" <<malformed ttg.warp_specialize>>")
		return
	}
	p.WriteString("(")
	p.PrintOperands(op.Operands())
	p.WriteString(")")
	p.PrintOptionalAttrDictWithKeyword(ir.AllAttrs(op), "partitionNumWarps")
	p.Newline()
	p.WriteString("default ")
	p.PrintRegion(op.Regions[0], false, true)
	nw, _ := op.Attr("partitionNumWarps").(ir.DenseArrayAttr)
	p.NumberIsolated(parts)
	for i, r := range parts.Regions {
		p.Newline()
		p.WriteString("partition" + strconv.Itoa(i) + "(")
		if b := r.Entry(); b != nil {
			for j, a := range b.Args() {
				if j > 0 {
					p.WriteString(", ")
				}
				p.PrintArgDef(a)
			}
		}
		n := int64(0)
		if i < len(nw.Ints) {
			n = nw.Ints[i]
		}
		p.WriteString(") num_warps(" + strconv.FormatInt(n, 10) + ") ")
		p.PrintRegion(r, false, true)
	}
	p.WriteString(" : ")
	p.PrintType(ir.FunctionType{Inputs: op.OperandTypes(), Results: op.ResultTypes()})
}

func verifyWarpSpecialize(op *ir.Operation) error {
	parts := partitionsOf(op)
	if parts == nil {
		return opError36(op, "expected to find only a `ttg.warp_specialize.partitions` op inside its second region")
	}
	nw, _ := op.Attr("partitionNumWarps").(ir.DenseArrayAttr)
	if len(parts.Regions) != len(nw.Ints) {
		return opError36(op, "has %d partitions but `partitionNumWarps` has %d elements", len(parts.Regions), len(nw.Ints))
	}
	for i, n := range nw.Ints {
		if n <= 0 || n&(n-1) != 0 {
			return opError36(op, "partition #%d number of warps (%d) must be a power of 2", i, n)
		}
	}
	if ids, ok := op.Attr("warpGroupStartIds").(ir.DenseArrayAttr); ok && len(ids.Ints) != len(nw.Ints) {
		return opError36(op, "has %d warp group start IDs but expected %d", len(ids.Ints), len(nw.Ints))
	}
	for i, r := range parts.Regions {
		b := r.Entry()
		if b == nil {
			continue // the partitions op reports the empty region
		}
		if b.NumArgs() != op.NumOperands() {
			return opError36(op, "partition region #%d has %d arguments but expected %d", i, b.NumArgs(), op.NumOperands())
		}
		for j, a := range b.Args() {
			if want := op.Operand(j).Type(); !ir.TypeEqual(a.Type(), want) {
				return opError36(op, "partition region #%d argument #%d has type '%s' but corresponding capture has type '%s'",
					i, j, ir.TypeString(a.Type()), ir.TypeString(want))
			}
		}
	}
	for o := op.ParentOp(); o != nil; o = o.ParentOp() {
		if o.Name == warpSpecializeName {
			return opError36(op, "cannot be nested inside another `ttg.warp_specialize` op")
		}
	}
	if n, ok := contextInt(op, "num-warps"); ok && n%4 != 0 {
		return ir.Errorf(op.Loc, "warp-specialized kernels requires num_warps to be a multiple of 4")
	}
	return nil
}

func verifyPartitions(op *ir.Operation) error {
	for i, r := range op.Regions {
		if len(r.Blocks) == 0 {
			return opError36(op, "region #%d ('partitionRegions') failed to verify constraint: region with at least 1 blocks", i)
		}
	}
	if p := op.ParentOp(); p == nil || p.Name != warpSpecializeName {
		return opError36(op, "expects parent op '%s'", warpSpecializeName)
	}
	return nil
}

func verifyWarpYield(op *ir.Operation) error {
	parent := op.ParentOp()
	if parent == nil || parent.Name != warpSpecializeName {
		return opError36(op, "expects parent op '%s'", warpSpecializeName)
	}
	if op.NumOperands() != parent.NumResults() {
		return opError36(op, "has %d operands but parent op expected %d", op.NumOperands(), parent.NumResults())
	}
	for i, v := range op.Operands() {
		if want := parent.Result(i).Type(); !ir.TypeEqual(v.Type(), want) {
			return opError36(op, "operand #%d has type '%s' but parent op expected '%s'", i, ir.TypeString(v.Type()), ir.TypeString(want))
		}
	}
	return nil
}

// opError36 is ir.OpError naming the op in the ttg spelling: these ops
// exist only from Triton 3.5 on, so that is how inputs write them.
func opError36(op *ir.Operation, format string, args ...any) *ir.Diagnostic {
	d := ir.OpError(op, format, args...)
	d.Msg = "'" + Alias + strings.TrimPrefix(op.Name, Namespace) + d.Msg[len(op.Name)+1:]
	return d
}
