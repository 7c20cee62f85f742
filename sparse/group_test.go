package sparse

import "testing"

// TestPositionsMatchPyTorch checks the group encoding against PyTorch's
// table as quoted in ptx.md §5.2 (T = non-zero, listed for positions 0..3).
func TestPositionsMatchPyTorch(t *testing.T) {
	table := map[string]uint16{
		"TTFF": 0b0100, "TFTF": 0b1000, "FTTF": 0b1001, "TFFT": 0b1100, "FTFT": 0b1101, "FFTT": 0b1110,
		"FFFF": 0b1110, "FFFT": 0b1110, "FFTF": 0b1110, "FTFF": 0b1001, "TFFF": 0b1000,
	}
	for pattern, want := range table {
		var mask uint8
		for i, ch := range pattern {
			if ch == 'T' {
				mask |= 1 << i
			}
		}
		p := positions[mask]
		if !p.ok || nibble(p.idx0, p.idx1) != want {
			t.Errorf("%s: got (%d, %d, ok=%v) = %#04b, want %#04b", pattern, p.idx0, p.idx1, p.ok, nibble(p.idx0, p.idx1), want)
		}
		if p.idx0 >= p.idx1 {
			t.Errorf("%s: positions %d, %d not increasing", pattern, p.idx0, p.idx1)
		}
		// Every non-zero is named (nothing is dropped).
		for i := range uint8(GroupSize) {
			if mask&(1<<i) != 0 && i != p.idx0 && i != p.idx1 {
				t.Errorf("%s: non-zero at %d not named", pattern, i)
			}
		}
	}
	for _, dense := range []uint8{0b0111, 0b1011, 0b1101, 0b1110, 0b1111} {
		if positions[dense].ok {
			t.Errorf("mask %04b (3+ non-zeros) accepted", dense)
		}
	}
}

func TestUnpackNibble(t *testing.T) {
	for n := range uint16(16) {
		i0, i1, err := unpackNibble(n)
		if valid := n&3 < n>>2; (err == nil) != valid {
			t.Errorf("nibble %04b: err = %v, want valid = %v", n, err, valid)
		}
		if int(n&3) != i0 || int(n>>2) != i1 {
			t.Errorf("nibble %04b: positions %d, %d", n, i0, i1)
		}
	}
}
