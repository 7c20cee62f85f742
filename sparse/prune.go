package sparse

import (
	"encoding/binary"
	"fmt"
)

// Operand says along which dimension a matrix is 2:4 sparse.
type Operand uint8

const (
	// OperandA is an M x K left operand, 2:4 along K: groups are four
	// consecutive columns of one row.
	OperandA Operand = iota
	// OperandB is a K x N right operand, 2:4 along K: groups are four
	// consecutive rows of one column.
	OperandB
)

// String returns "A" or "B".
func (o Operand) String() string {
	if o == OperandB {
		return "B"
	}
	return "A"
}

// checkGroups reports a malformed matrix or a compressed dimension that is
// not a multiple of GroupSize.
func checkGroups(m Matrix, o Operand) error {
	if err := m.check(); err != nil {
		return err
	}
	k, what := m.Cols, "columns"
	if o == OperandB {
		k, what = m.Rows, "rows"
	}
	if k%GroupSize != 0 {
		return fmt.Errorf("2:4 operand %v needs a multiple of %d %s (K), got %d", o, GroupSize, what, k)
	}
	return nil
}

// Prune returns a copy of the M x K matrix a in which every group of four
// consecutive elements of a row keeps its two elements of largest
// magnitude and the other two are set to +0. Ties keep the lower column
// index; NaN counts as larger than any number (so it is kept, never
// hidden). K must be a multiple of 4.
func Prune(a Matrix) (Matrix, error) {
	if err := checkGroups(a, OperandA); err != nil {
		return Matrix{}, err
	}
	p := a.Clone()
	e, sign := p.elems(), p.DType.signMask()
	if e.size == 2 {
		prune16(p.Data)
		return p, nil
	}
	for i := range p.Rows * p.Cols / GroupSize {
		pruneGroup(e, i, sign)
	}
	return p, nil
}

// PruneB is Prune for a K x N matrix whose groups are four consecutive rows
// of one column: PruneB(b) = Prune(bᵀ)ᵀ. Ties keep the lower row index.
func PruneB(b Matrix) (Matrix, error) {
	if err := checkGroups(b, OperandB); err != nil {
		return Matrix{}, err
	}
	p, err := Prune(b.Transpose())
	if err != nil {
		return Matrix{}, err
	}
	return p.Transpose(), nil
}

// pruneGroup zeroes the two elements of smallest magnitude in flat group i.
func pruneGroup(e elems, i int, sign uint32) {
	g := e.group(i)
	keep := uint32(keepMask(g, sign))
	for j := range g {
		g[j] &= -(keep >> j & 1) // all ones if kept, else 0
	}
	e.setGroup(i, g)
}

// prune16 is pruneGroup for 16-bit elements, one 64-bit word per group.
func prune16(data []byte) {
	for i := 0; i+8 <= len(data); i += 8 {
		x := binary.LittleEndian.Uint64(data[i:])
		g := [GroupSize]uint32{uint32(x) & 0xffff, uint32(x>>16) & 0xffff, uint32(x>>32) & 0xffff, uint32(x >> 48)}
		binary.LittleEndian.PutUint64(data[i:], x&laneMask16[keepMask(g, 0x8000)])
	}
}

// laneMask16 expands a keep mask to a mask of 16-bit lanes.
var laneMask16 = func() (t [16]uint64) {
	for keep := range t {
		for j := range GroupSize {
			if keep&(1<<j) != 0 {
				t[keep] |= 0xffff << (16 * j)
			}
		}
	}
	return t
}()

// keepMask returns bit j set iff element j of g is among the two kept:
// element j is kept iff fewer than two elements beat it, where x beats y if
// |x| > |y|, or |x| == |y| and x comes first. The six pairwise outcomes
// index keepTable.
func keepMask(g [GroupSize]uint32, sign uint32) uint8 {
	var m [GroupSize]uint32
	for j, b := range g {
		m[j] = magnitude(b, sign)
	}
	// Bit p is set iff the later element of pairs[p] beats the earlier.
	idx := b2i(m[1] > m[0]) | b2i(m[2] > m[0])<<1 | b2i(m[3] > m[0])<<2 |
		b2i(m[2] > m[1])<<3 | b2i(m[3] > m[1])<<4 | b2i(m[3] > m[2])<<5
	return keepTable[idx]
}

// pairs lists the index pairs (j, k), j < k, in the bit order of keepTable.
var pairs = [6][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}

// keepTable maps the six pairwise outcomes to the keep mask.
var keepTable = func() (t [64]uint8) {
	for idx := range t {
		var beaten [GroupSize]int
		for p, pair := range pairs {
			if idx&(1<<p) != 0 {
				beaten[pair[0]]++
			} else {
				beaten[pair[1]]++
			}
		}
		for j, n := range beaten {
			if n < 2 {
				t[idx] |= 1 << j
			}
		}
	}
	return t
}()

// b2i is 1 for true, 0 for false (compiled without a branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
