package sparse

import (
	"math"
	"testing"
)

func TestBF16FromFloat32(t *testing.T) {
	tests := []struct {
		name string
		in   uint32 // float32 bits
		want uint16
	}{
		{"one", 0x3f80_0000, 0x3f80},
		{"tie to even, round down", 0x3f80_8000, 0x3f80},
		{"tie to even, round up", 0x3f81_8000, 0x3f82},
		{"just above tie", 0x3f80_8001, 0x3f81},
		{"just below tie", 0x3f80_7fff, 0x3f80},
		{"negative", 0xbfc0_0000, 0xbfc0},
		{"negative above tie", 0xbf80_8001, 0xbf81},
		{"largest below max tie", 0x7f7f_7fff, 0x7f7f},
		{"tie at max rounds to inf", 0x7f7f_8000, 0x7f80},
		{"max float32 overflows", 0x7f7f_ffff, 0x7f80},
		{"+inf", 0x7f80_0000, 0x7f80},
		{"-inf", 0xff80_0000, 0xff80},
		{"+0", 0x0000_0000, 0x0000},
		{"-0", 0x8000_0000, 0x8000},
		{"tiny subnormal", 0x0000_0001, 0x0000},
		{"subnormal tie to even 0", 0x0000_8000, 0x0000},
		{"subnormal tie to even 2", 0x0001_8000, 0x0002},
		{"negative subnormal above tie", 0x8000_8001, 0x8001},
		{"quiet NaN", 0x7fc0_0000, 0x7fc0},
		{"signalling NaN stays NaN", 0x7f80_0001, 0x7fc0},
		{"negative signalling NaN", 0xff80_0001, 0xffc0},
		{"NaN all ones", 0x7fff_ffff, 0x7fff},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := BF16FromFloat32(math.Float32frombits(tt.in))
			if got != tt.want {
				t.Errorf("BF16FromFloat32(%#08x) = %#04x, want %#04x", tt.in, got, tt.want)
			}
		})
	}
}

func TestBF16ToFloat32(t *testing.T) {
	tests := []struct {
		in   uint16
		want float32
	}{
		{0x3f80, 1}, {0xc000, -2}, {0x3f81, 1 + 1.0/128}, {0x0000, 0}, {0x7f80, float32(math.Inf(1))},
	}
	for _, tt := range tests {
		if got := BF16ToFloat32(tt.in); got != tt.want {
			t.Errorf("BF16ToFloat32(%#04x) = %v, want %v", tt.in, got, tt.want)
		}
	}
	if got := BF16ToFloat32(0x7fc0); !math.IsNaN(float64(got)) {
		t.Errorf("BF16ToFloat32(0x7fc0) = %v, want NaN", got)
	}
}

func TestDTypeConversions(t *testing.T) {
	tests := []struct {
		d    DType
		in   float32
		want uint32
	}{
		{F16, 1, 0x3c00},
		{F16, -2, 0xc000},
		{F16, 0.1, 0x2e66},
		{F16, 2049, 0x6800},  // tie between 2048 and 2050: even
		{F16, 65520, 0x7c00}, // tie at max: overflows to inf
		{BF16, 1, 0x3f80},
		{BF16, 0.1, 0x3dcd},
		{F32, 0.1, math.Float32bits(0.1)},
		{F8E4M3, 1, 0x38},
		{F8E4M3, 464, 0x7e},           // tie above 448: even (448)
		{F8E4M3, 1000, 0x7e},          // saturates (no inf in e4m3fn)
		{F8E4M3, -0.0017578125, 0x81}, // -0.9 of the smallest subnormal 2^-9 rounds to it
		{F8E5M2, 1.25, 0x3d},
		{F8E5M2, 1e6, 0x7b}, // saturates to 57344
		{I8, 2.5, 2},        // ties to even
		{I8, -3.5, 0xfc},
		{I8, 1000, 0x7f},
		{I8, -1000, 0x80},
	}
	for _, tt := range tests {
		got := tt.d.FromFloat32(tt.in)
		if got != tt.want {
			t.Errorf("%v.FromFloat32(%v) = %#x, want %#x", tt.d, tt.in, got, tt.want)
		}
		if back := tt.d.ToFloat32(got); tt.d.FromFloat32(back) != got {
			t.Errorf("%v: %#x widens to %v which does not narrow back", tt.d, got, back)
		}
	}
}

func TestDTypeNames(t *testing.T) {
	for _, d := range allDTypes {
		got, err := ParseDType(d.String())
		if err != nil || got != d {
			t.Errorf("ParseDType(%q) = %v, %v; want %v", d.String(), got, err, d)
		}
	}
	if s := []string{F16.String(), BF16.String(), F32.String()}; s[0] != "f16" || s[1] != "bf16" || s[2] != "f32" {
		t.Errorf("names = %q, want [f16 bf16 f32]", s)
	}
	if got := DType(0).String(); got != "DType(0)" {
		t.Errorf("DType(0).String() = %q", got)
	}
	_, err := ParseDType("fp16")
	if want := `unknown element type "fp16" (want f16, bf16, f32, f8E4M3FN, f8E5M2 or i8)`; err == nil || err.Error() != want {
		t.Errorf("ParseDType(fp16) error = %v, want %q", err, want)
	}
}

func TestMatrixAccess(t *testing.T) {
	for _, d := range floatDTypes {
		m := NewMatrix(d, 2, 3)
		m.Set(1, 2, -1.5)
		if got := m.At(1, 2); got != -1.5 {
			t.Errorf("%v: At = %v, want -1.5", d, got)
		}
		off := (1*3 + 2) * d.Size() // little-endian, row-major
		if d.Size() == 2 && (m.Data[off] != byte(d.FromFloat32(-1.5)) || m.Data[off+1] != byte(d.FromFloat32(-1.5)>>8)) {
			t.Errorf("%v: bytes at %d = % x", d, off, m.Data[off:off+2])
		}
		tr := m.Transpose()
		if tr.Rows != 3 || tr.Cols != 2 || tr.At(2, 1) != -1.5 || tr.At(1, 0) != 0 {
			t.Errorf("%v: bad transpose %+v", d, tr)
		}
	}
}
