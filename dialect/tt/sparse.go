package tt

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
)

// SparseAttr is the sparse encoding of a tensor (logical, uncompressed
// shape) or of a pointer to its values (sparse-fork.md §1):
//
//	#tt.sparse<"NV24">                          2:4 along the last dimension
//	#tt.sparse<"BSR24", block = [BM, BK]>       block-sparse rows of BM x BK
//	                                            blocks, each stored block 2:4
//
// Unlike the reference fork, the format is a typed enum and only these two
// strings parse. Block is zero for NV24; for BSR24 both dimensions are
// positive multiples of 16 (docs/sparse.md §10).
type SparseAttr struct {
	Format SparsityFormat
	Block  [2]int64
}

// Sparse returns `#tt.sparse<"NV24">`.
func Sparse() SparseAttr { return SparseAttr{Format: NV24} }

// BlockSparse returns `#tt.sparse<"BSR24", block = [bm, bk]>`.
func BlockSparse(bm, bk int64) SparseAttr {
	return SparseAttr{Format: BSR24, Block: [2]int64{bm, bk}}
}

// IsBlock reports whether a is the block-sparse format BSR24.
func (a SparseAttr) IsBlock() bool { return a.Format == BSR24 }

// maxBlockDim bounds a BSR24 block dimension (a tile, not a matrix).
const maxBlockDim = 1 << 16

// Print writes `#tt.sparse<"NV24">` or `#tt.sparse<"BSR24", block = [BM, BK]>`.
func (a SparseAttr) Print(p *ir.Printer) {
	p.WriteString("#tt.sparse<" + ir.QuoteString(a.Format.String()))
	if a.IsBlock() {
		p.WriteString(fmt.Sprintf(", block = [%d, %d]", a.Block[0], a.Block[1]))
	}
	p.WriteString(">")
}

// Equal compares formats and blocks.
func (a SparseAttr) Equal(o ir.Attribute) bool {
	b, ok := o.(SparseAttr)
	return ok && a == b
}

// VerifyEncoding implements ir.EncodingVerifier: a #tt.sparse tensor is
// rank 2 with f16, bf16, f8E4M3FN, f8E5M2 or i8 elements (or pointers to them) and its compressed
// (last) dimension is a multiple of 4, so that every row splits into whole
// 2:4 groups. A BSR24 tensor is one block: its shape is the block's.
func (a SparseAttr) VerifyEncoding(shape []int64, elem ir.Type) error {
	if len(shape) != 2 {
		return fmt.Errorf("%s requires a rank-2 tensor, got rank %d", ir.AttrString(a), len(shape))
	}
	e := elem
	if pt, ok := elem.(PointerType); ok {
		e = pt.Pointee
	}
	if !SparseElemOK(e) {
		return fmt.Errorf("%s requires f16, bf16, f8E4M3FN, f8E5M2 or i8 elements, got %s", ir.AttrString(a), ir.TypeString(elem))
	}
	if shape[1]%4 != 0 {
		return fmt.Errorf("%s requires the compressed (last) dimension to be a multiple of 4, got %d", ir.AttrString(a), shape[1])
	}
	if a.IsBlock() && !isHalf(e) {
		return fmt.Errorf("%s requires f16 or bf16 elements, got %s", ir.AttrString(a), ir.TypeString(elem))
	}
	if a.IsBlock() && (shape[0] != a.Block[0] || shape[1] != a.Block[1]) {
		return fmt.Errorf("%s is the encoding of one %dx%d block, got a %dx%d tensor", ir.AttrString(a), a.Block[0], a.Block[1], shape[0], shape[1])
	}
	return nil
}

// SparseElemOK reports whether t is an element type of 2:4 operands: the
// 16-bit floats of mma.sp m16n8k32 and the 8-bit types of m16n8k64.
func SparseElemOK(t ir.Type) bool {
	switch x := t.(type) {
	case ir.FloatType:
		return x.Kind == ir.F16 || x.Kind == ir.BF16 || x.Kind == ir.F8E4M3FN || x.Kind == ir.F8E5M2
	case ir.IntegerType:
		return x.Width == 8 && x.Sign == ir.Signless
	}
	return false
}

