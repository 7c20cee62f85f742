package layoutviz

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/passes/encoding/swizzle"
)

// LaneAccess is what one lane of a warp-wide shared load reads: the
// logical element (Row, Col) of the tile at the start of its access and the
// byte address (relative to the tile).
type LaneAccess struct {
	Lane     int
	Row, Col int
	Addr     int
}

// FirstBank is the bank of the access's first word; an access of Bytes
// covers Bytes/4 consecutive banks.
func (a LaneAccess) FirstBank() int { return (a.Addr / 4) % 32 }

// BankLoad is one warp-wide shared-memory load instruction.
type BankLoad struct {
	What       string // "warp m0: ldmatrix.x4 rows 0+ k 16+"
	Warp       int    // the first warp that issues it (others with the same data issue the same)
	Bytes      int    // per lane: 16 (ldmatrix row), 4 (ld.shared.b32)
	Lanes      []LaneAccess
	Wavefronts int // swizzle.Wavefronts
	Conflicts  int // swizzle.Conflicts: wavefronts beyond one per phase
}

// BankMap is the shared-memory picture of one dot operand tile: the bank of
// every element and the loads the lowering issues.
type BankMap struct {
	Title     string
	Shared    string // the #shared encoding, printed
	Operand   string // "A (meta = 0)", ...
	Tile      [2]int
	ElemBytes int
	// ElemBank[r*Tile[1]+c] is the bank of element (r, c)'s first byte.
	ElemBank []int
	Loads    []BankLoad
}

// TotalConflicts sums the loads' conflicts.
func (b *BankMap) TotalConflicts() int {
	n := 0
	for _, l := range b.Loads {
		n += l.Conflicts
	}
	return n
}

// OperandBanks builds the bank map of a dot operand stored in shared memory
// with layout sh: tile is the operand tile (A: M x K, or M x K/2 for 2:4
// values; B: K x N; metadata: M/16 x K), dot its dot_op encoding (opIdx,
// meta, the mma parent's warpsPerCTA). The loads are the ones lower/ptx
// issues (ldmatrix.x4 for A; ldmatrix.x4 over two N repetitions, .x2 for a
// single one, for B; ld.shared.b32 for metadata), per warp position, and
// each is scored by the bank simulation of passes/encoding/swizzle.
func OperandBanks(dot ttgpu.DotOperandEncoding, shared ir.Attribute, tile [2]int, elemBits int) (*BankMap, error) {
	sh, err := SwizzleOf(shared)
	if err != nil {
		return nil, err
	}
	mma, ok := dot.Parent.(ttgpu.NvidiaMmaEncoding)
	if !ok || !mma.IsAmpere() || len(mma.WarpsPerCTA) != 2 {
		return nil, fmt.Errorf("dot_op parent %s: only nvidia_mma v2 operands are drawn", ir.AttrString(dot.Parent))
	}
	for _, w := range mma.WarpsPerCTA {
		if w < 1 || w > 64 {
			return nil, fmt.Errorf("dot_op parent %s: warpsPerCTA entries must be 1 to 64", ir.AttrString(dot.Parent))
		}
	}
	if elemBits != 16 {
		return nil, fmt.Errorf("%d-bit elements: ldmatrix operands are 16-bit", elemBits)
	}
	if tile[0] < 1 || tile[1] < 1 || !pow2(tile[0]) || !pow2(tile[1]) || tile[0]*tile[1] > MaxElems {
		return nil, fmt.Errorf("tile %dx%d: dimensions must be powers of two, at most %d elements in all", tile[0], tile[1], MaxElems)
	}
	layout := sh
	if len(layout.Order) != 2 {
		return nil, fmt.Errorf("shared layout %s: order must be [1, 0] or [0, 1]", ir.AttrString(shared))
	}
	rowElems := tile[layout.Order[0]]
	if err := layout.Validate(rowElems); err != nil {
		return nil, fmt.Errorf("shared layout %s on a %dx%d tile: %v", ir.AttrString(shared), tile[0], tile[1], err)
	}
	b := &BankMap{Shared: ir.AttrString(shared), Tile: tile, ElemBytes: elemBits / 8}
	addr := func(r, c int) int { return layout.Offset(r, c, rowElems) * b.ElemBytes }
	b.ElemBank = make([]int, tile[0]*tile[1])
	for r := 0; r < tile[0]; r++ {
		for c := 0; c < tile[1]; c++ {
			b.ElemBank[r*tile[1]+c] = (addr(r, c) / 4) % 32
		}
	}
	wm, wn := mma.WarpsPerCTA[0], mma.WarpsPerCTA[1]
	kContig := layout.Order[0] == 1-dot.OpIdx
	switch {
	case dot.Meta == ttgpu.MetaMeta:
		b.Operand = "A metadata (meta = 1)"
		err = b.metaLoads(addr, wm)
	case dot.OpIdx == 0:
		b.Operand = "A (meta = -1, dense)"
		if dot.Meta == ttgpu.MetaValues {
			b.Operand = "A (meta = 0, 2:4 values)"
		}
		err = b.aLoads(addr, wm, !kContig)
	default:
		b.Operand = "B (meta = -1)"
		err = b.bLoads(addr, wm, wn, !kContig)
	}
	if err != nil {
		return nil, err
	}
	b.Title = fmt.Sprintf("%s %dx%d in %s", b.Operand, tile[0], tile[1], b.Shared)
	return b, nil
}

