package ptxcheck

import (
	"strings"
	"testing"
)

func TestMetadataHazards(t *testing.T) {
	listing := func(ins ...string) string {
		var sb strings.Builder
		for i, s := range ins {
			sb.WriteString("        /*")
			sb.WriteString(hex4(i * 16))
			sb.WriteString("*/                   " + s + " ;\n")
		}
		return sb.String()
	}
	cases := []struct {
		name string
		sass string
		want int
	}{
		{"retired before the reload", listing(
			"LDS R152, [R22]",
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R152, 0x0, gsb0",
			"WARPGROUP.DEPBAR.LE gsb0, 0x0",
			"LDS R152, [R22+0x40]",
		), 0},
		{"reloaded in flight", listing(
			"LDS R152, [R22]",
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R152, 0x0, gsb0",
			"WARPGROUP.DEPBAR.LE gsb0, 0x1",
			"LDS R152, [R22+0x40]",
		), 1},
		{"vector load over it", listing(
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R155, 0x0, gsb0",
			"LDS.128 R152, [R22]",
		), 1},
		{"stores and wgmma only read it", listing(
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R152, 0x0",
			"@!P2 STS.128 [UR16], R152",
			"HGMMA.SP.64x128x32.F32 R24, gdesc[UR28].tnspB, R24, R152, 0x0, gsb0",
		), 0},
		{"in flight across the back edge", listing(
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R152, 0x0, gsb0",
			"WARPGROUP.DEPBAR.LE gsb0, 0x1",
			"IADD3 R1, R1, 0x1, RZ",
			"ISETP.NE.AND P0, PT, R1, R2, PT",
			"LDS R152, [R22]",
			"@P0 BRA 0x0",
		), 1},
		{"alternating sets", listing(
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R152, 0x0, gsb0",
			"WARPGROUP.DEPBAR.LE gsb0, 0x1",
			"LDS R160, [R22]",
			"HGMMA.SP.64x128x32.F32 R88, gdesc[UR28].tnspB, R88, R160, 0x0, gsb0",
			"WARPGROUP.DEPBAR.LE gsb0, 0x1",
			"LDS R152, [R22]",
			"@P0 BRA 0x0",
		), 0},
	}
	for _, c := range cases {
		got := MetadataHazards(c.sass)
		if len(got) != c.want {
			t.Errorf("%s: %d findings %q, want %d", c.name, len(got), got, c.want)
		}
	}
}

func hex4(n int) string {
	const d = "0123456789abcdef"
	return string([]byte{d[n>>12&15], d[n>>8&15], d[n>>4&15], d[n&15]})
}
