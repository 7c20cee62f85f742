package swizzle

import (
	"fmt"
	"slices"
)

// Bank model (Ampere/Hopper shared memory):
//
//   - 32 banks of 4 bytes; byte address a lies in bank (a/4) % 32.
//   - A warp-wide access of W bytes per lane (W = 4, 8 or 16) is served in
//     phases of 128/W consecutive lanes (32, 16 or 8 lanes): one phase asks
//     for at most 128 bytes, one wavefront's worth. ldmatrix is a 16-byte
//     access: each 8-lane phase supplies the 8 row addresses of one 8x8 b16
//     matrix.
//   - Within a phase, lanes reading the same 4-byte word share it
//     (broadcast). Distinct words in the same bank are serialised: the phase
//     takes as many wavefronts as the largest number of distinct words any
//     one bank holds.
//   - Phases never share wavefronts, and lanes that supply no address
//     (inactive, or not used by ldmatrix.x1/.x2) are simply absent.
const (
	numBanks       = 32
	bankBytes      = 4
	wavefrontBytes = numBanks * bankBytes // 128
)

// Access is the address one lane supplies to a warp-wide shared-memory load.
type Access struct {
	Lane  int // 0..31
	Addr  int // byte address in shared memory, a multiple of Bytes
	Bytes int // bytes per lane: 4 (ld.shared.b32), 8, or 16 (ld.shared.v4, ldmatrix row)
}

// Conflicts returns the extra wavefronts a warp-wide access needs beyond one
// per phase: 0 means conflict-free. All accesses must have the same Bytes and
// distinct lanes; Conflicts panics otherwise (a malformed pattern is a bug in
// its generator, not a property of the layout).
func Conflicts(accs []Access) int {
	n := 0
	for _, ph := range phases(accs) {
		n += wavefronts(ph) - 1
	}
	return n
}

// Wavefronts returns the total number of wavefronts the access needs.
func Wavefronts(accs []Access) int {
	n := 0
	for _, ph := range phases(accs) {
		n += wavefronts(ph)
	}
	return n
}

// phases validates accs and splits them into non-empty phases by lane.
func phases(accs []Access) [][]Access {
	if err := checkAccesses(accs); err != nil {
		panic("swizzle: " + err.Error())
	}
	if len(accs) == 0 {
		return nil
	}
	perPhase := wavefrontBytes / accs[0].Bytes
	byPhase := make([][]Access, 32/perPhase)
	for _, a := range accs {
		p := a.Lane / perPhase
		byPhase[p] = append(byPhase[p], a)
	}
	var out [][]Access
	for _, ph := range byPhase {
		if len(ph) > 0 {
			out = append(out, ph)
		}
	}
	return out
}

// wavefronts is the largest number of distinct 4-byte words in one bank.
func wavefronts(ph []Access) int {
	words := make([]int, 0, 4*len(ph))
	for _, a := range ph {
		for w := a.Addr / bankBytes; w < (a.Addr+a.Bytes)/bankBytes; w++ {
			words = append(words, w)
		}
	}
	slices.Sort(words)
	var perBank [numBanks]int
	most := 0
	for i, w := range words {
		if i > 0 && words[i-1] == w {
			continue // broadcast: the same word counts once
		}
		perBank[w%numBanks]++
		most = max(most, perBank[w%numBanks])
	}
	return most
}

func checkAccesses(accs []Access) error {
	seen := map[int]bool{}
	for _, a := range accs {
		switch {
		case a.Bytes != 4 && a.Bytes != 8 && a.Bytes != 16:
			return fmt.Errorf("lane %d: %d bytes per lane (want 4, 8 or 16)", a.Lane, a.Bytes)
		case a.Bytes != accs[0].Bytes:
			return fmt.Errorf("lane %d: %d bytes, lane %d: %d bytes", a.Lane, a.Bytes, accs[0].Lane, accs[0].Bytes)
		case a.Lane < 0 || a.Lane > 31 || seen[a.Lane]:
			return fmt.Errorf("lane %d out of range or repeated", a.Lane)
		case a.Addr < 0 || a.Addr%a.Bytes != 0:
			return fmt.Errorf("lane %d: address %d not a non-negative multiple of %d", a.Lane, a.Addr, a.Bytes)
		}
		seen[a.Lane] = true
	}
	return nil
}
