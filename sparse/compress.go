package sparse

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// Compressed is a 2:4 operand split into kept values and metadata.
//
// For OperandA (Rows x Cols = M x K): Values is M x K/2 with
// Values(r, 2g) = A(r, 4g+idx0), Values(r, 2g+1) = A(r, 4g+idx1), and Meta
// describes an M x K/16 natural metadata matrix.
//
// For OperandB (Rows x Cols = K x N): Values is K/2 x N with
// Values(2g, n) = B(4g+idx0, n), Values(2g+1, n) = B(4g+idx1, n), and Meta
// is the metadata of Bᵀ as the sparse A operand of Cᵀ = Bᵀ·Aᵀ: an
// N x K/16 natural metadata matrix whose row n describes column n of B.
//
// In both cases Meta holds the metadata matrix stored in Layout.
type Compressed struct {
	Operand    Operand
	Rows, Cols int // logical dense shape: M x K (A) or K x N (B)
	Layout     Layout
	Values     Matrix
	Meta       []int16
}

// MetaShape returns the shape of the natural metadata matrix: (M, K/16)
// for A, (N, K/16) for B.
func (c *Compressed) MetaShape() (rows, cols int) {
	if c.Operand == OperandB {
		return c.Cols, c.Rows / DensePerMeta
	}
	return c.Rows, c.Cols / DensePerMeta
}

// MetaBytes returns Meta as little-endian bytes, as a kernel reads it.
func (c *Compressed) MetaBytes() []byte {
	out := make([]byte, 2*len(c.Meta))
	for i, v := range c.Meta {
		binary.LittleEndian.PutUint16(out[2*i:], uint16(v))
	}
	return out
}

// Compress splits the M x K matrix a, 2:4 along K, into values and
// metadata in layout l. K must be a multiple of 16; l may add constraints
// (Layout.Check). A group with more than two non-zeros is an error (a
// *GroupError, as from Validate); groups with fewer are padded as
// described in doc.go.
func Compress(a Matrix, l Layout) (*Compressed, error) {
	if err := checkCompress(a, OperandA, l); err != nil {
		return nil, err
	}
	vals, meta, err := compressRows(a, OperandA)
	if err != nil {
		return nil, err
	}
	return finish(&Compressed{Operand: OperandA, Rows: a.Rows, Cols: a.Cols, Layout: l, Values: vals}, meta)
}

// CompressB splits the K x N matrix b, 2:4 along K, into K/2 x N values
// and the metadata of bᵀ (see Compressed) in layout l. K must be a multiple
// of 16; l may add constraints on N (rows of the metadata) and K.
func CompressB(b Matrix, l Layout) (*Compressed, error) {
	if err := checkCompress(b, OperandB, l); err != nil {
		return nil, err
	}
	vals, meta, err := compressRows(b.Transpose(), OperandB)
	if err != nil {
		return nil, err
	}
	return finish(&Compressed{Operand: OperandB, Rows: b.Rows, Cols: b.Cols, Layout: l, Values: vals.Transpose()}, meta)
}

// finish stores natural metadata in c.Layout.
func finish(c *Compressed, natural []int16) (*Compressed, error) {
	c.Meta = natural
	if c.Layout == Natural {
		return c, nil
	}
	rows, cols := c.MetaShape()
	meta, err := ConvertMeta(natural, rows, cols, Natural, c.Layout)
	if err != nil {
		return nil, err
	}
	c.Meta = meta
	return c, nil
}

// checkCompress checks the matrix and the shape constraints of layout l.
func checkCompress(m Matrix, o Operand, l Layout) error {
	if err := checkGroups(m, o); err != nil {
		return err
	}
	k, metaRows := m.Cols, m.Rows
	if o == OperandB {
		k, metaRows = m.Rows, m.Cols
	}
	if k%DensePerMeta != 0 {
		return fmt.Errorf("compressing operand %v needs K %% %d == 0, got K = %d", o, DensePerMeta, k)
	}
	return l.Check(metaRows, k/DensePerMeta)
}

