package asm

// EliminateDead deletes the instructions of e whose results no effect
// needs: a mark-and-sweep where the roots are instructions with Effect and
// an instruction is kept if it defines a register that a kept instruction
// reads (a guarded definition also reads its destination).
//
// The lowering creates such code per element (the pointers of the
// non-leading elements of a vector run, coordinates of duplicated
// elements, loop-carried copies of those); ptxas removes straight-line
// dead code but not dead loop-carried values, which then cost registers
// and spills.
func EliminateDead(e *Entry) {
	defs := map[Reg][]*Instr{}
	var buf []Reg
	for _, b := range e.Blocks {
		for _, in := range b.Instrs {
			buf = in.DefRegs(buf[:0])
			for _, r := range buf {
				defs[r] = append(defs[r], in)
			}
		}
	}
	keep := map[*Instr]bool{}
	live := map[Reg]bool{}
	var work []Reg
	mark := func(in *Instr) {
		if keep[in] {
			return
		}
		keep[in] = true
		for _, u := range in.UseRegs(nil) {
			if !live[u] {
				live[u] = true
				work = append(work, u)
			}
		}
	}
	for _, b := range e.Blocks {
		for _, in := range b.Instrs {
			if in.Effect {
				mark(in)
			}
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, in := range defs[r] {
			mark(in)
		}
	}
	for _, b := range e.Blocks {
		out := b.Instrs[:0]
		for _, in := range b.Instrs {
			if keep[in] {
				out = append(out, in)
			}
		}
		b.Instrs = out
	}
}
