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
	// Band16K32 ("band16k32"): band16 for 8-bit operands (e4m3, e5m2, i8),
	// the [M/16, K] i16 tensor whose 32-bit words are the metadata
	// registers of mma.sp m16n8k64 and wgmma.mma_async.sp m64nNk64. Each
	// band of 16 rows is one row of the tensor; inside it the 32 words of
	// the K-pair p (dense columns 32p..32p+31, natural columns 2p and 2p+1)
	// are contiguous, row by row, the two words of one row adjacent:
	// element (r, c) is at
	//
	//	(r/16)*16*metaCols + 32*(c/2) + 2*(r%16) + c%2
	//
	// As for band16, a K range [k0, k0+BK) (k0, BK multiples of 32) is the
	// column range [k0, k0+BK) of the tensor and rows tile by 16, so block
	// pointers use the same offsets [O0/16, O1]. The register of lane
	// (g, t) of the k64 step over dense columns 64j..64j+63 (ptx.md §1.5:
	// row r = g + 8*(t&1), 32 columns 32*(2j + t>>1), eight nibbles, the
	// lower word in the low half) is the aligned 32-bit word at column
	// 64j + 32*(t>>1) + 2*r of the band's row. Needs M % 16 == 0 and
	// K % 32 == 0.
	Band16K32
	// Band16K32T ("band16k32t"): band16k32 stored transposed, [metaCols*16,
	// M/16] (element (b, q) at q*(M/16) + b), for pointer-tensor kernels
	// with an 8-bit 2:4 operand B, as Band16T is for 16-bit ones.
	Band16K32T
)

// layoutNames is the one place where Layout spellings live.
var layoutNames = [...]string{Natural: "natural", CutlassSM80: "cutlass-sm80", Band16: "band16", Band16T: "band16t", Band16K32: "band16k32", Band16K32T: "band16k32t"}

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
	return 0, fmt.Errorf("unknown metadata layout %q (want natural, cutlass-sm80, band16, band16t, band16k32 or band16k32t)", s)
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

func (l Layout) valid() bool { return l >= Natural && l <= Band16K32T }

// For8Bit returns the layout that 8-bit operands use in place of l: the
// band16 layouts become their band16k32 forms; the others are unchanged
// (natural metadata is already per row, its 32-bit words the m16n8k64
// registers when K % 32 == 0).
func (l Layout) For8Bit() Layout {
	switch l {
	case Band16:
		return Band16K32
	case Band16T:
		return Band16K32T
	}
	return l
}

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
	if (l == Band16 || l == Band16T || l == Band16K32 || l == Band16K32T) && rows%16 != 0 {
		return fmt.Errorf("layout %v needs rows %% 16 == 0, got %d rows", l, rows)
	}
	if (l == Band16K32 || l == Band16K32T) && metaCols%2 != 0 {
		return fmt.Errorf("layout %v needs K %% 32 == 0, got K = %d", l, metaCols*DensePerMeta)
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
	case Band16K32:
		return (r/16)*16*metaCols + Band16K32Slot(r, c)
	case Band16K32T:
		return Band16K32Slot(r, c)*(rows/16) + r/16
	}
	return r*metaCols + c
}

// Band16K32Slot is the column, within its band's row of the band16k32
// tensor, of natural element (r, c): 32*(c/2) + 2*(r%16) + c%2.
func Band16K32Slot(r, c int) int { return 32*(c/2) + 2*(r%16) + c%2 }

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
