package fp8

import (
	"math"
	"math/big"
	"sort"
	"testing"
)

// decodeRef decodes with big.Float from the bit fields, independently of Decode.
func decodeRef(f Format, b uint8) float64 {
	p := f.params()
	e := int(b&0x7f) >> p.man
	m := int(b) & (1<<p.man - 1)
	x := new(big.Float).SetInt64(int64(m))
	if e != 0 {
		x.Add(x, new(big.Float).SetInt64(1<<p.man))
	} else {
		e = 1
	}
	x.SetMantExp(x, e-p.bias-p.man)
	v, _ := x.Float64()
	if b&0x80 != 0 {
		v = -v
	}
	return v
}

func TestKnownValues(t *testing.T) {
	for _, c := range []struct {
		f    Format
		b    uint8
		want float64
	}{
		{E4M3FN, 0x7e, 448}, {E4M3FN, 0x01, 0x1p-9}, {E4M3FN, 0x08, 0x1p-6}, {E4M3FN, 0x38, 1}, {E4M3FN, 0xb8, -1},
		{E5M2, 0x7b, 57344}, {E5M2, 0x01, 0x1p-16}, {E5M2, 0x3c, 1}, {E5M2, 0x7c, math.Inf(1)}, {E5M2, 0xfc, math.Inf(-1)},
	} {
		if got := c.f.Decode(c.b); got != c.want {
			t.Errorf("%v.Decode(%#x) = %v, want %v", c.f, c.b, got, c.want)
		}
	}
	for _, b := range []uint8{0x7f, 0xff} {
		if !math.IsNaN(E4M3FN.Decode(b)) {
			t.Errorf("e4m3fn %#x is not NaN", b)
		}
	}
	if E4M3FN.MaxFinite() != 448 || E5M2.MaxFinite() != 57344 {
		t.Errorf("max finite %v %v", E4M3FN.MaxFinite(), E5M2.MaxFinite())
	}
}

// TestEncodeExhaustive checks every code and every midpoint between
// neighbouring finite values (ties to even), a value just beside each
// midpoint, and overflow in both modes.
func TestEncodeExhaustive(t *testing.T) {
	for _, f := range []Format{E4M3FN, E5M2} {
		var codes []uint8
		for b := range 256 {
			c := uint8(b)
			if f.IsNaN(c) {
				if got := f.Encode(f.Decode(c), IEEE); !f.IsNaN(got) {
					t.Errorf("%v NaN %#x encodes to %#x", f, c, got)
				}
				continue
			}
			if v := f.Decode(c); !math.IsInf(v, 0) {
				if v != decodeRef(f, c) {
					t.Fatalf("%v.Decode(%#x) = %v, reference %v", f, c, v, decodeRef(f, c))
				}
				if got := f.Encode(v, Saturate); got != c && !(v == 0 && got&0x7f == 0) {
					t.Errorf("%v.Encode(%v) = %#x, want %#x", f, v, got, c)
				}
				if c&0x80 == 0 {
					codes = append(codes, c)
				}
			}
		}
		sort.Slice(codes, func(i, j int) bool { return f.Decode(codes[i]) < f.Decode(codes[j]) })
		for i := 0; i+1 < len(codes); i++ {
			lo, hi := codes[i], codes[i+1]
			a, b := f.Decode(lo), f.Decode(hi)
			mid := (a + b) / 2
			even := lo
			if lo&1 == 1 {
				even = hi
			}
			for _, s := range []float64{1, -1} {
				sb := uint8(0)
				if s < 0 {
					sb = 0x80
				}
				if got := f.Encode(s*mid, IEEE); got != sb|even && !(even == 0 && got&0x7f == 0) {
					t.Errorf("%v.Encode(%v) = %#x, want %#x (tie to even)", f, s*mid, got, sb|even)
				}
				if got := f.Encode(s*math.Nextafter(mid, 0), IEEE); got&0x7f != lo {
					t.Errorf("%v.Encode(just below %v) = %#x, want %#x", f, mid, got, lo)
				}
				if got := f.Encode(s*math.Nextafter(mid, math.Inf(1)), IEEE); got&0x7f != hi {
					t.Errorf("%v.Encode(just above %v) = %#x, want %#x", f, mid, got, hi)
				}
			}
		}
		// Overflow: beyond the midpoint above the largest finite value. At the
		// midpoint itself ties go to even: e4m3fn's max code is even (448
		// stays), e5m2's is odd (61440 overflows to Inf).
		p := f.params()
		top := f.Decode(p.maxCode)
		ulp := top - f.Decode(p.maxCode-1)
		over := []float64{math.Nextafter(top+ulp/2, math.Inf(1)), top + ulp, 1e30, math.Inf(1)}
		if f == E5M2 {
			over = append(over, top+ulp/2)
		} else if got := f.Encode(top+ulp/2, IEEE); got != p.maxCode {
			t.Errorf("%v: the tie above the max gives %#x", f, got)
		}
		for _, v := range over {
			if got := f.Encode(v, Saturate); got != p.maxCode {
				t.Errorf("%v.Encode(%v, Saturate) = %#x, want %#x", f, v, got, p.maxCode)
			}
			if got := f.Encode(-v, Saturate); got != 0x80|p.maxCode {
				t.Errorf("%v.Encode(%v, Saturate) = %#x", f, -v, got)
			}
			got := f.Encode(v, IEEE)
			if f == E4M3FN && got != NaN || f == E5M2 && got != 0x7c {
				t.Errorf("%v.Encode(%v, IEEE) = %#x", f, v, got)
			}
		}
		if got := f.Encode(math.Nextafter(top+ulp/2, 0), IEEE); got != p.maxCode {
			t.Errorf("%v: just below the overflow midpoint gives %#x", f, got)
		}
		// Underflow: half the smallest subnormal is a tie to 0, just above rounds up.
		tiny := f.Decode(1)
		if got := f.Encode(tiny/2, IEEE); got != 0 {
			t.Errorf("%v: half the smallest subnormal gives %#x", f, got)
		}
		if got := f.Encode(math.Nextafter(tiny/2, 1), IEEE); got != 1 {
			t.Errorf("%v: just above half the smallest subnormal gives %#x", f, got)
		}
		if got := f.Encode(math.Copysign(0, -1), IEEE); got != 0x80 {
			t.Errorf("%v: -0 gives %#x", f, got)
		}
	}
}
