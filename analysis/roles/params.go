package roles

import (
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
)

// Role is what a kernel parameter carries, in the manifest's spelling.
type Role string

// Parameter roles.
const (
	Values   Role = "values"   // compressed 2:4 values (operand A of a sparse tt.dot)
	Metadata Role = "metadata" // their metadata
	Indptr   Role = "indptr"   // per block row, the range of its stored blocks (BSR24)
	Indices  Role = "indices"  // the block column of each stored block (BSR24)
	Dense    Role = "dense"    // any other pointer
	Scalar   Role = "scalar"   // not a pointer
)

// ParamRoles returns the role of each parameter of fn (a decomposed
// tt.func: sparse tt.dot and ttng warp_group_dot ops carry a metadata
// operand).
func ParamRoles(fn *ir.Operation) []Role {
	entry := fn.Regions[0].Entry()
	out := make([]Role, entry.NumArgs())
	index := map[*ir.Value]int{}
	for i, a := range entry.Args() {
		index[a] = i
		out[i] = Scalar
		if _, ok := a.Type().(tt.PointerType); ok {
			out[i] = Dense
		}
	}
	for i := range out {
		if s, ok := tt.ArgAttrs(fn, i).Get(tt.AttrBlockSparse).(ir.StringAttr); ok && out[i] == Dense && (s.Value == string(Indptr) || s.Value == string(Indices)) {
			out[i] = Role(s.Value)
		}
	}
	fn.WalkOps(func(op *ir.Operation) {
		var vals, meta *ir.Value
		if d, ok := tt.AsDot(op); ok && d.SparseA() {
			vals, meta = d.A(), d.Meta()
		} else if op.Name == ttng.WarpGroupDot && ttng.WarpGroupDotMeta(op) != nil {
			vals, meta = op.Operand(0), ttng.WarpGroupDotMeta(op)
		} else {
			return
		}
		for _, src := range []struct {
			v    *ir.Value
			role Role
		}{{vals, Values}, {meta, Metadata}} {
			for v := range Sources(src.v) {
				if i, ok := index[v]; ok && out[i] == Dense {
					out[i] = src.role
				}
			}
		}
	})
	return out
}

// Sources returns v and every value it transitively depends on: through
// op operands, scf.for carried values (init and yielded value of a region
// argument or result) and, for a !tt.memdesc, whatever writes into the
// buffer or a view of it.
func Sources(v *ir.Value) map[*ir.Value]bool {
	seen := map[*ir.Value]bool{}
	var visit func(v *ir.Value)
	visit = func(v *ir.Value) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		if v.IsBlockArg() {
			if _, c, ok := scf.CarriedOfArg(v); ok {
				visit(c.Init)
				visit(c.Yielded)
			}
			return
		}
		def := v.DefiningOp()
		if _, c, ok := scf.CarriedOfResult(v); ok {
			// a loop result is its own carried value only, not the loop's
			// other inits (the carried metadata beside the accumulator)
			visit(c.Init)
			visit(c.Yielded)
			return
		}
		if def.Name == ttng.WarpGroupDotWait && v.Index() < def.NumOperands() {
			// the wait forwards its inputs: result i is input i only (its
			// other inputs, the metadata kept alive beside the values, are
			// not sources of this one)
			visit(def.Operand(v.Index()))
			return
		}
		for _, o := range def.Operands() {
			visit(o)
		}
		if def.Name == ttng.ReinterpretTensorDescOpName {
			// a device-made tensor map: the global address its tensormap_create records
			for _, u := range def.Operand(0).Uses() {
				if u.Op.Name == ttng.TensormapCreateOpName && u.Index == 0 {
					visit(u.Op.Operand(1))
				}
			}
		}
		if _, ok := v.Type().(tt.MemDescType); ok {
			for _, u := range v.Uses() {
				switch u.Op.Name {
				case ttgpu.AsyncCopyGlobalToLocalOpName, ttgpu.LocalStoreOpName:
					visit(u.Op.Operand(0))
				case ttng.AsyncTmaCopyGlobalToLocalOpName: // the tile written through the descriptor
					if u.Index == u.Op.NumOperands()-2 {
						visit(u.Op.Operand(0))
					}
				case ttgpu.MemdescSubviewOpName, ttgpu.MemdescIndexOpName:
					visit(u.Op.Result(0))
				}
			}
		}
	}
	visit(v)
	return seen
}
