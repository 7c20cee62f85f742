package sparse

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// example is the row of ptx.md §5.1: its four groups have non-zeros at
// (1,3), (0,1), (2,3), (0,2).
var example = []float32{0, 7, 0, 3, 1, 5, 0, 0, 0, 0, 2, 4, 9, 0, 9, 0}

func TestNaturalExample(t *testing.T) {
	for _, d := range allDTypes {
		c, err := Compress(fromRows(d, [][]float32{example}), Natural)
		if err != nil {
			t.Fatal(err)
		}
		// One int16 packs the four groups (16 dense columns) of one row:
		// nibbles 0b1101, 0b0100, 0b1110, 0b1000 from bit 0 up.
		if want := []int16{-29107}; !slices.Equal(c.Meta, want) {
			t.Errorf("%v: meta = %v (%#04x), want %v", d, c.Meta, uint16(c.Meta[0]), want)
		}
		if uint16(c.Meta[0]) != 0b1000_1110_0100_1101 {
			t.Errorf("%v: meta bits = %016b", d, uint16(c.Meta[0]))
		}
		want := fromRows(d, [][]float32{{7, 3, 1, 5, 2, 4, 9, 9}})
		requireSame(t, c.Values, want, true)
		if got := c.MetaBytes(); !slices.Equal(got, []byte{0x4d, 0x8e}) {
			t.Errorf("%v: MetaBytes = % x, want 4d 8e", d, got)
		}
	}
}

// TestNaturalPacking places the example in different rows and int16
// columns, and checks the padding of all-zero groups (0b1110 each).
func TestNaturalPacking(t *testing.T) {
	zeros := make([]float32, 16)
	a := fromRows(F16, [][]float32{
		append(slices.Clone(example), zeros...),
		append(slices.Clone(zeros), example...),
	})
	c, err := Compress(a, Natural)
	if err != nil {
		t.Fatal(err)
	}
	const ex, empty = -29107, int16(-4370) // 0x8e4d, 0xeeee
	if want := []int16{ex, empty, empty, ex}; !slices.Equal(c.Meta, want) {
		t.Errorf("meta = %#04x, want %#04x", u16s(c.Meta), u16s(want))
	}
	if r, k := c.MetaShape(); r != 2 || k != 2 {
		t.Errorf("MetaShape = %d, %d", r, k)
	}
}

func u16s(v []int16) []uint16 {
	out := make([]uint16, len(v))
	for i, x := range v {
		out[i] = uint16(x)
	}
	return out
}

// TestRoundTrip: decompress(compress(prune(x))) == prune(x) for random
// shapes, every type, both layouts, both operands.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, d := range allDTypes {
		for _, l := range []Layout{Natural, CutlassSM80, Band16, Band16T, Band16K32, Band16K32T} {
			for range 10 {
				m, k := 32*(1+rng.IntN(4)), 32*(1+rng.IntN(4))
				if l == Natural {
					m, k = 1+rng.IntN(70), 16*(1+rng.IntN(8))
				}
				a, _ := Prune(randomMatrix(rng, d, m, k))
				roundTrip(t, a, l, OperandA)
				b, _ := PruneB(randomMatrix(rng, d, k, m))
				roundTrip(t, b, l, OperandB)
			}
		}
	}
}

func roundTrip(t *testing.T, x Matrix, l Layout, o Operand) {
	t.Helper()
	compress := Compress
	if o == OperandB {
		compress = CompressB
	}
	c, err := compress(x, l)
	if err != nil {
		t.Fatalf("%v %v %dx%d %v: %v", o, x.DType, x.Rows, x.Cols, l, err)
	}
	if c.Operand != o || c.Layout != l || c.Rows != x.Rows || c.Cols != x.Cols || len(c.Meta) != x.Rows*x.Cols/16 {
		t.Fatalf("%v: bad header %v %v %dx%d, %d meta", o, c.Operand, c.Layout, c.Rows, c.Cols, len(c.Meta))
	}
	d, err := Decompress(c)
	if err != nil {
		t.Fatalf("%v %v %dx%d %v: decompress: %v", o, x.DType, x.Rows, x.Cols, l, err)
	}
	requireSame(t, d, x, false)
}

