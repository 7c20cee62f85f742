package ptx

import (
	"fmt"
	"testing"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// TestTransViewAddresses checks the transposed shared-memory view against
// its source element by element: view element (r, c) must be stored where
// the source keeps (c, r), for swizzled and unswizzled tiles, either
// contiguous dim, and a view origin inside the allocation.
func TestTransViewAddresses(t *testing.T) {
	for _, enc := range []ttgpu.SharedEncoding{
		{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: []int{1, 0}},
		{Vec: 8, PerPhase: 1, MaxPhase: 8, Order: []int{0, 1}},
		{Vec: 4, PerPhase: 2, MaxPhase: 4, Order: []int{1, 0}},
		{Vec: 1, PerPhase: 1, MaxPhase: 1, Order: []int{1, 0}},
	} {
		md := tt.MemDescType{Shape: []int64{32, 64}, Elem: ir.F16T, Encoding: enc, Mutable: true}
		src, err := newMemRef(md, zero)
		if err != nil {
			t.Fatal(err)
		}
		src.rows, src.cols, src.r0, src.c0 = 16, 32, 16, 32 // a sub-tile
		ly := &layouts{}
		tr := transposed(src)
		if tr.rows != src.cols || tr.cols != src.rows {
			t.Fatalf("%v: transposed view is %dx%d, want %dx%d", enc, tr.rows, tr.cols, src.cols, src.rows)
		}
		for r := int64(0); r < tr.rows; r++ {
			for c := int64(0); c < tr.cols; c++ {
				_, got := ly.smemAddr(tr, affine{zero, r}, affine{zero, c})
				_, want := ly.smemAddr(src, affine{zero, c}, affine{zero, r})
				if got != want {
					t.Fatalf("%v: transposed (%d, %d) at byte %d, source (%d, %d) at %d", enc, r, c, got, c, r, want)
				}
			}
		}
		if back := transposed(tr); fmt.Sprint(*back) != fmt.Sprint(*src) {
			t.Errorf("%v: transposing twice gives %+v, want %+v", enc, back, src)
		}
	}
}
