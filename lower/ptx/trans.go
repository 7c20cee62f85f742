package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// tt.trans moves no data. On a distributed tensor the result layout is
// the operand's with its dims permuted (what Triton infers), so each
// thread keeps its registers, renumbered; a result layout that would need
// elements from other threads is an error. On a shared-memory view the
// result addresses the same bytes with the tile's two dims swapped: rows
// and columns, the view origin and the contiguous dim trade places, so a
// row-major tile read through a transposed view is column-major and a dot
// operand loads it with ldmatrix.trans (loadA/loadB follow memRef.contig).
// This is how a 2:4-sparse B is lowered: accelerate-matmul computes
// Cᵀ = Bᵀ·Aᵀ, transposing both shared operands and the accumulator.
func emitTrans(k *kernel, op *ir.Operation) error {
	order := tt.TransOrder(op)
	if _, ok := op.Operand(0).Type().(tt.MemDescType); ok {
		return k.transView(op, order)
	}
	return k.reindex(op, func(d int) int { return int(order[d]) })
}

func (k *kernel) transView(op *ir.Operation, order []int64) error {
	src, err := k.get(op.Operand(0))
	if err != nil || src.mem == nil {
		return fmt.Errorf("tt.trans of a value that is not a shared-memory buffer")
	}
	sm := src.mem
	n := len(sm.lead) + 2
	if len(order) != n || sm.rows == 1 && len(sm.lead) == 0 {
		return fmt.Errorf("tt.trans of a shared-memory view must permute a 2-D tile (order %v)", order)
	}
	for d := 0; d < n-2; d++ {
		if order[d] != int64(d) {
			return fmt.Errorf("tt.trans of a shared-memory view may only swap its last two dims (order %v)", order)
		}
	}
	m := sm
	if order[n-2] == int64(n-1) {
		m = transposed(sm)
	}
	k.set(op.Result(0), &val{mem: m})
	return nil
}

// transposed returns the view of sm's tile with rows and columns swapped.
func transposed(sm *memRef) *memRef {
	m := *sm
	m.rows, m.cols = sm.cols, sm.rows
	m.r0, m.c0 = sm.c0, sm.r0
	m.contig = 1 - sm.contig
	return &m
}

func transOps(t *table) {
	t.register(emitTrans, tt.TransOpName)
}
