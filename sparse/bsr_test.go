package sparse

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestBlockSparseRoundTrip prunes random matrices (ragged shapes
// included) to 0 %, 50 % and 90 % zero blocks plus 2:4, stores them as
// BSR24 and checks the index arrays, the stacked layout and that
// Decompress gives the pruned matrix back.
func TestBlockSparseRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	shapes := [][4]int{{128, 128, 64, 64}, {100, 90, 32, 64}, {17, 200, 16, 32}, {256, 64, 128, 16}, {1, 1, 16, 16}}
	for _, d := range allDTypes {
		for _, sh := range shapes {
			for _, frac := range []float64{0, 0.5, 0.9} {
				a := randomMatrix(rng, d, sh[0], sh[1])
				p, err := PruneBSR24(a, sh[2], sh[3], frac)
				if err != nil {
					t.Fatal(err)
				}
				b, err := CompressBlocks(p, sh[2], sh[3])
				if err != nil {
					t.Fatalf("%v %v %v: %v", d, sh, frac, err)
				}
				n := b.BlockRows() * b.BlockCols()
				if want := n - int(frac*float64(n)+0.5); b.NumStored() > want {
					t.Errorf("%v %v: %d stored blocks, at most %d expected at %v zero", d, sh, b.NumStored(), want, frac)
				}
				if err := b.check(); err != nil {
					t.Fatal(err)
				}
				if b.Indices[b.NumStored()] != int32(b.BlockCols()) {
					t.Errorf("no trailing sentinel: %v", b.Indices)
				}
				back, err := b.Decompress()
				if err != nil {
					t.Fatal(err)
				}
				requireSame(t, back, p, false)
				checkStacked(t, b, p)
			}
		}
	}
}

// checkStacked checks that stored block s holds block (i, Indices[s]) of
// the padded matrix: values at rows s*BM.., band16 metadata at rows
// s*BM/16.. of the [nnzb*BM/16, BK] metadata matrix.
func checkStacked(t *testing.T, b *BlockSparse, p Matrix) {
	t.Helper()
	pad := p.Padded(b.BlockRows()*b.BM, b.BlockCols()*b.BK)
	for i := range b.BlockRows() {
		for s := b.Indptr[i]; s < b.Indptr[i+1]; s++ {
			blk := NewMatrix(p.DType, b.BM, b.BK)
			for r := range b.BM {
				for c := range b.BK {
					blk.SetBits(r, c, pad.Bits(i*b.BM+r, int(b.Indices[s])*b.BK+c))
				}
			}
			one, err := Compress(blk, Band16)
			if err != nil {
				t.Fatal(err)
			}
			off := int(s) * b.BM * b.BK / 16
			for k, m := range one.Meta {
				if b.Stored.Meta[off+k] != m {
					t.Fatalf("block %d: metadata word %d differs", s, k)
				}
			}
			voff := int(s) * b.BM * b.BK / 2 * p.DType.Size()
			if got, want := b.Stored.Values.Data[voff:voff+len(one.Values.Data)], one.Values.Data; string(got) != string(want) {
				t.Fatalf("block %d: values differ", s)
			}
		}
	}
}

func TestPruneBlocksFractions(t *testing.T) {
	a := NewMatrix(F32, 64, 64)
	for r := range 64 {
		for c := range 64 {
			a.Set(r, c, float32(1+(r/16)*4+c/16)) // block (i, j) has magnitude 1+4i+j
		}
	}
	z, err := PruneBlocks(a, 16, 16, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 64 {
		for c := range 64 {
			if want := (r/16)*4+c/16 >= 4; (z.At(r, c) != 0) != want {
				t.Fatalf("(%d, %d) = %v: the four smallest blocks (row 0) must be zero, no other", r, c, z.At(r, c))
			}
		}
	}
	if b, err := CompressBlocks(z, 16, 16); err == nil {
		t.Fatal("a dense (not 2:4) block compressed")
	} else if ge := (*GroupError)(nil); !errors.As(err, &ge) || ge.Line != 16 || ge.Group != 0 {
		t.Fatalf("got %v (%v), want a group error at row 16, group 0", err, b)
	}
	for _, f := range []float64{-0.1, 1.5} {
		if _, err := PruneBlocks(a, 16, 16, f); err == nil {
			t.Errorf("fraction %v accepted", f)
		}
	}
	if _, err := PruneBlocks(a, 24, 16, 0); err == nil {
		t.Error("block 24x16 accepted")
	}
}

func TestBlockSparseAllZero(t *testing.T) {
	b, err := CompressBlocks(NewMatrix(F16, 40, 40), 32, 32)
	if err != nil {
		t.Fatal(err)
	}
	if b.NumStored() != 0 || len(b.Indptr) != 3 || b.Indptr[2] != 0 || len(b.Indices) != 1 || b.Indices[0] != 2 {
		t.Fatalf("indptr %v indices %v", b.Indptr, b.Indices)
	}
	back, err := b.Decompress()
	if err != nil {
		t.Fatal(err)
	}
	requireSame(t, back, NewMatrix(F16, 40, 40), true)
	if b.ZeroFraction() != 1 {
		t.Errorf("zero fraction %v", b.ZeroFraction())
	}
}

// FuzzBlockSparse stores arbitrary 16-bit matrices (ragged shapes, zero
// and dense blocks) as BSR24: CompressBlocks either refuses a block that
// is not 2:4 with a *GroupError inside the matrix, or Decompress gives the
// matrix back; it never panics.
func FuzzBlockSparse(f *testing.F) {
	f.Add(uint8(0), uint16(0x0101), []byte{})
	f.Add(uint8(1), uint16(0x2211), []byte{0, 0x3c, 0, 0, 0, 0, 0, 0xbc})
	f.Add(uint8(2), uint16(0x1f07), []byte{1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, typ uint8, shape uint16, data []byte) {
		d := []DType{F16, BF16}[int(typ)%2]
		rows, cols := 1+int(shape&0x3f), 1+int(shape>>6&0x3f)
		bm, bk := 16*(1+int(shape>>12&1)), 16*(1+int(shape>>13&3))
		x := NewMatrix(d, rows, cols)
		for i := range x.Data {
			if len(data) > 0 && (i/(8*bk))%3 != 0 {
				x.Data[i] = data[i%len(data)]
			}
		}
		b, err := CompressBlocks(x, bm, bk)
		if err != nil {
			var ge *GroupError
			if !errors.As(err, &ge) || ge.Line >= rows || 4*ge.Group >= cdiv(cols, bk)*bk {
				t.Fatalf("%dx%d blocks %dx%d: %v", rows, cols, bm, bk, err)
			}
			return
		}
		back, err := b.Decompress()
		if err != nil {
			t.Fatal(err)
		}
		requireSame(t, back, x, false)
	})
}
