package tt

import "github.com/sparsetriton/sp/ir"

// Typed views of the ops passes and the lowering read most. A view is
// obtained with As<Op>, which checks the op name and operand count, so
// the accessors cannot panic; it reads attributes by their names here,
// so that no code outside the dialect spells them.

// DotOp is a view of tt.dot: d = a * b + c, with e the metadata of a
// 2:4-sparse operand.
type DotOp struct{ *ir.Operation }

// AsDot returns op as a DotOp when it is a tt.dot with 3 or 4 operands.
func AsDot(op *ir.Operation) (DotOp, bool) {
	if op == nil || op.Name != DotOpName || op.NumOperands() < 3 || op.NumOperands() > 4 || op.NumResults() != 1 {
		return DotOp{}, false
	}
	return DotOp{op}, true
}

// A returns the left operand (the compressed values when SparseA).
func (d DotOp) A() *ir.Value { return d.Operand(0) }

// B returns the right operand.
func (d DotOp) B() *ir.Value { return d.Operand(1) }

// C returns the accumulator input.
func (d DotOp) C() *ir.Value { return d.Operand(2) }

// D returns the result.
func (d DotOp) D() *ir.Value { return d.Result(0) }

// Meta returns the metadata operand e, or nil for a dense dot.
func (d DotOp) Meta() *ir.Value { return DotMeta(d.Operation) }

// SparseIndex is which operand holds compressed values: SparseIndexDense,
// SparseIndexA or SparseIndexB.
func (d DotOp) SparseIndex() int { return DotSparseIndex(d.Operation) }

// SparseA reports a 2:4-sparse A with its metadata operand.
func (d DotOp) SparseA() bool { return d.SparseIndex() == SparseIndexA && d.Meta() != nil }

// Precision returns the input precision (default ieee).
func (d DotOp) Precision() InputPrecision { return DotPrecision(d.Operation) }

// LoadOp is a view of tt.load.
type LoadOp struct{ *ir.Operation }

// AsLoad returns op as a LoadOp when it is a tt.load.
func AsLoad(op *ir.Operation) (LoadOp, bool) {
	if op == nil || op.Name != LoadOpName || op.NumOperands() < 1 || op.NumResults() != 1 {
		return LoadOp{}, false
	}
	return LoadOp{op}, true
}

// Ptr returns the pointer (tensor) operand.
func (l LoadOp) Ptr() *ir.Value { return l.Operand(0) }

// Mask returns the mask operand, or nil.
func (l LoadOp) Mask() *ir.Value { return LoadMask(l.Operation) }

// Other returns the value of masked-off elements, or nil.
func (l LoadOp) Other() *ir.Value { return LoadOther(l.Operation) }

// StoreOp is a view of tt.store.
type StoreOp struct{ *ir.Operation }

// AsStore returns op as a StoreOp when it is a tt.store.
func AsStore(op *ir.Operation) (StoreOp, bool) {
	if op == nil || op.Name != StoreOpName || op.NumOperands() < 2 || op.NumOperands() > 3 {
		return StoreOp{}, false
	}
	return StoreOp{op}, true
}

// Ptr returns the pointer (tensor) operand.
func (s StoreOp) Ptr() *ir.Value { return s.Operand(0) }

// Value returns the stored value.
func (s StoreOp) Value() *ir.Value { return s.Operand(1) }

// Mask returns the mask operand, or nil.
func (s StoreOp) Mask() *ir.Value {
	if s.NumOperands() > 2 {
		return s.Operand(2)
	}
	return nil
}

// MakeTensorPtrOp is a view of tt.make_tensor_ptr.
type MakeTensorPtrOp struct{ *ir.Operation }

// AsMakeTensorPtr returns op as a MakeTensorPtrOp when it is a
// tt.make_tensor_ptr whose operands split into base, shape, strides and
// offsets of one rank.
func AsMakeTensorPtr(op *ir.Operation) (MakeTensorPtrOp, bool) {
	if op == nil || op.Name != MakeTensorPtrOpName || op.NumOperands() < 1 || (op.NumOperands()-1)%3 != 0 || op.NumResults() != 1 {
		return MakeTensorPtrOp{}, false
	}
	return MakeTensorPtrOp{op}, true
}

// Rank is the number of dimensions.
func (m MakeTensorPtrOp) Rank() int { return (m.NumOperands() - 1) / 3 }

// Base returns the base pointer.
func (m MakeTensorPtrOp) Base() *ir.Value { return m.Operand(0) }

// Shape returns the tensor shape operands (i64).
func (m MakeTensorPtrOp) Shape() []*ir.Value { return m.Operands()[1 : 1+m.Rank()] }

// Strides returns the stride operands (i64).
func (m MakeTensorPtrOp) Strides() []*ir.Value { return m.Operands()[1+m.Rank() : 1+2*m.Rank()] }

// Offsets returns the offset operands (i32).
func (m MakeTensorPtrOp) Offsets() []*ir.Value { return m.Operands()[1+2*m.Rank():] }

// Order returns the order attribute (fastest dimension first), or nil.
func (m MakeTensorPtrOp) Order() []int64 {
	if a, ok := m.Attr("order").(ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}
