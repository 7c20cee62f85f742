package ir

// DomTree is the dominance relation between the blocks of one region (a
// CFG region: the verifier does not ask it about graph regions). Following
// MLIR, blocks unreachable from the entry are ignored as predecessors, and
// every block dominates an unreachable block: code that never runs
// constrains nothing. Regions are small, so dominator sets are computed
// with the classic iterative data-flow algorithm.
//
// It is the one dominance implementation: the verifier checks that
// definitions dominate their uses with it and CSE scopes its available
// expressions by its tree.
type DomTree struct {
	blocks []*Block
	index  map[*Block]int
	reach  []bool
	dom    [][]bool // dom[b][a]: a dominates b
	idom   []int    // -1 for the entry and unreachable blocks
}

// NewDomTree computes the dominance relation of r's blocks.
func NewDomTree(r *Region) *DomTree {
	n := len(r.Blocks)
	d := &DomTree{blocks: r.Blocks, index: make(map[*Block]int, n)}
	for i, b := range r.Blocks {
		d.index[b] = i
	}
	succs := make([][]int, n)
	for i, b := range r.Blocks {
		for _, s := range b.Successors() {
			if j, ok := d.index[s]; ok {
				succs[i] = append(succs[i], j)
			}
		}
	}
	d.reach = reachable(succs)
	preds := make([][]int, n)
	for i := range succs {
		for _, j := range succs[i] {
			if d.reach[i] {
				preds[j] = append(preds[j], i)
			}
		}
	}
	d.dom = make([][]bool, n)
	for i := range d.dom {
		d.dom[i] = make([]bool, n)
		for j := range d.dom[i] {
			d.dom[i][j] = i != 0 || j == 0
		}
	}
	for changed := true; changed; {
		changed = false
		for i := 1; i < n; i++ {
			if d.reach[i] && intersectPreds(d.dom, preds[i], i) {
				changed = true
			}
		}
	}
	d.idom = make([]int, n)
	for i := range d.idom {
		d.idom[i] = d.immediate(i)
	}
	return d
}

// immediate is the strict dominator of reachable block i with the most
// dominators of its own (strict dominators form a chain), -1 if none.
func (d *DomTree) immediate(i int) int {
	if i == 0 || !d.reach[i] {
		return -1
	}
	size := func(j int) int {
		k := 0
		for _, x := range d.dom[j] {
			if x {
				k++
			}
		}
		return k
	}
	best := -1
	for j, x := range d.dom[i] {
		if j != i && x && (best < 0 || size(j) > size(best)) {
			best = j
		}
	}
	return best
}

// Dominates reports whether a dominates b (every block dominates itself).
// Blocks of other regions dominate nothing here.
func (d *DomTree) Dominates(a, b *Block) bool {
	i, ok1 := d.index[a]
	j, ok2 := d.index[b]
	return ok1 && ok2 && d.dom[j][i]
}

// Reachable reports whether b is reachable from the region's entry.
func (d *DomTree) Reachable(b *Block) bool {
	i, ok := d.index[b]
	return ok && d.reach[i]
}

// Idom returns the immediate dominator of b: nil for the entry block, for
// unreachable blocks and for blocks of other regions.
func (d *DomTree) Idom(b *Block) *Block {
	i, ok := d.index[b]
	if !ok || d.idom[i] < 0 {
		return nil
	}
	return d.blocks[d.idom[i]]
}

// Order lists the region's blocks so that each reachable block comes
// after its immediate dominator (region order otherwise).
func (d *DomTree) Order() []*Block {
	done := make([]bool, len(d.blocks))
	out := make([]*Block, 0, len(d.blocks))
	var add func(i int)
	add = func(i int) {
		if done[i] {
			return
		}
		done[i] = true
		if p := d.idom[i]; p >= 0 {
			add(p)
		}
		out = append(out, d.blocks[i])
	}
	for i := range d.blocks {
		add(i)
	}
	return out
}

// reachable marks the blocks reachable from the entry (block 0).
func reachable(succs [][]int) []bool {
	seen := make([]bool, len(succs))
	if len(succs) == 0 {
		return seen
	}
	work := []int{0}
	seen[0] = true
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		for _, j := range succs[i] {
			if !seen[j] {
				seen[j] = true
				work = append(work, j)
			}
		}
	}
	return seen
}

// intersectPreds sets dom[i] to the intersection of its predecessors'
// sets plus i itself and reports a change.
func intersectPreds(dom [][]bool, preds []int, i int) bool {
	n := len(dom)
	next := make([]bool, n)
	for j := range next {
		next[j] = len(preds) > 0
		for _, p := range preds {
			next[j] = next[j] && dom[p][j]
		}
	}
	next[i] = true
	changed := false
	for j := range next {
		if next[j] != dom[i][j] {
			changed = true
		}
	}
	dom[i] = next
	return changed
}
