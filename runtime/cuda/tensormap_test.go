package cuda

import (
	"strings"
	"testing"
)

func TestTiledMap2DValidate(t *testing.T) {
	ok := TiledMap2D{DType: MapF16, Address: 0x7f0000000000, Rows: 4096, Cols: 2048, RowStride: 4096,
		BoxRows: 128, BoxCols: 64, Swizzle: Swizzle128B, L2: L2Promote256B}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid map: %v", err)
	}
	if got := ok.BoxBytes(); got != 128*64*2 {
		t.Errorf("BoxBytes = %d", got)
	}
	for _, c := range []struct {
		name string
		edit func(*TiledMap2D)
		want string
	}{
		{"misaligned", func(m *TiledMap2D) { m.Address += 8 }, "not 16-byte aligned"},
		{"stride", func(m *TiledMap2D) { m.RowStride = 4100 }, "multiple of 16"},
		{"short stride", func(m *TiledMap2D) { m.RowStride = 2048 }, "less than a row"},
		{"empty", func(m *TiledMap2D) { m.Rows = 0 }, "1..2^32"},
		{"box", func(m *TiledMap2D) { m.BoxRows = 257 }, "1..256"},
		{"inner bytes", func(m *TiledMap2D) { m.BoxCols = 12 }, "multiple of 16"},
		{"swizzle span", func(m *TiledMap2D) { m.BoxCols = 128 }, "allows at most 128"},
		{"64B span", func(m *TiledMap2D) { m.Swizzle = Swizzle64B }, "allows at most 64"},
		{"nan int", func(m *TiledMap2D) { m.DType, m.OOB = MapU16, OOBNaN }, "float element type"},
		{"dtype", func(m *TiledMap2D) { m.DType = 13 }, "unknown element type"},
		{"l2", func(m *TiledMap2D) { m.L2 = 4 }, "L2 promotion"},
		{"swizzle", func(m *TiledMap2D) { m.Swizzle = 4 }, "unknown swizzle"},
	} {
		m := ok
		c.edit(&m)
		err := m.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// the unswizzled, 16-byte inner extent is the smallest legal box
	small := TiledMap2D{DType: MapU8, Rows: 1, Cols: 1, RowStride: 16, BoxRows: 1, BoxCols: 16}
	if err := small.Validate(); err != nil {
		t.Errorf("small map: %v", err)
	}
}

func TestSwizzledOffset(t *testing.T) {
	// 128B: row r's chunk c lands in chunk c ^ (r & 7) (hopper.md §2.2).
	for r := range 16 {
		for c := range 8 {
			if got, want := Swizzle128B.SwizzledOffset(128*r+16*c+3), 128*r+16*(c^(r&7))+3; got != want {
				t.Fatalf("128B row %d chunk %d: %d, want %d", r, c, got, want)
			}
		}
	}
	// 64B: rows of 64 bytes, chunk c ^ ((r >> 1) & 3); 32B: c ^ ((r >> 2) & 1).
	for r := range 16 {
		for c := range 4 {
			if got, want := Swizzle64B.SwizzledOffset(64*r+16*c), 64*r+16*(c^((r>>1)&3)); got != want {
				t.Fatalf("64B row %d chunk %d: %d, want %d", r, c, got, want)
			}
		}
		for c := range 2 {
			if got, want := Swizzle32B.SwizzledOffset(32*r+16*c), 32*r+16*(c^((r>>2)&1)); got != want {
				t.Fatalf("32B row %d chunk %d: %d, want %d", r, c, got, want)
			}
		}
	}
	if SwizzleNone.SwizzledOffset(1234) != 1234 {
		t.Error("no swizzle moved a byte")
	}
}
