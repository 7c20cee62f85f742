package swizzle

import "fmt"

// The test grid of the brief: block shapes, K widths, element types and
// warp grids.
var (
	blockSizes = []int{64, 128, 256}
	bkSizes    = []int{32, 64, 128}
	elemTypes  = []elemType{{"f16", 16}, {"bf16", 16}}
	warpGrids  = [][2]int{{2, 2}, {4, 1}, {4, 2}, {1, 4}, {8, 1}}
	rowMajor   = []int{1, 0}
	colMajor   = []int{0, 1}
)

type elemType struct {
	name string
	bits int
}

// operand is one shared operand tile of a dot.
type operand struct {
	kind        string // "A dense", "A values", "B", "E"
	opIdx, meta int
	shape       [2]int
	order       []int
	elem        elemType
}

func (o operand) String() string {
	return fmt.Sprintf("%s %dx%d%s order %v", o.kind, o.shape[0], o.shape[1], o.elem.name, o.order)
}

func (o operand) kWidth() int { return 32 / o.elem.bits }

func (o operand) choose() Shared {
	s, err := ForDotOperand(o.opIdx, o.kWidth(), o.elem.bits, o.shape, o.order, o.meta)
	if err != nil {
		panic("test operand out of the model: " + err.Error())
	}
	return s
}

func (o operand) loads(sh Shared, warps [2]int) []Load {
	lds, err := DotOperandLoads(o.opIdx, o.meta, o.elem.bits, o.shape, sh, warps)
	if err != nil {
		panic(fmt.Sprintf("%v: %v", o, err))
	}
	return lds
}

// operandsOf lists the shared operand tiles of a BM x BN x BK dot with
// element type et: dense A and B in both orders, the values of a sparse A
// (BM x BK/2) in both orders and its metadata ((BM/16) x BK, i16).
func operandsOf(bm, bn, bk int, et elemType) []operand {
	i16 := elemType{"i16", 16}
	var ops []operand
	for _, ord := range [][]int{rowMajor, colMajor} {
		ops = append(ops,
			operand{"A dense", 0, MetaDense, [2]int{bm, bk}, ord, et},
			operand{"A values", 0, MetaValues, [2]int{bm, bk / 2}, ord, et},
			operand{"B", 1, MetaDense, [2]int{bk, bn}, ord, et})
	}
	return append(ops, operand{"E", 0, MetaMetadata, [2]int{bm / 16, bk}, rowMajor, i16})
}

// forGrid calls f once for every distinct operand tile of the dots of the
// test grid and every warp grid (an A tile does not depend on BN, a B tile
// not on BM).
func forGrid(f func(o operand, warps [2]int)) {
	seen := map[string]bool{}
	for _, bm := range blockSizes {
		for _, bn := range blockSizes {
			for _, bk := range bkSizes {
				for _, et := range elemTypes {
					for _, o := range operandsOf(bm, bn, bk, et) {
						for _, w := range warpGrids {
							if key := fmt.Sprint(o, w); !seen[key] {
								seen[key] = true
								f(o, w)
							}
						}
					}
				}
			}
		}
	}
}

// totalConflicts sums Conflicts over loads and returns the worst load.
func totalConflicts(loads []Load) (sum int, worst Load, worstN int) {
	for _, ld := range loads {
		n := Conflicts(ld.Acc)
		sum += n
		if n > worstN {
			worst, worstN = ld, n
		}
	}
	return sum, worst, worstN
}

func itoa(i int) string { return fmt.Sprint(i) }
