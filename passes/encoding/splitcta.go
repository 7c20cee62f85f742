package encoding

import (
	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const splitDoc = `tritongpu-split-cta-tiles gives a program to a cluster of CTAs (Triton's
num_ctas) by splitting its M tile between them: with ctas = 2, the
kernel's BM x BN dot tile becomes one of (BM/2) x BN per CTA, CTA r
computing rows [r*BM/2, (r+1)*BM/2) of the program's tile, and
tt.get_program_id / tt.get_num_programs count clusters. The M-split
values are the dot's result and its A and accumulator operands, and every
value that shares their first dimension through elementwise ops, loads
and stores, scf.for and scf.if; a tt.splat of a scalar into such a value
(a per-tensor scale in the epilogue) is split with it. Block pointers (tt.make_tensor_ptr gets
its block halved and offsets[0] + rank * BM/2) and tensor descriptors
(their block halved, each load or store at coordinate 0 + rank * BM/2).
B's tile is the same in both CTAs; the TMA pipeline then loads it once per
cluster, each CTA copying half of its boxes into both (multicast).

Kernels whose M tile reaches other ops (pointer tensors, reductions,
layout ops) are refused with a positioned diagnostic. The pass runs first
in sp-pipeline (num-ctas = 2, cuda:90), before the 2:4 decomposition, and
sets the module attribute sp.cluster_ctas.`

const splitName = "tritongpu-split-cta-tiles"

// SplitOptions are the options of tritongpu-split-cta-tiles.
type SplitOptions struct {
	CTAs int `opt:"ctas" help:"CTAs per cluster that split each program's M tile (1: no change)"`
}

// SplitCTATiles is the tritongpu-split-cta-tiles pass.
var SplitCTATiles = &pass.Pass{
	Name:    splitName,
	Title:   "TritonGPUSplitCTATiles",
	Summary: "Split each program's M tile between the CTAs of a cluster (num-ctas)",
	Doc:     splitDoc,
	Anchor:  builtin.ModuleOpName,
	Options: &SplitOptions{CTAs: 1},
	Run:     runSplitCTA,
}

func runSplitCTA(ctx *pass.Context, module *ir.Operation) error {
	o := pass.OptionsOf[SplitOptions](ctx)
	if o.CTAs <= 1 {
		return nil
	}
	if o.CTAs != 2 {
		return ir.Errorf(module.Loc, "%s: ctas = %d: clusters of 2 CTAs are supported", splitName, o.CTAs)
	}
	for _, fn := range funcs(module) {
		if err := splitFunc(ctx.IR, fn, o.CTAs); err != nil {
			return err
		}
	}
	module.SetAttr(ttng.AttrClusterCTAs, ir.I32Attr(int64(o.CTAs)))
	return nil
}

// tileValue reports whether v's type carries a tile: a tensor, a block
// pointer or a tensor descriptor.
func tileValue(v *ir.Value) bool {
	switch t := v.Type().(type) {
	case ir.RankedTensorType:
		return true
	case tt.PointerType:
		return t.IsBlockPointer()
	case tt.TensorDescType:
		return true
	}
	return false
}

type splitter struct {
	parent map[*ir.Value]*ir.Value
}

func (s *splitter) find(v *ir.Value) *ir.Value {
	for {
		p, ok := s.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (s *splitter) union(vs ...*ir.Value) {
	var root *ir.Value
	for _, v := range vs {
		if v == nil || !tileValue(v) {
			continue
		}
		r := s.find(v)
		if root == nil {
			root = r
		} else if r != root {
			s.parent[r] = root
		}
	}
}

// link unions the values that share the M dimension across op.
func (s *splitter) link(op *ir.Operation) {
	switch {
	case op.Name == tt.DotOpName:
		s.union(op.Result(0), op.Operand(0), op.Operand(2))
	case op.Name == tt.LoadOpName || op.Name == tt.AdvanceOpName || op.Name == tt.DescriptorLoadOpName:
		s.union(op.Result(0), op.Operand(0))
	case op.Name == tt.StoreOpName:
		s.union(op.Operand(0), op.Operand(1))
	case op.Name == tt.DescriptorStoreOpName:
		s.union(op.Operand(0), op.Operand(op.NumOperands()-1))
	case op.Name == scf.ForOpName:
		if f, ok := scf.AsFor(op); ok {
			for _, c := range f.Carried() {
				s.union(c.Init, c.Arg, c.Yielded, c.Result)
			}
		}
	case op.Name == scf.IfOpName:
		if f, ok := scf.AsIf(op); ok {
			for _, slot := range f.Slots() {
				s.union(slot...)
			}
		}
	case op.HasTrait(ir.Elementwise) && len(op.Regions) == 0:
		s.union(append(op.Operands(), op.Results()...)...)
	}
}

// splitSupported reports whether op may define or use M-split values.
func splitSupported(op *ir.Operation) bool {
	switch op.Name {
	case tt.DotOpName, tt.LoadOpName, tt.StoreOpName, tt.AdvanceOpName, tt.MakeTensorPtrOpName,
		tt.MakeTensorDescriptorOpName, tt.DescriptorLoadOpName, tt.DescriptorStoreOpName,
		scf.ForOpName, scf.IfOpName, scf.YieldOpName, arith.ConstantOpName, tt.SplatOpName:
		return true
	}
	return op.HasTrait(ir.Elementwise) && len(op.Regions) == 0
}

func splitFunc(ctx *ir.Context, fn *ir.Operation, ctas int) error {
	s := &splitter{parent: map[*ir.Value]*ir.Value{}}
	var dots []*ir.Operation
	fn.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.DotOpName {
			dots = append(dots, op)
		}
		s.link(op)
	})
	if len(dots) == 0 {
		return ir.Errorf(fn.Loc, "%s: the kernel has no tt.dot whose M tile could be split between CTAs", splitName)
	}
	root := s.find(dots[0].Result(0))
	for _, d := range dots {
		if d.NumOperands() > 3 {
			return ir.Errorf(d.Loc, "%s: this tt.dot already has its 2:4 metadata operand; split the M tile before decompose-sparse-tensors", splitName)
		}
		if s.find(d.Result(0)) != root {
			return ir.Errorf(d.Loc, "%s: every tt.dot of a kernel split between CTAs must share one M tile", splitName)
		}
		if s.find(d.Operand(1)) == root {
			return ir.Errorf(d.Loc, "%s: operand B of this tt.dot shares the M tile that is split between CTAs", splitName)
		}
	}
	inSplit := func(v *ir.Value) bool { return v != nil && tileValue(v) && s.find(v) == root }
	// Check the ops first, so that a refused kernel is left unchanged.
	var values []*ir.Value
	seen := map[*ir.Value]bool{}
	var err error
	fn.WalkOps(func(op *ir.Operation) {
		if err != nil {
			return
		}
		touches := false
		for _, v := range append(op.Operands(), op.Results()...) {
			if inSplit(v) {
				touches = true
				if !seen[v] {
					seen[v] = true
					values = append(values, v)
				}
			}
		}
		for _, r := range op.Regions {
			for _, b := range r.Blocks {
				for _, a := range b.Args() {
					if inSplit(a) && !seen[a] {
						seen[a] = true
						values = append(values, a)
					}
				}
			}
		}
		if touches && (op.Name == tt.LoadOpName || op.Name == tt.StoreOpName) {
			if pt, ok := op.Operand(0).Type().(tt.PointerType); !ok || !pt.IsBlockPointer() {
				err = ir.Errorf(op.Loc, "%s: '%s' of a tensor of pointers uses the M tile that num-ctas = %d splits between CTAs; address it with a block pointer or a tensor descriptor", splitName, op.Name, ctas)
				return
			}
		}
		if touches && (op.Name == tt.DescriptorLoadOpName || op.Name == tt.DescriptorStoreOpName) {
			if d, ok := op.Operand(0).Type().(tt.TensorDescType); !ok || op.NumOperands() < 1+len(d.Block.Shape) {
				err = ir.Errorf(op.Loc, "%s: '%s' needs a coordinate per dimension of its descriptor to be split between CTAs", splitName, op.Name)
				return
			}
		}
		if touches && !splitSupported(op) {
			err = ir.Errorf(op.Loc, "%s: '%s' uses the M tile that num-ctas = %d splits between CTAs; supported are tt.dot, block pointers (tt.make_tensor_ptr, tt.advance, tt.load, tt.store), tensor descriptors, elementwise ops, constants, splats of scalars, scf.for and scf.if", splitName, op.Name, ctas)
		}
	})
	if err != nil {
		return err
	}
	for _, a := range fn.Regions[0].Entry().Args() {
		if inSplit(a) {
			return ir.Errorf(fn.Loc, "%s: argument #%d (%s) carries the M tile that num-ctas = %d splits between CTAs; pass pointers, not tiles", splitName, a.Index(), ir.TypeString(a.Type()), ctas)
		}
	}
	for _, v := range values {
		if enc := layoutOf(v.Type()); enc != nil {
			sp, sparse := enc.(tt.SparseAttr)
			if !sparse {
				return ir.Errorf(valueLoc(v, fn), "%s: %s has a layout; split the M tile of TTIR, before convert-triton-to-tritongpu", splitName, ir.TypeString(v.Type()))
			}
			if sp.IsBlock() {
				return ir.Errorf(valueLoc(v, fn), "%s: a block-sparse (BSR24) tile is one block and cannot be split between CTAs", splitName)
			}
		}
		if d := v.DefiningOp(); d != nil && d.Name == arith.ConstantOpName {
			if a, ok := arith.ConstantValue(d); ok {
				if dense, ok := a.(ir.DenseElementsAttr); !ok || !dense.Splat {
					return ir.Errorf(d.Loc, "%s: a non-splat constant tile cannot be split between CTAs", splitName)
				}
			}
		}
		if _, ok := splitM(v.Type(), ctas); !ok {
			return ir.Errorf(valueLoc(v, fn), "%s: the M tile of %s does not split into %d parts of a multiple of 16 rows", splitName, ir.TypeString(v.Type()), ctas)
		}
	}
	b := ir.NewBuilder(ctx)
	entry := fn.Regions[0].Entry()
	b.SetInsertionPointToStart(entry)
	b.Loc = fn.Loc
	rank := b.Create(ttng.ClusterCTAIdOpName, nil, []ir.Type{ir.I32}).Result(0)
	for _, v := range values {
		half, _ := splitM(v.Type(), ctas)
		nt := halveM(v.Type(), ctas)
		d := v.DefiningOp()
		switch {
		case d != nil && d.Name == arith.ConstantOpName:
			a, _ := arith.ConstantValue(d)
			d.SetAttr("value", ir.SplatAttr(nt.(ir.RankedTensorType), a.(ir.DenseElementsAttr).Elems[0]))
		case d != nil && d.Name == tt.MakeTensorPtrOpName:
			n := (d.NumOperands() - 1) / 3
			off := d.Operand(1 + 2*n)
			b.SetInsertionPointBefore(d)
			b.Loc = d.Loc
			d.SetOperand(1+2*n, offsetBy(b, off, rank, half))
		}
		v.SetType(nt)
	}
	// Row coordinates of the accesses through split descriptors (their
	// blocks are halved already).
	fn.WalkOps(func(op *ir.Operation) {
		if (op.Name == tt.DescriptorLoadOpName || op.Name == tt.DescriptorStoreOpName) && seen[op.Operand(0)] {
			rows := op.Operand(0).Type().(tt.TensorDescType).Block.Shape[0]
			b.SetInsertionPointBefore(op)
			b.Loc = op.Loc
			op.SetOperand(1, offsetBy(b, op.Operand(1), rank, rows))
		}
	})
	return nil
}

// offsetBy returns x + rank * rows.
func offsetBy(b *ir.Builder, x, rank *ir.Value, rows int64) *ir.Value {
	r := rank
	if !ir.TypeEqual(x.Type(), ir.I32) {
		r = b.Create(arith.ExtsiOpName, []*ir.Value{rank}, []ir.Type{x.Type()}).Result(0)
	}
	return arith.BuildBinary(b, arith.AddiOpName, x, arith.BuildBinary(b, arith.MuliOpName, r, arith.BuildConstantInt(b, x.Type(), rows)))
}

// splitM returns the per-CTA rows of t's M tile (dimension 0 of the
// tensor, block or descriptor block) and whether it splits into parts of
// a multiple of 16 rows.
func splitM(t ir.Type, ctas int) (int64, bool) {
	var shape []int64
	switch x := t.(type) {
	case ir.RankedTensorType:
		shape = x.Shape
	case tt.PointerType:
		shape = x.Pointee.(ir.RankedTensorType).Shape
	case tt.TensorDescType:
		shape = x.Block.Shape
	}
	if len(shape) == 0 || shape[0]%int64(ctas) != 0 || (shape[0]/int64(ctas))%16 != 0 {
		return 0, false
	}
	return shape[0] / int64(ctas), true
}

// halveM returns t with its M tile divided by ctas.
func halveM(t ir.Type, ctas int) ir.Type {
	cut := func(rt ir.RankedTensorType) ir.RankedTensorType {
		sh := append([]int64(nil), rt.Shape...)
		sh[0] /= int64(ctas)
		return rt.WithShape(sh)
	}
	switch x := t.(type) {
	case ir.RankedTensorType:
		return cut(x)
	case tt.PointerType:
		x.Pointee = cut(x.Pointee.(ir.RankedTensorType))
		return x
	case tt.TensorDescType:
		return tt.TensorDescType{Block: cut(x.Block)}
	}
	return t // splitM refused every other type before
}

func valueLoc(v *ir.Value, fn *ir.Operation) ir.Location {
	if d := v.DefiningOp(); d != nil {
		return d.Loc
	}
	return fn.Loc
}

// layoutOf is the encoding of a tile type (nil if none).
func layoutOf(t ir.Type) ir.Attribute {
	switch x := t.(type) {
	case ir.RankedTensorType:
		return x.Encoding
	case tt.PointerType:
		if rt, ok := x.Pointee.(ir.RankedTensorType); ok {
			return rt.Encoding
		}
	case tt.TensorDescType:
		return x.Block.Encoding
	}
	return nil
}
