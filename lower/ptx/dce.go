package ptx

import (
	"regexp"
	"strings"
)

// Per-element lowering creates registers nobody reads: the pointers of
// the non-leading elements of a vector run, coordinates of duplicated
// elements, loop-carried copies of those. ptxas removes straight-line dead
// code but not dead loop-carried values, which then cost registers and
// spills. eliminateDead is a mark-and-sweep over the emitted instructions:
// roots are instructions with effects (stores, cp.async, barriers,
// branches, ret); an instruction is kept if it defines a register that a
// kept instruction reads. A predicated definition also reads its
// destination (the old value survives when the predicate is false).

var regRE = regexp.MustCompile(`%(?:p|h|r|rd|f|fd)[0-9]+\b`)

type instr struct {
	dests, uses []string
	effect      bool
}

func parseInstr(line string) (instr, bool) {
	s := strings.TrimSpace(line)
	if s == "" || strings.HasSuffix(s, ":") || strings.HasPrefix(s, "//") {
		return instr{}, false
	}
	var in instr
	pred := false
	if strings.HasPrefix(s, "@") {
		sp := strings.IndexByte(s, ' ')
		in.uses = append(in.uses, regRE.FindAllString(s[:sp], -1)...)
		s = strings.TrimSpace(s[sp+1:])
		pred = true
	}
	sp := strings.IndexAny(s, " \t")
	opcode := s
	rest := ""
	if sp >= 0 {
		opcode, rest = s[:sp], strings.TrimSpace(s[sp+1:])
	}
	for _, p := range []string{"st.", "cp.async", "bar.", "bra", "ret", "red.", "atom.", "membar", "fence", "trap", "exit"} {
		if strings.HasPrefix(opcode, p) {
			in.effect = true
		}
	}
	if in.effect && !strings.HasPrefix(opcode, "atom.") {
		in.uses = append(in.uses, regRE.FindAllString(rest, -1)...)
		return in, true
	}
	// The first operand (or brace group) is the destination.
	var dst string
	if strings.HasPrefix(rest, "{") {
		end := strings.IndexByte(rest, '}')
		dst, rest = rest[:end+1], rest[end+1:]
	} else if c := strings.IndexByte(rest, ','); c >= 0 {
		dst, rest = rest[:c], rest[c:]
	} else {
		dst, rest = rest, ""
	}
	in.dests = regRE.FindAllString(dst, -1)
	in.uses = append(in.uses, regRE.FindAllString(rest, -1)...)
	if pred {
		in.uses = append(in.uses, in.dests...)
	}
	return in, true
}

// eliminateDead returns lines without the dead instructions.
func eliminateDead(lines []string) []string {
	ins := make([]instr, len(lines))
	ok := make([]bool, len(lines))
	defs := map[string][]int{}
	for i, l := range lines {
		ins[i], ok[i] = parseInstr(l)
		for _, d := range ins[i].dests {
			defs[d] = append(defs[d], i)
		}
	}
	keep := make([]bool, len(lines))
	live := map[string]bool{}
	var work []string
	mark := func(i int) {
		if keep[i] {
			return
		}
		keep[i] = true
		for _, u := range ins[i].uses {
			if !live[u] {
				live[u] = true
				work = append(work, u)
			}
		}
	}
	for i := range lines {
		if !ok[i] || ins[i].effect {
			mark(i)
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, i := range defs[r] {
			mark(i)
		}
	}
	out := lines[:0:0]
	for i, l := range lines {
		if keep[i] {
			out = append(out, l)
		}
	}
	return out
}