func verifyPointerEncoding(pointee ir.Type, enc ir.Attribute) error {
	sp, ok := enc.(SparseAttr)
	if !ok {
		return fmt.Errorf("expected #tt.sparse pointer encoding, got %s", ir.AttrString(enc))
	}
	if !SparseElemOK(pointee) {
		return fmt.Errorf("%s pointer requires an f16, bf16, f8E4M3FN, f8E5M2 or i8 pointee, got %s", ir.AttrString(sp), ir.TypeString(pointee))
	}
	if sp.IsBlock() && !isHalf(pointee) {
		return fmt.Errorf("%s pointer requires an f16 or bf16 pointee, got %s", ir.AttrString(sp), ir.TypeString(pointee))
	}
	return nil
}

func parseSparse(p ir.AsmParser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	loc := p.Loc()
	s, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	v, ok := sparsityKind.lookup(s)
	if !ok {
		return nil, ir.Errorf(loc, "unsupported sparsity format %s in #tt.sparse: only \"NV24\" and \"BSR24\" are supported", ir.QuoteString(s))
	}
	a := SparseAttr{Format: SparsityFormat(v)}
	if !a.IsBlock() {
		if p.PeekPunct(",") {
			return nil, p.Errorf("#tt.sparse<\"NV24\"> takes no parameters")
		}
		return a, p.ParsePunct(">")
	}
	if !p.PeekPunct(",") {
		return nil, p.Errorf("#tt.sparse<\"BSR24\"> needs its block size: #tt.sparse<\"BSR24\", block = [BM, BK]>")
	}
	if a.Block, err = parseBlock(p); err != nil {
		return nil, err
	}
	return a, p.ParsePunct(">")
}

// parseBlock parses `, block = [BM, BK]` with positive multiples of 16.
func parseBlock(p ir.AsmParser) ([2]int64, error) {
	var b [2]int64
	if err := p.ParsePunct(","); err != nil {
		return b, err
	}
	if err := p.ParseKeyword("block"); err != nil {
		return b, err
	}
	if err := p.ParsePunct("="); err != nil {
		return b, err
	}
	if err := p.ParsePunct("["); err != nil {
		return b, err
	}
	for i := range b {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return b, err
			}
		}
		loc := p.Loc()
		n, err := p.ParseInteger()
		if err != nil {
			return b, err
		}
		if n <= 0 || n%16 != 0 || n > maxBlockDim {
			return b, ir.Errorf(loc, "BSR24 block dimension %d must be a positive multiple of 16 (at most %d)", n, maxBlockDim)
		}
		b[i] = n
	}
	return b, p.ParsePunct("]")
}

// IsSparseTensor reports whether t is a ranked tensor with a #tt.sparse encoding.
func IsSparseTensor(t ir.Type) bool {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		return false
	}
	_, ok = rt.Encoding.(SparseAttr)
	return ok
}

// SparseEncodingOf returns the #tt.sparse encoding of a sparse tensor,
// sparse pointer or block pointer to a sparse tensor.
func SparseEncodingOf(t ir.Type) (SparseAttr, bool) {
	switch x := t.(type) {
	case ir.RankedTensorType:
		a, ok := x.Encoding.(SparseAttr)
		return a, ok
	case PointerType:
		if a, ok := x.Encoding.(SparseAttr); ok {
			return a, true
		}
		return SparseEncodingOf(x.Pointee)
	}
	return SparseAttr{}, false
}

// IsBlockSparse reports whether t is a tensor, pointer or block pointer
// with the BSR24 encoding.
func IsBlockSparse(t ir.Type) bool {
	a, ok := SparseEncodingOf(t)
	return ok && a.IsBlock()
}

// IsSparsePointer reports whether t is `!tt.ptr<T, #tt.sparse<...>>`.
func IsSparsePointer(t ir.Type) bool {
	pt, ok := t.(PointerType)
	if !ok {
		return false
	}
	_, ok = pt.Encoding.(SparseAttr)
	return ok
}

// IsSparseTensorPointer reports whether t is a block pointer to a sparse
// tensor, `!tt.ptr<tensor<…, #tt.sparse<...>>>`.
func IsSparseTensorPointer(t ir.Type) bool {
	pt, ok := t.(PointerType)
	return ok && IsSparseTensor(pt.Pointee)
}

