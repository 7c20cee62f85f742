package layoutviz

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/lower/ptx"
)

var (
	destsRE = regexp.MustCompile(`^\s*(ldmatrix\.sync\.aligned\.m8n8\.x[24](?:\.trans)?\.shared\.b16|ld\.shared\.b32)\s+\{?([^}\[]*?)\}?,\s*\[`)
	mmaRE   = regexp.MustCompile(`^\s*mma\.sp(?:::ordered_metadata)?\.sync\.aligned\.m16n8k32\S*\s+\{[^}]*\},\s*\{([^}]*)\},\s*\{([^}]*)\},\s*\{[^}]*\},\s*(%r\d+)`)
)

func regList(s string) []string {
	var out []string
	for _, r := range strings.Split(s, ",") {
		if r = strings.TrimSpace(r); r != "" {
			out = append(out, r)
		}
	}
	return out
}

// TestRegisterPicturesFeedMMA: in the emitted PTX, each mma.sp of the main
// loop's first iteration (K step kk, M repetition m, N repetition n) reads
// exactly the registers the pictures number for it: A registers
// (m*ks+kk)*4..+3, B registers of K steps 2kk and 2kk+1 of repetition n,
// the metadata register of band repetition m and K-slice kk, where a
// picture register is the PTX register its load (in the picture's load
// order) writes.
func TestRegisterPicturesFeedMMA(t *testing.T) {
	mod := compileExample(t, "../examples/sparse_matmul.mlir")
	items, err := Collect(mod)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ptx.Lower(mod, ptx.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Destination registers of the shared loads, per kind, in text order.
	dests := map[string][][]string{}
	var mmas [][3][]string
	for _, l := range strings.Split(res.PTX, "\n") {
		if m := destsRE.FindStringSubmatch(l); m != nil {
			kind := "A"
			switch {
			case strings.HasPrefix(m[1], "ld.shared"):
				kind = "meta"
			case strings.Contains(m[1], ".trans"):
				kind = "B"
			}
			dests[kind] = append(dests[kind], regList(m[2]))
		}
		if m := mmaRE.FindStringSubmatch(l); m != nil {
			mmas = append(mmas, [3][]string{regList(m[1]), regList(m[2]), {m[3]}})
		}
	}
	// picture register -> PTX register, per operand, from warp position 0's loads.
	toPTX := map[string]map[int]string{}
	ks := map[string]int{}
	var wm, wn, repM, repN int
	for _, it := range items {
		if it.Banks == nil {
			continue
		}
		bm := it.Banks
		_, dotText, _ := strings.Cut(it.Key, " -> ")
		rt := mustTensor(t, dotText[strings.Index(dotText, "#"):len(dotText)-1], dotText[:strings.Index(dotText, ",")]+">")
		dot := rt.Encoding.(ttgpu.DotOperandEncoding)
		mma := dot.Parent.(ttgpu.NvidiaMmaEncoding)
		wm, wn = mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]
		kind, positions := "A", wm
		switch {
		case dot.Meta == ttgpu.MetaMeta:
			kind, ks[kind] = "meta", bm.Tile[1]/32
		case dot.OpIdx == 1:
			kind, positions = "B", wn
			repN = max(1, bm.Tile[1]/(8*wn))
		default:
			repM = max(1, bm.Tile[0]/(16*wm))
		}
		switch kind {
		case "meta":
			ks["meta"] = bm.Tile[1] / 32
		case "B":
			ks["B"] = bm.Tile[0] / 16
		default:
			ks["A"] = bm.Tile[1] / 16
		}
		regs := fragmentRegs(bm, wm, wn)
		per := len(regs) / positions
		if len(dests[kind]) < per {
			t.Fatalf("%s: %d loads in the PTX, %d per warp in the picture", kind, len(dests[kind]), per)
		}
		toPTX[kind] = map[int]string{}
		for i := 0; i < per; i++ {
			if len(dests[kind][i]) != len(regs[i]) {
				t.Fatalf("%s load %d writes %d registers, the picture %d", kind, i, len(dests[kind][i]), len(regs[i]))
			}
			for j, r := range regs[i] {
				toPTX[kind][r] = dests[kind][i][j]
			}
		}
	}
	want := ks["A"] * repM * repN
	if want == 0 || len(mmas) < want {
		t.Fatalf("%d mma.sp in the PTX, want at least %d (ks %v, reps %dx%d)", len(mmas), want, ks, repM, repN)
	}
	i := 0
	for kk := 0; kk < ks["A"]; kk++ {
		for m := 0; m < repM; m++ {
			for n := 0; n < repN; n++ {
				got := mmas[i]
				i++
				var a, b []string
				for j := 0; j < 4; j++ {
					a = append(a, toPTX["A"][(m*ks["A"]+kk)*4+j])
				}
				for _, k16 := range []int{2 * kk, 2*kk + 1} {
					b = append(b, toPTX["B"][(n*ks["B"]+k16)*2], toPTX["B"][(n*ks["B"]+k16)*2+1])
				}
				e := toPTX["meta"][m*ks["meta"]+kk]
				if strings.Join(got[0], " ") != strings.Join(a, " ") || strings.Join(got[1], " ") != strings.Join(b, " ") || got[2][0] != e {
					t.Errorf("mma.sp kk=%d m=%d n=%d reads A %v B %v E %v; the pictures say A %v B %v E %s", kk, m, n, got[0], got[1], got[2], a, b, e)
				}
			}
		}
	}
	t.Logf("%d mma.sp of the first iteration read the pictured registers", want)
}
