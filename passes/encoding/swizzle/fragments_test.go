package swizzle

import (
	"fmt"
	"testing"
)

// The load generators are checked against the hardware fragment layouts
// (ptx.md §1.3, §1.5, §2): the tile is written into an emulated shared
// memory through the layout, every load is executed with ldmatrix or
// ld.shared semantics, and each lane's registers must hold exactly the
// elements its MMA fragment needs. Together with the coverage check (every
// tile step loaded once) this shows that the simulated access patterns are
// the ones a correct lowering issues, for the swizzled and the unswizzled
// layout alike.

// pair is one 32-bit register: two 16-bit elements, low first.
type pair [2]uint16

// smem is an emulated shared tile: elements at their layout offsets, and
// the inverse map from offset to logical (row, col).
type smem struct {
	data []uint16
	at   [][2]int
}

func newSmem(sh Shared, shape [2]int, value func(r, c int) uint16) smem {
	m := smem{data: make([]uint16, shape[0]*shape[1]), at: make([][2]int, shape[0]*shape[1])}
	for r := 0; r < shape[0]; r++ {
		for c := 0; c < shape[1]; c++ {
			off := sh.Offset(r, c, shape[sh.Order[0]])
			m.data[off], m.at[off] = value(r, c), [2]int{r, c}
		}
	}
	return m
}

func (m smem) origin(a Access) [2]int { return m.at[a.Addr/2] }

// ldmatrix returns regs[lane][matrix]: matrix q's rows come from lanes
// 8q..8q+7; lane l gets row l/4, elements 2(l%4), +1 (transposed: column
// l/4, rows 2(l%4), +1).
func (m smem) ldmatrix(accs []Access, trans bool) [32][4]pair {
	var regs [32][4]pair
	for q := 0; q < len(accs)/8; q++ {
		el := func(i, j int) uint16 { return m.data[accs[8*q+i].Addr/2+j] }
		for l := 0; l < 32; l++ {
			i, j := l/4, 2*(l%4)
			regs[l][q] = pair{el(i, j), el(i, j+1)}
			if trans {
				regs[l][q] = pair{el(j, i), el(j+1, i)}
			}
		}
	}
	return regs
}

func cellValue(cols int) func(r, c int) uint16 {
	return func(r, c int) uint16 { return uint16(r*cols + c + 1) }
}

func TestLoadsDeliverFragments(t *testing.T) {
	forGrid(func(o operand, warps [2]int) {
		for _, sh := range []Shared{o.choose(), Unswizzled(o.order)} {
			if err := checkFragments(o, sh, warps); err != nil {
				t.Errorf("%v warps %v layout %v: %v", o, warps, sh, err)
				return
			}
		}
	})
}

func checkFragments(o operand, sh Shared, warps [2]int) error {
	switch {
	case o.meta == MetaMetadata:
		return checkMetaFragments(o, sh, warps)
	case o.opIdx == 0:
		return checkAFragments(o, sh, warps)
	}
	return checkBFragments(o, sh, warps)
}

// A (dense m16n8k16 or compressed m16n8k32, ptx.md §1.3): register j of
// lane (g, t) holds row g + 8(j&1), columns 8(j>>1) + 2t, +1 of the 16x16
// step.
func checkAFragments(o operand, sh Shared, warps [2]int) error {
	val := cellValue(o.shape[1])
	m := newSmem(sh, o.shape, val)
	seen := map[[2]int]bool{}
	for _, ld := range o.loads(sh, warps) {
		org := m.origin(ld.Acc[0])
		regs := m.ldmatrix(ld.Acc, sh.Order[0] == 0)
		for l := 0; l < 32; l++ {
			for j := 0; j < 4; j++ {
				r, c := org[0]+l/4+8*(j&1), org[1]+8*(j>>1)+2*(l%4)
				if want := (pair{val(r, c), val(r, c+1)}); regs[l][j] != want {
					return fmt.Errorf("%q lane %d reg %d = %v, want %v", ld.What, l, j, regs[l][j], want)
				}
			}
		}
		if err := markOnce(seen, org, ld.What); err != nil {
			return err
		}
	}
	return coversAll(seen, o.shape, [2]int{16, 16})
}

// B (ptx.md §1.3, m16n8k32): register j of lane (g, t) holds
// {B[8j+2t][g], B[8j+2t+1][g]} of the 32x8 step.
func checkBFragments(o operand, sh Shared, warps [2]int) error {
	val := cellValue(o.shape[1])
	m := newSmem(sh, o.shape, val)
	seen := map[[2]int]bool{}
	for _, ld := range o.loads(sh, warps) {
		org := m.origin(ld.Acc[0])
		regs := m.ldmatrix(ld.Acc, sh.Order[0] == 1)
		for l := 0; l < 32; l++ {
			for j := 0; j < 4; j++ {
				k, n := org[0]+8*j+2*(l%4), org[1]+l/4
				if want := (pair{val(k, n), val(k+1, n)}); regs[l][j] != want {
					return fmt.Errorf("%q lane %d reg %d = %v, want %v", ld.What, l, j, regs[l][j], want)
				}
			}
		}
		if err := markOnce(seen, org, ld.What); err != nil {
			return err
		}
	}
	return coversAll(seen, o.shape, [2]int{32, 8})
}

func markOnce(seen map[[2]int]bool, org [2]int, what string) error {
	if seen[org] {
		return fmt.Errorf("%q loads step %v a second time", what, org)
	}
	seen[org] = true
	return nil
}

func coversAll(seen map[[2]int]bool, shape, step [2]int) error {
	if want := (shape[0] / step[0]) * (shape[1] / step[1]); len(seen) != want {
		return fmt.Errorf("loads cover %d steps of %v, want %d", len(seen), step, want)
	}
	return nil
}