// TestSparseBContract checks CompressB against its documented contract:
// K/2 x N values in the B orientation and the metadata of Compress(Bᵀ).
func TestSparseBContract(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, l := range []Layout{Natural, CutlassSM80, Band16, Band16T, Band16K32, Band16K32T} {
		b, _ := PruneB(randomMatrix(rng, BF16, 64, 32)) // K = 64, N = 32
		cb, err := CompressB(b, l)
		if err != nil {
			t.Fatal(err)
		}
		ca, err := Compress(b.Transpose(), l)
		if err != nil {
			t.Fatal(err)
		}
		if cb.Values.Rows != 32 || cb.Values.Cols != 32 {
			t.Fatalf("values %dx%d, want 32x32 (K/2 x N)", cb.Values.Rows, cb.Values.Cols)
		}
		requireSame(t, cb.Values, ca.Values.Transpose(), true)
		if !slices.Equal(cb.Meta, ca.Meta) {
			t.Fatalf("%v: B metadata differs from the metadata of Bᵀ", l)
		}
		if r, k := cb.MetaShape(); r != 32 || k != 4 {
			t.Fatalf("MetaShape = %d, %d, want 32 (N), 4 (K/16)", r, k)
		}
	}
	// Hand case: column 1 of a 16 x 2 B is the §5.1 example.
	b := NewMatrix(F16, 16, 2)
	for k, v := range example {
		b.Set(k, 1, v)
	}
	c, err := CompressB(b, Natural)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int16{-4370, -29107}; !slices.Equal(c.Meta, want) {
		t.Errorf("meta = %v, want %v", c.Meta, want)
	}
	for i, v := range []float32{7, 3, 1, 5, 2, 4, 9, 9} {
		if c.Values.At(i, 1) != v || c.Values.At(i, 0) != 0 {
			t.Errorf("values row %d = %v, %v; want 0, %v", i, c.Values.At(i, 0), c.Values.At(i, 1), v)
		}
	}
}

func TestCompressErrors(t *testing.T) {
	dense := withNonZeros(F16, 32, 32, [2]int{7, 16}, [2]int{7, 17}, [2]int{7, 19})
	tests := []struct {
		name string
		err  func() error
		want string
	}{
		{"too dense A", func() error { _, err := Compress(dense, CutlassSM80); return err },
			"row 7, group 4 (columns 16..19): 3 non-zeros, 2:4 allows at most 2"},
		{"too dense B", func() error { _, err := CompressB(dense.Transpose(), Natural); return err },
			"column 7, group 4 (rows 16..19): 3 non-zeros, 2:4 allows at most 2"},
		{"K not multiple of 16", func() error { _, err := Compress(NewMatrix(F16, 2, 8), Natural); return err },
			"compressing operand A needs K % 16 == 0, got K = 8"},
		{"B K not multiple of 16", func() error { _, err := CompressB(NewMatrix(F16, 24, 2), Natural); return err },
			"compressing operand B needs K % 16 == 0, got K = 24"},
		{"cutlass rows", func() error { _, err := Compress(NewMatrix(F16, 16, 32), CutlassSM80); return err },
			"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 16 rows and K = 32"},
		{"cutlass K", func() error { _, err := Compress(NewMatrix(F16, 32, 16), CutlassSM80); return err },
			"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 32 rows and K = 16"},
		{"cutlass B uses N as rows", func() error { _, err := CompressB(NewMatrix(F16, 32, 16), CutlassSM80); return err },
			"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 16 rows and K = 32"},
		{"invalid layout", func() error { _, err := Compress(NewMatrix(F16, 1, 16), 0); return err },
			"invalid metadata layout Layout(0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkErr(t, tt.err(), tt.want) })
	}
}

func TestDecompressRejectsBadMetadata(t *testing.T) {
	good, err := Compress(fromRows(F16, [][]float32{example}), Natural)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(c *Compressed)
		want string
	}{
		{"equal positions", func(c *Compressed) { c.Meta[0] = 0 },
			"row 0, group 0: metadata nibble 0b0000 names positions 0 and 0; want two increasing positions"},
		{"decreasing positions", func(c *Compressed) { c.Meta[0] = 0x7<<4 | 0x4 },
			"row 0, group 1: metadata nibble 0b0111 names positions 3 and 1; want two increasing positions"},
		{"values shape", func(c *Compressed) { c.Values = NewMatrix(F16, 1, 16) },
			"operand A of shape 1x16 needs 1x8 values, got 1x16"},
		{"meta length", func(c *Compressed) { c.Meta = append(c.Meta, 0) },
			"1x1 metadata needs 1 int16, has 2"},
		{"layout", func(c *Compressed) { c.Layout = CutlassSM80 },
			"layout cutlass-sm80 needs rows % 32 == 0 and K % 32 == 0, got 1 rows and K = 16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := *good
			c.Meta = slices.Clone(good.Meta)
			tt.edit(&c)
			_, err := Decompress(&c)
			checkErr(t, err, tt.want)
		})
	}
	// The same check names the column for B.
	b := NewMatrix(F16, 16, 2)
	cb, _ := CompressB(b, Natural)
	cb.Meta[1] = 0x5
	_, err = Decompress(cb)
	checkErr(t, err, "column 1, group 0: metadata nibble 0b0101 names positions 1 and 1; want two increasing positions")
}

func TestMetaBytesLittleEndian(t *testing.T) {
	c := &Compressed{Meta: []int16{-29107, 0x1234}}
	got := c.MetaBytes()
	if binary.LittleEndian.Uint16(got) != 0x8e4d || binary.LittleEndian.Uint16(got[2:]) != 0x1234 || len(got) != 4 {
		t.Fatalf("MetaBytes = % x", got)
	}
}