// ValuesShape returns the shape of the compressed values of a sparse tensor
// shape: [s0, s1/2] (rank 2; the last dimension is the compressed one).
func ValuesShape(shape []int64) []int64 {
	out := append([]int64(nil), shape...)
	if len(out) > 0 {
		out[len(out)-1] /= 2
	}
	return out
}

// MetadataShape returns the shape of the i16 metadata of a sparse tensor
// shape [s0, s1]: [s0/16, s1] (sparse-fork.md §3.3).
func MetadataShape(shape []int64) []int64 {
	out := append([]int64(nil), shape...)
	if len(out) >= 2 {
		out[len(out)-2] /= 16
	}
	return out
}

// AttrMetadataLayout is the argument attribute with which
// decompose-sparse-tensors records the layout (a sparse.Layout name) in
// which a kernel reads a metadata argument it addresses with pointer
// tensors ("natural", "band16t"); absent means band16.
const AttrMetadataLayout = "sp.metadata_layout"

// AttrBlockSparse is the argument attribute with which
// decompose-sparse-tensors marks the index arguments of a BSR24 operand:
// "indptr" or "indices" (docs/sparse.md §10).
const AttrBlockSparse = "sp.block_sparse"

// AttrBlockShape is the argument attribute (array<i32: BM, BK>) with which
// decompose-sparse-tensors records the block of a BSR24 operand on its
// values argument.
const AttrBlockShape = "sp.block"

// MetadataElem is the element type of sparsity metadata (i16).
var MetadataElem = ir.I16

// SparseValuesType returns the dense values tensor type of a sparse tensor
// type: values shape, same element, no encoding. Dense types are returned
// unchanged.
func SparseValuesType(t ir.RankedTensorType) ir.RankedTensorType {
	if !IsSparseTensor(t) {
		return t
	}
	return ir.NewTensor(ValuesShape(t.Shape), t.Elem)
}

// LoadResultType is the type tt.load produces from pointer type ptr:
// a tensor of pointers gives the tensor of pointees (same shape and
// encoding), a block pointer its pointee tensor (a sparse block pointer the
// logical sparse tensor), a scalar pointer its pointee. A rank-2 tensor of
// 2:4 pointers (tensor<MxKx!tt.ptr<T, #tt.sparse<"NV24">>>, no tensor
// encoding) gives the logical sparse tensor tensor<MxKxT, #tt.sparse<"NV24">>.
func LoadResultType(ptr ir.Type) (ir.Type, bool) {
	switch x := ptr.(type) {
	case PointerType:
		return x.Pointee, true
	case ir.RankedTensorType:
		if pt, ok := x.Elem.(PointerType); ok {
			if IsSparsePointer(pt) && x.Encoding == nil && len(x.Shape) == 2 {
				return ir.NewTensor(x.Shape, pt.Pointee).WithEncoding(Sparse()), true
			}
			return x.WithElem(pt.Pointee), true
		}
	}
	return nil, false
}

// StoreValueType is the value type tt.store expects for pointer type ptr
// (getMaybeSparsePointeeType): like LoadResultType, except that a sparse
// block pointer or a sparse tensor of pointers takes a dense values-shaped
// tensor without encoding.
func StoreValueType(ptr ir.Type) (ir.Type, bool) {
	switch x := ptr.(type) {
	case PointerType:
		if rt, ok := x.Pointee.(ir.RankedTensorType); ok {
			return SparseValuesType(rt), true
		}
		return x.Pointee, true
	case ir.RankedTensorType:
		pt, ok := x.Elem.(PointerType)
		if !ok {
			return nil, false
		}
		if _, sparse := x.Encoding.(SparseAttr); sparse {
			return ir.NewTensor(ValuesShape(x.Shape), pt.Pointee), true
		}
		return x.WithElem(pt.Pointee), true
	}
	return nil, false
}

// MaskType returns the i1 mask type matching value type t (same shape and
// encoding), or i1 for scalars.
func MaskType(t ir.Type) ir.Type {
	if rt, ok := t.(ir.RankedTensorType); ok {
		return rt.WithElem(ir.I1)
	}
	return ir.I1
}

func isHalf(t ir.Type) bool {
	ft, ok := t.(ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16)
}
