package sparse

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
)

// BlockSparse is an M x K operand A in the BSR24 format
// (#tt.sparse<"BSR24", block = [BM, BK]>, docs/sparse.md §10): the matrix,
// zero-padded to whole BM x BK blocks, is a grid of BlockRows() x
// BlockCols() blocks; the blocks that are not all zero are stored, each 2:4
// along K.
//
//   - Indptr (BlockRows()+1 entries): the stored blocks of block row r are
//     entries Indptr[r] .. Indptr[r+1]-1 of Indices and of the stacked
//     blocks (as in CSR/BSR).
//   - Indices (nnzb+1 entries): the block column of each stored block,
//     increasing within a row, then one trailing entry equal to
//     BlockCols(), so that a kernel may read the entry after a row's last
//     one without a bound check.
//   - Stored: the stored blocks stacked in that order, an nnzb*BM x BK
//     matrix, compressed as one 2:4 operand A in the Band16 layout: values
//     nnzb*BM x BK/2 and metadata [nnzb*BM/16, BK]; block i's values are
//     rows i*BM.. of the values and its metadata rows i*BM/16.. of the
//     metadata (band16 tiles by 16 rows, and BM is a multiple of 16).
type BlockSparse struct {
	Rows, Cols int // logical M x K
	BM, BK     int
	Indptr     []int32
	Indices    []int32
	Stored     *Compressed
}

// BlockRows is the number of block rows, cdiv(M, BM).
func (b *BlockSparse) BlockRows() int { return cdiv(b.Rows, b.BM) }

// BlockCols is the number of block columns, cdiv(K, BK).
func (b *BlockSparse) BlockCols() int { return cdiv(b.Cols, b.BK) }

// NumStored is the number of stored blocks (nnzb).
func (b *BlockSparse) NumStored() int { return len(b.Indices) - 1 }

// ZeroFraction is the fraction of blocks that are not stored.
func (b *BlockSparse) ZeroFraction() float64 {
	n := b.BlockRows() * b.BlockCols()
	if n == 0 {
		return 0
	}
	return 1 - float64(b.NumStored())/float64(n)
}

func cdiv(a, b int) int { return (a + b - 1) / b }

// checkBlock validates a block shape for BSR24.
func checkBlock(bm, bk int) error {
	if bm <= 0 || bk <= 0 || bm%16 != 0 || bk%16 != 0 {
		return fmt.Errorf("BSR24 block %dx%d: both dimensions must be positive multiples of 16", bm, bk)
	}
	return nil
}

// PruneBlocks returns a copy of the M x K matrix a in which the blocks
// (BM x BK, the last row and column of blocks partial for ragged shapes)
// with the smallest sums of magnitudes are set to zero: round(frac*n) of
// the n blocks, ties broken by the lower block index (row-major). Blocks
// already all zero count (they have sum 0). frac is in [0, 1].
func PruneBlocks(a Matrix, bm, bk int, frac float64) (Matrix, error) {
	if err := a.check(); err != nil {
		return Matrix{}, err
	}
	if err := checkBlock(bm, bk); err != nil {
		return Matrix{}, err
	}
	if !(frac >= 0 && frac <= 1) {
		return Matrix{}, fmt.Errorf("fraction of zero blocks %v is not in [0, 1]", frac)
	}
	br, bc := cdiv(a.Rows, bm), cdiv(a.Cols, bk)
	type blk struct {
		i   int
		sum float64
	}
	bs := make([]blk, br*bc)
	for i := range bs {
		bs[i].i = i
	}
	mag := blockMagnitude(a.DType)
	e := a.elems()
	for r := range a.Rows {
		row := bs[(r/bm)*bc:]
		for j := range bc {
			var sum float32 // one block row segment: at most bk terms
			for c := j * bk; c < min((j+1)*bk, a.Cols); c++ {
				sum += mag(e.get(r*a.Cols + c))
			}
			row[j].sum += float64(sum)
		}
	}
	sort.SliceStable(bs, func(i, j int) bool { return bs[i].sum < bs[j].sum })
	zero := make([]bool, len(bs))
	for _, b := range bs[:int(math.Round(frac*float64(len(bs))))] {
		zero[b.i] = true
	}
	out := a.Clone()
	sz := a.DType.Size()
	for r := range a.Rows {
		for j := range bc {
			if zero[(r/bm)*bc+j] {
				lo, hi := r*a.Cols+j*bk, r*a.Cols+min((j+1)*bk, a.Cols)
				clear(out.Data[lo*sz : hi*sz])
			}
		}
	}
	return out, nil
}

// blockMagnitude returns |x| of a bit pattern of d, NaN as +Inf; a table for
// the 16-bit types.
func blockMagnitude(d DType) func(uint32) float32 {
	abs := func(b uint32) float32 {
		v := float32(math.Abs(float64(d.ToFloat32(b))))
		if v != v {
			return float32(math.Inf(1))
		}
		return v
	}
	if d.Size() != 2 {
		return abs
	}
	tab := make([]float32, 1<<16)
	for b := range tab {
		tab[b] = abs(uint32(b))
	}
	return func(b uint32) float32 { return tab[b] }
}

// blockIsZero reports whether block (i, j) of the padded matrix p is all
// zero (+0 or -0).
func blockIsZero(p Matrix, bm, bk, i, j int) bool {
	sign, e := p.DType.signMask(), p.elems()
	for r := i * bm; r < (i+1)*bm; r++ {
		lo := r*p.Cols + j*bk
		if p.DType.Size() == 2 { // 8 bytes at a time: 4 elements
			seg := p.Data[2*lo : 2*(lo+bk)]
			for k := 0; k+8 <= len(seg); k += 8 {
				if binary.LittleEndian.Uint64(seg[k:])&^0x8000_8000_8000_8000 != 0 {
					return false
				}
			}
			continue
		}
		for c := lo; c < lo+bk; c++ {
			if e.get(c)&^sign != 0 {
				return false
			}
		}
	}
	return true
}

