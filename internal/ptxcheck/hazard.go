package ptxcheck

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// sassLine is one instruction of a cuobjdump -sass listing.
type sassLine struct {
	addr   int64
	pred   string // "@P0", "@!P2" or ""
	opcode string
	ops    []string
	text   string
}

var sassInstr = regexp.MustCompile(`^\s*/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)\s*(.*?)\s*;`)

// parseSASS returns the instructions of a listing, in address order per
// function (the order of the listing).
func parseSASS(sass string) []sassLine {
	var out []sassLine
	for _, l := range strings.Split(sass, "\n") {
		m := sassInstr.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		a, err := strconv.ParseInt(m[1], 16, 64)
		if err != nil {
			continue
		}
		var ops []string
		if m[4] != "" {
			for _, o := range strings.Split(m[4], ",") {
				ops = append(ops, strings.TrimSpace(o))
			}
		}
		out = append(out, sassLine{addr: a, pred: strings.TrimSpace(m[2]), opcode: m[3], ops: ops, text: strings.TrimSpace(l)})
	}
	return out
}

var (
	sassReg    = regexp.MustCompile(`^R(\d+)$`)
	sassBraTo  = regexp.MustCompile(`^0x([0-9a-f]+)$`)
	depbarLE   = regexp.MustCompile(`^0x([0-9a-f]+)$`)
	noDestRegs = []string{"ST", "STS", "STG", "STL", "RED", "BRA", "BAR", "SYNCS", "UTMA", "WARPGROUP", "DEPBAR",
		"HGMMA", "EXIT", "RET", "CALL", "MEMBAR", "FENCE", "ERRBAR", "CCTL", "NOP", "WARPSYNC", "ELECT", "BSYNC",
		"BSSY", "LDGDEPBAR", "ARRIVES", "UBLKCP", "USETMAXREG", "ACQBULK", "YIELD", "PREEXIT", "BPT"}
)

// writes returns the general registers an instruction writes (its first
// operand, widened by a .64 / .128 / .WIDE form), none for stores,
// branches, barriers and wgmma (whose metadata operand is read only).
func (l sassLine) writes() []int {
	base := strings.SplitN(l.opcode, ".", 2)[0]
	for _, n := range noDestRegs {
		if base == n {
			return nil
		}
	}
	if len(l.ops) == 0 {
		return nil
	}
	m := sassReg.FindStringSubmatch(l.ops[0])
	if m == nil {
		return nil
	}
	r, _ := strconv.Atoi(m[1])
	n := 1
	switch {
	case strings.Contains(l.opcode, ".128"):
		n = 4
	case strings.Contains(l.opcode, ".64"), strings.Contains(l.opcode, ".WIDE"):
		n = 2
	}
	out := make([]int, n)
	for i := range out {
		out[i] = r + i
	}
	return out
}

// metaHazardState follows the wgmma groups in flight: each group's 2:4
// metadata registers (HGMMA.SP's fourth operand), the open group last.
type metaHazardState struct {
	groups [][]int
	open   []int
}

func (s *metaHazardState) clone() *metaHazardState {
	c := &metaHazardState{open: append([]int(nil), s.open...)}
	for _, g := range s.groups {
		c.groups = append(c.groups, append([]int(nil), g...))
	}
	return c
}

// step advances the state over one instruction and returns a finding when
// it writes a metadata register of a group still in flight.
func (s *metaHazardState) step(l sassLine) string {
	switch {
	case strings.HasPrefix(l.opcode, "HGMMA.SP."):
		if len(l.ops) >= 4 {
			if m := sassReg.FindStringSubmatch(l.ops[3]); m != nil {
				r, _ := strconv.Atoi(m[1])
				s.open = append(s.open, r)
			}
		}
		if strings.Contains(l.text, "gsb0") {
			s.groups = append(s.groups, s.open)
			s.open = nil
		}
		return ""
	case strings.HasPrefix(l.opcode, "HGMMA."):
		if strings.Contains(l.text, "gsb0") {
			s.groups = append(s.groups, s.open)
			s.open = nil
		}
		return ""
	case l.opcode == "WARPGROUP.DEPBAR.LE" && len(l.ops) == 2:
		if m := depbarLE.FindStringSubmatch(l.ops[1]); m != nil {
			n, _ := strconv.ParseInt(m[1], 16, 64)
			if int(n) < len(s.groups) {
				s.groups = s.groups[len(s.groups)-int(n):]
			}
		}
		return ""
	}
	for _, w := range l.writes() {
		for _, g := range append(s.groups, s.open) {
			for _, r := range g {
				if r == w {
					return fmt.Sprintf("%#x %s writes R%d, the 2:4 metadata of a wgmma group still in flight", l.addr, l.text, w)
				}
			}
		}
	}
	return ""
}

// MetadataHazards checks a sm_90a listing for writes to the metadata
// register of a wgmma.mma_async.sp (HGMMA.SP) before the
// warpgroup wait (WARPGROUP.DEPBAR.LE) that retires its group: ptxas keeps
// a group's accumulators but not its metadata registers, so such a write
// changes what the tensor core reads. It follows the listing in address
// order, and runs the body of every conditional backward branch (a loop)
// a second time from the state at its end, which covers a group left in
// flight across the back edge. The findings are empty for a clean listing.
func MetadataHazards(sass string) []string {
	lines := parseSASS(sass)
	var out []string
	seen := map[string]bool{}
	note := func(f string) {
		if f != "" && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	st := &metaHazardState{}
	idx := map[int64]int{}
	for i, l := range lines {
		if i > 0 && l.addr <= lines[i-1].addr {
			st = &metaHazardState{} // the next function
			idx = map[int64]int{}
		}
		idx[l.addr] = i
		note(st.step(l))
		if l.opcode != "BRA" || l.pred == "" || len(l.ops) == 0 {
			continue
		}
		m := sassBraTo.FindStringSubmatch(l.ops[len(l.ops)-1])
		if m == nil {
			continue
		}
		to, _ := strconv.ParseInt(m[1], 16, 64)
		j, ok := idx[to]
		if !ok || to >= l.addr {
			continue
		}
		again := st.clone()
		for _, b := range lines[j : i+1] {
			note(again.step(b))
		}
	}
	return out
}
