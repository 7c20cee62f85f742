package sparse

import "fmt"

// Layout names the order in which the int16 metadata elements of an
// M x K 2:4 operand are stored. Both layouts hold the same M * K/16 int16
// values; they differ only in where natural element (r, c) (row r, dense
// columns 16c..16c+15) is stored. The zero value is invalid.
//
// The names returned by String are stable: kernel manifests and sp-run
// refer to layouts by them.
type Layout uint8

const (
	// Natural ("natural"): row-major M x K/16; element (r, c) at r*K/16 + c
	// (ptx.md §5.1).
	Natural Layout = iota + 1
	// CutlassSM80 ("cutlass-sm80"): CUTLASS's sm80 reorder_meta followed by
	// ColumnMajorInterleaved<2> (ptx.md §5.3); needs M%32 == 0 and K%32 == 0.
	CutlassSM80
	// Band16 ("band16"): the layout of the [M/16, K] i16 metadata tensor
	// that decompose-sparse-tensors produces. Each band of 16 rows of A is
	// one row of the tensor; inside it, the 16 words of K-chunk c (dense
	// columns 16c..16c+15) are contiguous, rows interleaved in pairs
	// (r, r+8): element (r, c) is at
	//
	//	(r/16)*16*metaCols + 16*c + 2*(r%8) + (r%16)/8
	//
	// Two properties follow. A K range [k0, k0+BK) of A (k0, BK multiples of
	// 16) is exactly the column range [k0, k0+BK) of the tensor, so block
	// pointers tile it with offsets [O0/16, O1]. And the 32-bit metadata
	// register of lane (g = lane/4, t = lane%4) of an m16n8k32 instruction
	// over K-chunks 2j, 2j+1 (ptx.md §1.5: word of row g in the low half,
	// row g+8 in the high half, chunk 2j + t%2) is one aligned 32-bit word:
	// the one at column 16*(2j + t%2) + 2g of the band's row.
	// Needs M % 16 == 0.
	Band16
	// Band16T ("band16t"): the band16 matrix stored transposed, as a
	// [metaCols*16, M/16] i16 matrix: band16 element (b, q) (band b, column
	// q) is at q*(M/16) + b. It is the layout in which a kernel that
	// addresses a 2:4 operand B (whose metadata is that of Bᵀ, M = N) with
	// pointer tensors reads it: the word at (k, n/16) is (k*N + n)/16 for
	// the dense offset k*N + n of element (k, n), so the metadata pointers
	// derive from B's own offsets. Needs M % 16 == 0.
	Band16T
)

// layoutNames is the one place where Layout spellings live.
var layoutNames = [...]string{Natural: "natural", CutlassSM80: "cutlass-sm80", Band16: "band16", Band16T: "band16t"}

// String returns the stable name of l, or "Layout(n)" for an invalid value.
func (l Layout) String() string {
	if l.valid() {
		return layoutNames[l]
	}
	return fmt.Sprintf("Layout(%d)", uint8(l))
}

// ParseLayout is the inverse of String for valid layouts.
func ParseLayout(s string) (Layout, error) {
	for l, name := range layoutNames {
		if name != "" && name == s {
			return Layout(l), nil
		}
	}
	return 0, fmt.Errorf("unknown metadata layout %q (want natural, cutlass-sm80, band16 or band16t)", s)
}

// MarshalText implements encoding.TextMarshaler with the String name.
func (l Layout) MarshalText() ([]byte, error) {
	if !l.valid() {
		return nil, fmt.Errorf("invalid metadata layout %v", l)
	}
	return []byte(l.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler via ParseLayout.
func (l *Layout) UnmarshalText(b []byte) error {
	v, err := ParseLayout(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

func (l Layout) valid() bool { return l >= Natural && l <= Band16T }

// Check reports whether a rows x metaCols natural metadata matrix (metaCols
// = K/16) can be stored in layout l.
func (l Layout) Check(rows, metaCols int) error {
	if !l.valid() {
		return fmt.Errorf("invalid metadata layout %v", l)
	}
	if rows < 0 || metaCols < 0 {
		return fmt.Errorf("invalid metadata shape %dx%d", rows, metaCols)
	}
	if l == CutlassSM80 && (rows%32 != 0 || metaCols%2 != 0) {
		return fmt.Errorf("layout %v needs rows %% 32 == 0 and K %% 32 == 0, got %d rows and K = %d", l, rows, metaCols*DensePerMeta)
	}
	if (l == Band16 || l == Band16T) && rows%16 != 0 {
		return fmt.Errorf("layout %v needs rows %% 16 == 0, got %d rows", l, rows)
	}
	return nil
}

// Offset returns the index in the stored []int16 of natural metadata
// element (r, c) of a rows x metaCols matrix in layout l. The caller
// ensures 0 <= r < rows, 0 <= c < metaCols and l.Check(rows, metaCols) == nil.
func (l Layout) Offset(rows, metaCols, r, c int) int {
	switch l {
	case CutlassSM80:
		return cutlassSM80Offset(rows, r, c)
	case Band16:
		return (r/16)*16*metaCols + 16*c + 2*(r%8) + (r%16)/8
	case Band16T:
		return (16*c+2*(r%8)+(r%16)/8)*(rows/16) + r/16
	}
	return r*metaCols + c
}

// cutlassSM80Offset is the closed form of ptx.md §5.3 for 16-bit metadata:
// rows are reordered within 32-row blocks (a = (r%32)/8, b = r%8), bit 0
// of the row and of the column are exchanged, and pairs of columns are
// stored column-major interleaved by 2.
func cutlassSM80Offset(rows, r, c int) int {
	a, b, base := (r%32)>>3, r%8, r&^31
	return (c>>1)*2*rows + 2*base + 8*b + 4*(a>>1) + 2*(c&1) + (a & 1)
}

// ConvertMeta returns meta (a rows x metaCols metadata matrix stored in
// layout from) stored in layout to. The input is not modified.
func ConvertMeta(meta []int16, rows, metaCols int, from, to Layout) ([]int16, error) {
	for _, l := range []Layout{from, to} {
		if err := l.Check(rows, metaCols); err != nil {
			return nil, err
		}
	}
	if len(meta) != rows*metaCols {
		return nil, fmt.Errorf("%dx%d metadata needs %d int16, has %d", rows, metaCols, rows*metaCols, len(meta))
	}
	out := make([]int16, len(meta))
	for r := range rows {
		for c := range metaCols {
			out[to.Offset(rows, metaCols, r, c)] = meta[from.Offset(rows, metaCols, r, c)]
		}
	}
	return out, nil
}