// CompressBlocks stores the M x K matrix a in the BSR24 format with
// BM x BK blocks. All-zero blocks are skipped; every other block must be
// 2:4 along K (a *GroupError names the row and group of a, not of the
// stacked blocks). Ragged M and K are zero-padded to whole blocks.
func CompressBlocks(a Matrix, bm, bk int) (*BlockSparse, error) {
	if err := a.check(); err != nil {
		return nil, err
	}
	if err := checkBlock(bm, bk); err != nil {
		return nil, err
	}
	out := &BlockSparse{Rows: a.Rows, Cols: a.Cols, BM: bm, BK: bk}
	br, bc := out.BlockRows(), out.BlockCols()
	p := a.Padded(br*bm, bc*bk)
	out.Indptr = make([]int32, 1, br+1)
	var where [][2]int // block (i, j) of each stored block
	for i := range br {
		for j := range bc {
			if !blockIsZero(p, bm, bk, i, j) {
				out.Indices = append(out.Indices, int32(j))
				where = append(where, [2]int{i, j})
			}
		}
		out.Indptr = append(out.Indptr, int32(len(out.Indices)))
	}
	out.Indices = append(out.Indices, int32(bc))
	stacked := NewMatrix(a.DType, len(where)*bm, bk)
	sz := a.DType.Size()
	for s, w := range where {
		for r := range bm {
			src := ((w[0]*bm+r)*p.Cols + w[1]*bk) * sz
			copy(stacked.Data[(s*bm+r)*bk*sz:], p.Data[src:src+bk*sz])
		}
	}
	c, err := Compress(stacked, Band16)
	if err != nil {
		if ge, ok := err.(*GroupError); ok {
			w := where[ge.Line/bm]
			g := *ge
			g.Line, g.Group = w[0]*bm+ge.Line%bm, (w[1]*bk)/GroupSize+ge.Group
			return nil, &g
		}
		return nil, err
	}
	out.Stored = c
	return out, nil
}

// PruneBSR24 prunes every group of a to 2:4 (Prune) after zeroing the
// fraction frac of its blocks (PruneBlocks): the dense matrix that
// CompressBlocks then stores without loss.
func PruneBSR24(a Matrix, bm, bk int, frac float64) (Matrix, error) {
	z := a
	if frac != 0 {
		var err error
		if z, err = PruneBlocks(a, bm, bk, frac); err != nil {
			return Matrix{}, err
		}
	} else if err := checkBlock(bm, bk); err != nil {
		return Matrix{}, err
	}
	if z.Cols%GroupSize != 0 { // Prune needs whole groups: pad, prune, crop
		p, err := Prune(z.Padded(z.Rows, cdiv(z.Cols, GroupSize)*GroupSize))
		if err != nil {
			return Matrix{}, err
		}
		return p.Cropped(z.Rows, z.Cols), nil
	}
	return Prune(z)
}

// Decompress rebuilds the dense M x K matrix.
func (b *BlockSparse) Decompress() (Matrix, error) {
	if err := b.check(); err != nil {
		return Matrix{}, err
	}
	st, err := Decompress(b.Stored)
	if err != nil {
		return Matrix{}, err
	}
	br, bc := b.BlockRows(), b.BlockCols()
	p := NewMatrix(st.DType, br*b.BM, bc*b.BK)
	for i := range br {
		for s := b.Indptr[i]; s < b.Indptr[i+1]; s++ {
			j := int(b.Indices[s])
			for r := range b.BM {
				for c := range b.BK {
					p.SetBits(i*b.BM+r, j*b.BK+c, st.Bits(int(s)*b.BM+r, c))
				}
			}
		}
	}
	return p.Cropped(b.Rows, b.Cols), nil
}

// check validates the index arrays against the shapes.
func (b *BlockSparse) check() error {
	if err := checkBlock(b.BM, b.BK); err != nil {
		return err
	}
	br, bc := b.BlockRows(), b.BlockCols()
	if len(b.Indptr) != br+1 || b.Indptr[0] != 0 {
		return fmt.Errorf("BSR24 indptr has %d entries starting at %d, want %d starting at 0", len(b.Indptr), b.Indptr[0], br+1)
	}
	n := len(b.Indices) - 1
	if n < 0 || int(b.Indptr[br]) != n || b.Indices[n] != int32(bc) {
		return fmt.Errorf("BSR24 indices must hold indptr[last] = %d entries and a trailing %d", b.Indptr[br], bc)
	}
	for i := range br {
		if b.Indptr[i+1] < b.Indptr[i] {
			return fmt.Errorf("BSR24 indptr decreases at block row %d", i)
		}
		for s := b.Indptr[i]; s < b.Indptr[i+1]; s++ {
			if j := b.Indices[s]; j < 0 || int(j) >= bc || (s > b.Indptr[i] && j <= b.Indices[s-1]) {
				return fmt.Errorf("BSR24 indices of block row %d are not increasing block columns below %d", i, bc)
			}
		}
	}
	if b.Stored == nil || b.Stored.Rows != n*b.BM || b.Stored.Cols != b.BK || b.Stored.Operand != OperandA {
		return fmt.Errorf("BSR24 stored blocks must be a %dx%d operand A", n*b.BM, b.BK)
	}
	return nil
}

// Int32Bytes returns v as little-endian bytes, as a kernel reads it.
func Int32Bytes(v []int32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		u := uint32(x)
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(u), byte(u>>8), byte(u>>16), byte(u>>24)
	}
	return out
}
