package parser

import (
	"strings"
	"testing"
)

// TestScanPunct checks scanPunct against the longest-match reading of the
// puncts list, on every one- to three-byte ASCII prefix.
func TestScanPunct(t *testing.T) {
	longest := func(b string) int {
		n := 0
		for _, p := range puncts {
			if strings.HasPrefix(b, p) && len(p) > n {
				n = len(p)
			}
		}
		return n
	}
	chars := "(){}[]<>,:=*?+-|#.x "
	for _, a := range chars {
		for _, b := range chars {
			for _, c := range chars {
				s := string(a) + string(b) + string(c)
				for _, in := range []string{s, s[:1], s[:2]} {
					typ, n := scanPunct(in)
					want := longest(in)
					if want == 0 {
						if typ != tError || n != 1 {
							t.Errorf("scanPunct(%q) = %v, %d; want an error", in, typ, n)
						}
						continue
					}
					if typ != tPunct || n != want {
						t.Errorf("scanPunct(%q) = %v, %d; want punct of %d", in, typ, n, want)
					}
				}
			}
		}
	}
}