func (b *BankMap) add(ld BankLoad) {
	acc := make([]swizzle.Access, 0, len(ld.Lanes))
	for _, l := range ld.Lanes {
		acc = append(acc, swizzle.Access{Lane: l.Lane, Addr: l.Addr, Bytes: ld.Bytes})
	}
	ld.Wavefronts, ld.Conflicts = swizzle.Wavefronts(acc), swizzle.Conflicts(acc)
	b.Loads = append(b.Loads, ld)
}

// aLoads: per warp row position, M repetition and K step of 16, one
// ldmatrix.x4; lane l points at row m + l%16, column k + 8(l/16), or with
// .trans (M contiguous) at row m + 8((l/8)%2), column k + l%8 + 8(l/16).
func (b *BankMap) aLoads(addr func(r, c int) int, wm int, trans bool) error {
	M, K := b.Tile[0], b.Tile[1]
	if M < 16 || K%16 != 0 {
		return fmt.Errorf("A operand %dx%d: need M >= 16 and K a multiple of 16", M, K)
	}
	reps := max(1, M/(16*wm))
	op := "ldmatrix.x4"
	if trans {
		op += ".trans"
	}
	for w := 0; w < min(wm, M/16); w++ {
		base := (w * 16) & (M - 1)
		for rep := 0; rep < reps; rep++ {
			m := base + rep*16*wm
			for k := 0; k < K; k += 16 {
				ld := BankLoad{What: fmt.Sprintf("warp m%d: %s rows %d+ k %d+", w, op, m, k), Warp: w, Bytes: 16}
				for l := 0; l < 32; l++ {
					r, c := m+l%16, k+8*(l/16)
					if trans {
						r, c = m+8*((l/8)%2), k+l%8+8*(l/16)
					}
					ld.Lanes = append(ld.Lanes, LaneAccess{Lane: l, Row: r, Col: c, Addr: addr(r, c)})
				}
				b.add(ld)
			}
		}
	}
	return nil
}

// bLoads: per warp column position, pair of N repetitions p, p+1 and K
// step of 16, one ldmatrix.x4 (x2 when the warp has one repetition): lane
// l's matrix l/8 covers repetition p + l/16 and K rows 8((l/8)%2)...;
// .trans when N is contiguous (lane l at K row k + l%8 + 8((l/8)%2)),
// else lane l at column n + l%8.
func (b *BankMap) bLoads(addr func(r, c int) int, wm, wn int, trans bool) error {
	K, N := b.Tile[0], b.Tile[1]
	if N < 8 || K%16 != 0 {
		return fmt.Errorf("B operand %dx%d: need N >= 8 and K a multiple of 16", K, N)
	}
	reps := max(1, N/(8*wn))
	for w := 0; w < min(wn, N/8); w++ {
		base := (w * 8) & (N - 1)
		for p := 0; p < reps; p += 2 {
			lanes, op := 32, "ldmatrix.x4"
			if p+1 >= reps {
				lanes, op = 16, "ldmatrix.x2"
			}
			if trans {
				op += ".trans"
			}
			for k := 0; k < K; k += 16 {
				ld := BankLoad{What: fmt.Sprintf("warp n%d: %s k %d+ cols %d+", w, op, k, base+p*8*wn), Warp: w * wm, Bytes: 16}
				for l := 0; l < lanes; l++ {
					n := base + p*8*wn + 8*wn*((l/16)%2)
					r, c := k+l%8+8*((l/8)%2), n
					if !trans {
						r, c = k+8*((l/8)%2), n+l%8
					}
					ld.Lanes = append(ld.Lanes, LaneAccess{Lane: l, Row: r, Col: c, Addr: addr(r, c)})
				}
				b.add(ld)
			}
		}
	}
	return nil
}

// metaLoads: per warp row position, band repetition and K-slice of 32, one
// ld.shared.b32; lane (g, t) reads the word at column 32j + 16(t&1) + 2g.
func (b *BankMap) metaLoads(addr func(r, c int) int, wm int) error {
	bands, K := b.Tile[0], b.Tile[1]
	if K%32 != 0 {
		return fmt.Errorf("metadata tile %dx%d: K must be a multiple of 32", bands, K)
	}
	reps := max(1, bands/wm)
	for w := 0; w < min(wm, bands); w++ {
		for rep := 0; rep < reps; rep++ {
			band := (w & (bands - 1)) + rep*wm
			for j := 0; j < K/32; j++ {
				ld := BankLoad{What: fmt.Sprintf("warp m%d: ld.shared.b32 band %d K-slice %d", w, band, j), Warp: w, Bytes: 4}
				for l := 0; l < 32; l++ {
					c := 32*j + 16*((l%4)&1) + 2*(l/4)
					ld.Lanes = append(ld.Lanes, LaneAccess{Lane: l, Row: band, Col: c, Addr: addr(band, c)})
				}
				b.add(ld)
			}
		}
	}
	return nil
}

// SwizzleOf reads a shared encoding (#triton_gpu.shared or
// #ttg.swizzled_shared) as the swizzle package's layout.
func SwizzleOf(a ir.Attribute) (swizzle.Shared, error) {
	switch sh := a.(type) {
	case ttgpu.SharedEncoding:
		return swizzle.Shared{Vec: sh.Vec, PerPhase: sh.PerPhase, MaxPhase: sh.MaxPhase, Order: sh.Order}, nil
	case ttgpu.SwizzledSharedEncoding:
		return swizzle.Shared{Vec: sh.Vec, PerPhase: sh.PerPhase, MaxPhase: sh.MaxPhase, Order: sh.Order}, nil
	}
	return swizzle.Shared{}, fmt.Errorf("%s is not a swizzled shared layout (#triton_gpu.shared<{vec, perPhase, maxPhase, order}>)", ir.AttrString(a))
}
