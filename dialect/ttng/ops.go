package ttng

import (
	"strings"

	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/internal/opfmt"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// Barrier is the mbarrier operand of the barrier ops: a memdesc of i64.
var Barrier = ods.Type("a memdesc of i64", func(t ir.Type) bool {
	m, ok := t.(tt.MemDescType)
	return ok && ir.IsInteger(m.Elem, 64)
})

// declaredOps are the TritonNvidiaGPU ops, declared as data. The wgmma
// dot keeps hand-written syntax hooks (wgdot.go): whether its fourth
// operand is the metadata or useC is told by the sparseIndex written after
// the operands.
func declaredOps() []*ir.OpDef {
	n := func(s string) string { return Namespace + "." + s }
	i1, i32 := ods.Fixed(ir.I1), ods.Fixed(ir.I32)
	memDesc := ods.Type("a memdesc", func(t ir.Type) bool { _, ok := t.(tt.MemDescType); return ok })
	alloc, pred, optPred := ods.Arg("alloc", Barrier), ods.Arg("pred", ods.I1T).Like(i1), ods.Opt("pred", ods.I1T).Like(i1)
	return ods.Defs(
		ods.Op{Name: WarpGroupDot, Summary: "Hopper wgmma(.sp): d = a*b + c (A in registers or shared memory, B in shared memory, 2:4 metadata e in registers)",
			Operands: []ods.Value{ods.Arg("a", tt.TensorOrMem), ods.Arg("b", memDescB), ods.Arg("c", ods.Tensor),
				ods.Opt("e", metaType), ods.Opt("useC", ods.I1T).Like(i1)},
			Results: []ods.Value{ods.Arg("d", ods.Tensor).Like(ods.SameAs("c"))},
			Attrs: []ods.Attr{ods.OptAttr("inputPrecision", ods.I32), ods.OptAttr("isAsync", ods.Bool),
				ods.OptAttr("maxNumImpreciseAcc", ods.I32), ods.OptAttr("sparseIndex", ods.I32)},
			Segments: ods.Computed, OperandSizes: warpGroupDotSizes,
			Parse: parseWarpGroupDot, Print: printWarpGroupDot, Verify: verifyWarpGroupDot},
		ods.Op{Name: WarpGroupDotWait, Summary: "wait for async wgmma groups; forwards its inputs",
			Operands: []ods.Value{ods.Var("inputs", ods.AnyType)},
			Results:  []ods.Value{ods.Var("outputs", ods.AnyType).Like(ods.SameAsEach("inputs"))},
			Attrs:    []ods.Attr{ods.Req("pendings", ods.I32)},
			Format:   "$inputs attr-dict `:` type($inputs)"},
		// CTA clusters (Triton's cluster_arrive / cluster_wait, and the CTA's
		// rank in its cluster): every thread of every CTA of the cluster
		// arrives, then waits.
		ods.Op{Name: n("cluster_arrive"), Summary: "arrive on the cluster barrier (release unless relaxed)",
			Attrs: []ods.Attr{ods.OptAttr("relaxed", ods.Unit)}, Format: "attr-dict"},
		ods.Op{Name: n("cluster_wait"), Summary: "wait on the cluster barrier (acquire)", Format: "attr-dict"},
		ods.Op{Name: n("cluster_cta_id"), Summary: "this CTA's rank in its cluster", Traits: ir.Pure,
			Results: []ods.Value{ods.Arg("result", ods.I32T).Like(i32)}, Format: "attr-dict `:` type($result)"},
		ods.Op{Name: n("fence_async_shared"), Summary: "fence between generic-proxy writes and async-proxy reads of shared memory",
			Attrs: []ods.Attr{ods.OptAttr("bCluster", ods.Bool)}, Format: "attr-dict"},
		ods.Op{Name: n("init_barrier"), Summary: "initialise an mbarrier with an arrival count",
			Operands: []ods.Value{alloc}, Attrs: []ods.Attr{ods.Req("count", ods.I32Literal)},
			Format: "$alloc `,` $count attr-dict `:` type($alloc)"},
		ods.Op{Name: n("wait_barrier"), Summary: "wait on an mbarrier phase",
			Operands: []ods.Value{alloc, ods.Arg("phase", ods.I32T).Like(i32), optPred, ods.Var("deps", memDesc)},
			Segments: ods.AttrSized,
			Format:   "$alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:` type($alloc) (`,` type($deps)^)?"},
		ods.Op{Name: n("arrive_barrier"), Summary: "arrive on an mbarrier",
			Operands: []ods.Value{alloc, optPred},
			Attrs:    []ods.Attr{ods.Req("count", ods.I32Literal)},
			Format:   "$alloc `,` $count (`,` $pred^)? attr-dict `:` type($alloc)"},
		ods.Op{Name: n("inval_barrier"), Summary: "invalidate an mbarrier",
			Operands: []ods.Value{alloc}, Format: "$alloc attr-dict `:` type($alloc)"},
		ods.Op{Name: n("async_copy_mbarrier_arrive"), Summary: "arrive on an mbarrier when the thread's async copies complete",
			Operands: []ods.Value{ods.Arg("barrier", Barrier)}, Attrs: []ods.Attr{ods.OptAttr("noIncrement", ods.Unit)},
			Format: "$barrier attr-dict `:` type($barrier)"},
		ods.Op{Name: n("async_tma_store_wait"), Summary: "wait until TMA stores have read shared memory",
			Attrs: []ods.Attr{ods.Req("pendings", ods.I32)}, Format: "attr-dict"},
		ods.Op{Name: n("reinterpret_tensor_descriptor"), Summary: "view a raw pointer as a TMA tensor descriptor", Traits: ir.Pure,
			Operands: []ods.Value{ods.Arg("rawDesc", tt.PtrLike)}, Results: []ods.Value{ods.Arg("result", tt.TensorDesc)},
			Format: "$rawDesc attr-dict `:` type($rawDesc) `to` type($result)"},
		// Device-side tensor maps (TMAToLLVM.cpp): tensormap_create fills a
		// 128-byte map at desc_ptr (global memory), dims innermost first.
		ods.Op{Name: n("tensormap_create"), Summary: "build a TMA tensor map in global memory",
			Operands: []ods.Value{ods.Arg("desc_ptr", tt.PtrLike), ods.Arg("global_address", tt.PtrLike),
				ods.Var("box_dim", ods.I32T).Like(i32), ods.Var("global_dim", ods.I32T).Like(i32),
				ods.Var("global_stride", ods.I64T).Like(ods.Fixed(ir.I64)), ods.Var("element_stride", ods.I32T).Like(i32)},
			Attrs: []ods.Attr{ods.Req("elem_type", ods.I32), ods.Req("interleave_layout", ods.I32),
				ods.Req("swizzle_mode", ods.I32), ods.Req("fill_mode", ods.I32)},
			Segments: ods.AttrSized,
			Format: "$desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]` `,` `[` $global_stride `]` `,` " +
				"`[` $element_stride `]` attr-dict `:` functional-type(operands, results)",
			Verify: verifyTensormapCreate},
		ods.Op{Name: n("tensormap_fenceproxy_acquire"), Summary: "acquire a tensor map written through the generic proxy",
			Operands: []ods.Value{ods.Arg("desc_ptr", tt.PtrLike)}, Format: "$desc_ptr attr-dict `:` type($desc_ptr)"},
		ods.Op{Name: n("barrier_expect"), Summary: "expect a transaction byte count on an mbarrier",
			Operands: []ods.Value{alloc, pred},
			Attrs:    []ods.Attr{ods.Req("size", ods.I32Literal)},
			Format:   "$alloc `,` $size attr-dict `,` $pred `:` type($alloc)"},
		// TMA copies, gathers, scatters and reductions (formats of
		// TritonNvidiaGPUOps.td); tcgen05 MMA prints generically.
		ods.Op{Name: n("async_tma_copy_global_to_local"), Summary: "TMA copy from a descriptor into shared memory",
			Operands: []ods.Value{ods.Arg("desc", tt.TensorDesc), ods.Var("coord", ods.I32T).Like(i32), ods.Arg("barrier", memDesc),
				ods.Arg("result", memDesc), pred},
			Attrs:  tt.MemAttrs(tt.IsVolatile),
			Format: "$desc `[` $coord `]` $result `,` $barrier `,` $pred " + tt.MemKeywords + " attr-dict `:` type($desc) `,` type($barrier) `->` type($result)",
			Verify: func(op *ir.Operation) error {
				return verifyTMAWrite(op, op.Operand(op.NumOperands()-3), op.Operand(op.NumOperands()-2))
			}},
		ods.Op{Name: n("async_tma_copy_local_to_global"), Summary: "TMA copy from shared memory through a descriptor",
			Operands: []ods.Value{ods.Arg("desc", tt.TensorDesc), ods.Var("coord", ods.I32T).Like(i32), ods.Arg("src", memDesc)},
			Format:   "$desc `[` $coord `]` $src attr-dict `:` type($desc) `,` type($src)"},
		ods.Op{Name: n("async_tma_reduce"), Summary: "TMA reduction from shared memory into global memory",
			Operands: []ods.Value{ods.Arg("desc", tt.TensorDesc), ods.Var("coord", ods.I32T).Like(i32), ods.Arg("src", memDesc)},
			Attrs:    []ods.Attr{ods.Req("kind", tt.EnumKind[tt.DescriptorReduceKind]())},
			Format:   "$kind `,` $desc `[` $coord `]` $src attr-dict `:` type($desc) `,` type($src)"},
		ods.Op{Name: n("async_tma_gather"), Summary: "TMA gather of rows into shared memory",
			Operands: []ods.Value{ods.Arg("desc", tt.TensorDesc), ods.Arg("x_offsets", ods.IntTensor), ods.Arg("y_offset", ods.I32T),
				ods.Arg("barrier", memDesc), ods.Arg("result", memDesc), ods.Arg("pred", ods.I1T)},
			Parse: gatherForm.parse, Print: gatherForm.print,
			Verify: func(op *ir.Operation) error { return verifyTMAWrite(op, op.Operand(3), op.Operand(4)) }},
		ods.Op{Name: n("async_tma_scatter"), Summary: "TMA scatter of rows from shared memory",
			Operands: []ods.Value{ods.Arg("desc", tt.TensorDesc), ods.Arg("x_offsets", ods.IntTensor), ods.Arg("y_offset", ods.I32T),
				ods.Arg("src", memDesc)},
			Parse: scatterForm.parse, Print: scatterForm.print},
		ods.Op{Name: n("tc_gen5_mma"), Summary: "Blackwell tcgen05 MMA into tensor memory",
			Operands: []ods.Value{ods.Arg("a", memDesc), ods.Arg("b", memDesc), ods.Arg("d", memDesc), ods.Arg("useD", ods.I1T),
				ods.Arg("pred", ods.I1T), ods.Opt("barrier", Barrier)}},
	)
}

// verifyTensormapCreate checks the ranks of a tensormap_create, in
// Triton's words.
func verifyTensormapCreate(op *ir.Operation) error {
	seg, _ := op.Attr(ods.SegmentAttr).(ir.DenseArrayAttr)
	if len(seg.Ints) != 6 {
		return nil // the segment check reports it
	}
	rank := seg.Ints[2]
	switch {
	case seg.Ints[3] != rank:
		return ir.OpError(op, "Rank mismatch for global dim. Got %d but expected %d", seg.Ints[3], rank)
	case seg.Ints[4]+1 != rank:
		return ir.OpError(op, "Rank mismatch for global stride. Got %d but expected %d", seg.Ints[4], rank-1)
	case seg.Ints[5] != rank:
		return ir.OpError(op, "Rank mismatch for element stride. Got %d but expected %d", seg.Ints[5], rank)
	}
	return nil
}

// verifyTMAWrite checks the mbarrier and destination of a TMA load or
// gather, in Triton's words.
func verifyTMAWrite(op *ir.Operation, barrier, result *ir.Value) error {
	b, _ := barrier.Type().(tt.MemDescType)
	if len(b.Shape) != 1 || b.Shape[0] != 1 || !ir.IsInteger(b.Elem, 64) {
		return ir.OpError(op, "barrier allocation must be a descriptor of 1xi64 type")
	}
	r, _ := result.Type().(tt.MemDescType)
	if !r.Mutable {
		return ir.OpError(op, "cannot store into immutable memory")
	}
	if r.Encoding != nil && !isNVMMAShared(r.Encoding) && !unswizzledRowMajor(r.Encoding, len(r.Shape)) {
		return ir.OpError(op, "TMA result must have NVMMA shared layout")
	}
	return nil
}

// isNVMMAShared reports whether a shared layout is an NVMMA tile
// (#ttg.nvmma_shared, or a 3.1 #shared with hasLeadingOffset).
func isNVMMAShared(a ir.Attribute) bool {
	s := ir.AttrString(a)
	return strings.Contains(s, "nvmma_shared") || strings.Contains(s, "hasLeadingOffset = true")
}

// unswizzledRowMajor reports whether a shared layout of rank n stores the
// tile row-major without a swizzle (maxPhase = 1, innermost dimension
// contiguous): the bytes a TMA copy with swizzle none writes. Triton
// spells that layout nvmma_shared with swizzlingByteWidth = 0; sp also
// accepts it as a swizzled layout of one phase (band16 metadata tiles).
func unswizzledRowMajor(a ir.Attribute, n int) bool {
	switch l := a.(type) {
	case ttgpu.SharedEncoding:
		return !l.HasLeadingOffset && l.MaxPhase == 1 && len(l.Order) > 0 && l.Order[0] == n-1
	case ttgpu.SwizzledSharedEncoding:
		return l.MaxPhase == 1 && len(l.Order) > 0 && l.Order[0] == n-1
	}
	return false
}

// tmaRowsForm is the syntax of the TMA gather and scatter:
// `$desc [ $x_offsets , $y_offset ] rest... attr-dict : type(operands)`,
// where the text lists operands in the order text (indices into the
// declared operands) and the types follow the declaration order.
type tmaRowsForm struct{ text []int }

var (
	gatherForm  = tmaRowsForm{text: []int{0, 1, 2, 4, 3, 5}} // %result, %barrier, %pred after the brackets
	scatterForm = tmaRowsForm{text: []int{0, 1, 2, 3}}
)

func (f tmaRowsForm) parse(p ir.OpParser, st *ir.OpState) error {
	us := make([]ir.UnresolvedOperand, len(f.text))
	for i, decl := range f.text {
		switch i {
		case 1:
			if err := p.ParsePunct("["); err != nil {
				return err
			}
		case 2:
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		case 3:
			if err := p.ParsePunct("]"); err != nil {
				return err
			}
		default:
			if i > 3 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		us[decl] = u
	}
	if len(f.text) == 3 {
		if err := p.ParsePunct("]"); err != nil {
			return err
		}
	}
	ts, err := opfmt.ParseAttrDictTypes(p, st)
	if err != nil {
		return err
	}
	if len(ts) != len(us) {
		return p.Errorf("expected %d types, got %d", len(us), len(ts))
	}
	st.Operands, err = p.ResolveOperands(us, ts)
	return err
}

func (f tmaRowsForm) print(p *ir.Printer, op *ir.Operation) {
	if op.NumOperands() != len(f.text) {
		p.WriteString(" <<malformed>>")
		return
	}
	for i, decl := range f.text {
		switch {
		case i == 0:
			p.WriteString(" ")
		case i == 1:
			p.WriteString("[")
		case i == 2:
			p.WriteString(", ")
		case i == 3:
			p.WriteString("] ")
		default:
			p.WriteString(", ")
		}
		p.PrintOperand(op.Operand(decl))
	}
	opfmt.PrintAttrDict(p, op)
	p.WriteString(" : ")
	p.PrintTypeList(op.OperandTypes())
}