// compressRows compresses m along its rows (m is bᵀ for operand B) and
// returns the values and the natural metadata.
func compressRows(m Matrix, o Operand) (Matrix, []int16, error) {
	vals := NewMatrix(m.DType, m.Rows, m.Cols/2)
	meta := make([]int16, m.Rows*m.Cols/DensePerMeta)
	src, dst, sign := m.elems(), vals.elems(), m.DType.signMask()
	groups := m.Cols / GroupSize
	for r := range m.Rows {
		for g := range groups {
			i := r*groups + g
			nib, err := compressGroup(src, dst, i, sign)
			if err != nil {
				return Matrix{}, nil, &GroupError{Operand: o, Line: r, Group: g, NonZeros: err.nonZeros}
			}
			meta[i/4] |= int16(nib << (4 * (i % 4)))
		}
	}
	return vals, meta, nil
}

// tooDense is the internal failure of compressGroup.
type tooDense struct{ nonZeros int }

// compressGroup encodes flat group i of src: it writes the two named
// values to dst elements 2i, 2i+1 and returns the metadata nibble.
func compressGroup(src, dst elems, i int, sign uint32) (uint16, *tooDense) {
	g := src.group(i)
	mask := nonZeroMask(g, sign)
	p := positions[mask]
	if !p.ok {
		return 0, &tooDense{bits.OnesCount8(mask)}
	}
	dst.set(2*i, g[p.idx0])
	dst.set(2*i+1, g[p.idx1])
	return nibble(p.idx0, p.idx1), nil
}

// Decompress rebuilds the dense matrix (M x K for A, K x N for B) from c.
// Positions not named by the metadata are +0. It checks the shapes and
// that every metadata nibble names two increasing positions.
func Decompress(c *Compressed) (Matrix, error) {
	if err := c.check(); err != nil {
		return Matrix{}, err
	}
	rows, cols := c.MetaShape()
	meta, err := ConvertMeta(c.Meta, rows, cols, c.Layout, Natural)
	if err != nil {
		return Matrix{}, err
	}
	vals := c.Values
	if c.Operand == OperandB {
		vals = vals.Transpose()
	}
	d, err := decompressRows(vals, meta, c.Operand)
	if err != nil || c.Operand == OperandA {
		return d, err
	}
	return d.Transpose(), nil
}

// check validates the shapes of c.
func (c *Compressed) check() error {
	if c.Operand != OperandA && c.Operand != OperandB {
		return fmt.Errorf("invalid operand %d", c.Operand)
	}
	if err := c.Values.check(); err != nil {
		return fmt.Errorf("values: %w", err)
	}
	if c.Rows < 0 || c.Cols < 0 {
		return fmt.Errorf("invalid shape %dx%d", c.Rows, c.Cols)
	}
	k := c.Cols
	wantR, wantC := c.Rows, c.Cols/2
	if c.Operand == OperandB {
		k, wantR, wantC = c.Rows, c.Rows/2, c.Cols
	}
	if k%DensePerMeta != 0 {
		return fmt.Errorf("compressed operand %v needs K %% %d == 0, got K = %d", c.Operand, DensePerMeta, k)
	}
	if c.Values.Rows != wantR || c.Values.Cols != wantC {
		return fmt.Errorf("operand %v of shape %dx%d needs %dx%d values, got %dx%d",
			c.Operand, c.Rows, c.Cols, wantR, wantC, c.Values.Rows, c.Values.Cols)
	}
	return nil
}

// decompressRows expands values (R x K/2) with natural metadata into R x K.
func decompressRows(vals Matrix, meta []int16, o Operand) (Matrix, error) {
	d := NewMatrix(vals.DType, vals.Rows, 2*vals.Cols)
	src, dst := vals.elems(), d.elems()
	groups := d.Cols / GroupSize
	for r := range d.Rows {
		for g := range groups {
			i := r*groups + g
			nib := uint16(meta[i/4]) >> (4 * (i % 4)) & 0xf
			idx0, idx1, err := unpackNibble(nib)
			if err != nil {
				return Matrix{}, fmt.Errorf("%s %d, group %d: %w", lineName(o), r, g, err)
			}
			dst.set(GroupSize*i+idx0, src.get(2*i))
			dst.set(GroupSize*i+idx1, src.get(2*i+1))
		}
	}
	return d, nil
}

func lineName(o Operand) string {
	if o == OperandB {
		return "column"
	}
	return "row"
}

// WithLayout returns a copy of c whose metadata is stored in layout l.
func (c *Compressed) WithLayout(l Layout) (*Compressed, error) {
	rows, cols := c.MetaShape()
	meta, err := ConvertMeta(c.Meta, rows, cols, c.Layout, l)
	if err != nil {
		return nil, err
	}
	out := *c
	out.Layout, out.Values, out.Meta = l, c.Values.Clone(), meta
	return &out, nil
}
