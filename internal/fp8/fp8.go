package fp8

import "math"

// Format is an 8-bit float format. The zero value is invalid.
type Format uint8

// The formats.
const (
	E4M3FN Format = iota + 1 // MLIR f8E4M3FN, torch.float8_e4m3fn, PTX .e4m3
	E5M2                     // MLIR f8E5M2, torch.float8_e5m2, PTX .e5m2
)

// Mode selects what Encode does with values beyond the largest finite one.
type Mode uint8

const (
	// Saturate clamps to ±MaxFinite (PTX .satfinite).
	Saturate Mode = iota
	// IEEE gives NaN (E4M3FN) or ±Inf (E5M2).
	IEEE
)

// NaN is the canonical NaN code (positive sign).
const NaN uint8 = 0x7f

type params struct {
	exp, man, bias int
	maxCode        uint8 // largest finite magnitude code
}

func (f Format) params() params {
	if f == E5M2 {
		return params{exp: 5, man: 2, bias: 15, maxCode: 0x7b}
	}
	return params{exp: 4, man: 3, bias: 7, maxCode: 0x7e}
}

// String is the MLIR spelling.
func (f Format) String() string {
	if f == E5M2 {
		return "f8E5M2"
	}
	return "f8E4M3FN"
}

// MaxFinite is the largest finite value (448 or 57344).
func (f Format) MaxFinite() float64 { return f.Decode(f.params().maxCode) }

// IsNaN reports whether code b is a NaN of format f.
func (f Format) IsNaN(b uint8) bool {
	if f == E5M2 {
		return b&0x7f > 0x7c
	}
	return b&0x7f == 0x7f
}

// Decode returns the exact value of code b.
func (f Format) Decode(b uint8) float64 {
	p := f.params()
	neg := b&0x80 != 0
	mag := b & 0x7f
	var v float64
	exp := int(mag) >> p.man
	man := float64(int(mag) & (1<<p.man - 1))
	switch {
	case f.IsNaN(b):
		v = math.NaN()
	case f == E5M2 && mag == 0x7c:
		v = math.Inf(1)
	case exp == 0:
		v = math.Ldexp(man, 1-p.bias-p.man)
	default:
		v = math.Ldexp(man+float64(int(1)<<p.man), exp-p.bias-p.man)
	}
	if neg {
		return -v
	}
	return v
}

// Encode rounds v to format f (nearest, ties to even) in mode m.
func (f Format) Encode(v float64, m Mode) uint8 {
	p := f.params()
	var sign uint8
	if math.Signbit(v) {
		sign = 0x80
	}
	x := math.Abs(v)
	switch {
	case math.IsNaN(v):
		return sign | NaN
	case math.IsInf(x, 1):
		return sign | f.overflow(m)
	case x == 0:
		return sign
	}
	minNormExp := 1 - p.bias
	_, e2 := math.Frexp(x) // x = frac * 2^e2, frac in [0.5, 1)
	e := max(e2-1, minNormExp)
	// n = x / 2^(e-man), rounded; exact because dividing by a power of two
	n := math.RoundToEven(math.Ldexp(x, p.man-e))
	if n >= float64(int(2)<<p.man) { // rounded up into the next binade
		n /= 2
		e++
	}
	var code int
	if n < float64(int(1)<<p.man) { // subnormal (only when e == minNormExp)
		code = int(n)
	} else {
		code = (e+p.bias)<<p.man | (int(n) - 1<<p.man)
	}
	if code > int(p.maxCode) {
		return sign | f.overflow(m)
	}
	return sign | uint8(code)
}

func (f Format) overflow(m Mode) uint8 {
	switch {
	case m == Saturate:
		return f.params().maxCode
	case f == E5M2:
		return 0x7c
	}
	return NaN
}

// Round returns v rounded to f in mode m, as a float64.
func (f Format) Round(v float64, m Mode) float64 { return f.Decode(f.Encode(v, m)) }
