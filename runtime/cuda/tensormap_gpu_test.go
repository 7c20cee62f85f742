//go:build cuda

package cuda

import (
	"encoding/binary"
	"fmt"
	"testing"
)

// TestTensorMapTMA encodes 2-D f16 maps with each swizzle, loads a box
// that sticks out of the tensor (and one at negative coordinates) with
// cp.async.bulk.tensor.2d, and compares the shared-memory image with the
// swizzle of hopper.md §2.2 and the out-of-bounds fill.
func TestTensorMapTMA(t *testing.T) {
	d, err := Open(0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if d.SM < 90 {
		t.Skipf("%s: tensor maps need sm_90", d)
	}
	const rows, cols, ld = 40, 100, 112 // elements; row stride 224 bytes
	host := make([]byte, rows*ld*2)
	for r := range rows {
		for c := range ld {
			binary.LittleEndian.PutUint16(host[2*(r*ld+c):], uint16(1+r*ld+c)) // finite, non-zero, distinct
		}
	}
	src, err := d.Alloc(host)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sw      Swizzle
		boxCols uint32
		oob     OOBFill
		x, y    int64
	}{
		{SwizzleNone, 64, OOBZero, 48, 32},
		{Swizzle128B, 64, OOBZero, 48, 32},
		{Swizzle128B, 64, OOBNaN, -16, -4},
		{Swizzle64B, 32, OOBZero, 80, 30},
		{Swizzle32B, 16, OOBNaN, 96, 0},
	} {
		// no t.Run: a subtest runs on another goroutine, and the Device
		// belongs to the OS thread that opened it
		name := fmt.Sprintf("swizzle %v, box 16x%d, OOB fill %d, at (%d, %d)", c.sw, c.boxCols, c.oob, c.x, c.y)
		func() {
			desc := TiledMap2D{DType: MapF16, Address: src.Address(), Rows: rows, Cols: cols, RowStride: ld * 2,
				BoxRows: 16, BoxCols: c.boxCols, Swizzle: c.sw, L2: L2Promote128B, OOB: c.oob}
			m, err := d.NewTensorMap2D(desc)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			bb := desc.BoxBytes()
			k, err := d.LoadPTX(tmaBoxPTX(bb), "tma_box", 128, 0)
			if err != nil {
				t.Fatal(err)
			}
			out, err := d.Alloc(make([]byte, bb))
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Launch(k, [3]int{1, 1, 1}, []Param{TensorMapParam(m), PtrParam(out), IntParam(c.x), IntParam(c.y)}); err != nil {
				t.Fatal(err)
			}
			got := make([]byte, bb)
			if err := d.Read(out, got); err != nil {
				t.Fatal(err)
			}
			bad := 0
			for r := range 16 {
				for e := range int(c.boxCols) {
					o := 2 * (r*int(c.boxCols) + e)
					v := binary.LittleEndian.Uint16(got[c.sw.SwizzledOffset(o):])
					gr, gc := int(c.y)+r, int(c.x)+e
					inside := gr >= 0 && gr < rows && gc >= 0 && gc < cols
					ok := false
					switch {
					case inside:
						ok = v == uint16(1+gr*ld+gc)
					case c.oob == OOBZero:
						ok = v == 0
					default: // an f16 NaN
						ok = v&0x7c00 == 0x7c00 && v&0x03ff != 0
					}
					if !ok && bad < 5 {
						t.Errorf("%s: box (%d, %d) = tensor (%d, %d), inside %v: got %#04x", name, r, e, gr, gc, inside, v)
					}
					if !ok {
						bad++
					}
				}
			}
			if bad > 0 {
				t.Errorf("%s: %d of %d elements wrong", name, bad, bb/2)
			} else {
				t.Logf("%s: %d elements as expected", name, bb/2)
			}
		}()
	}
	if _, err := d.NewTensorMap2D(TiledMap2D{DType: MapF16, Address: src.Address() + 2, Rows: 1, Cols: 8, RowStride: 16, BoxRows: 1, BoxCols: 8}); err == nil {
		t.Error("a misaligned address was accepted")
	}
}
