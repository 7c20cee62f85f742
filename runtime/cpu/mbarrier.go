package cpu

import (
	"errors"
	"fmt"

	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
)

// The interpreter runs a program's ops once for the whole CTA, so an
// arrival made by every thread (arrive_barrier {perThread},
// async_copy_mbarrier_arrive) counts once per thread of the module's
// num-warps; copies complete when issued, so a tracked arrival lands at once.

const opCopyArrive = "triton_nvidia_gpu.async_copy_mbarrier_arrive"

func addMbarrier(m map[string]handler) {
	m[opCopyArrive] = copyArrive
}

// ctaThreads is 32 x the num-warps of op's module.
func ctaThreads(op *ir.Operation) (int64, error) {
	mod := op.ParentOfName(builtin.ModuleOpName)
	if mod == nil {
		return 0, errors.New("not inside a module")
	}
	nw, ok := ttgpu.NumWarps(mod)
	if !ok || nw < 1 {
		return 0, errors.New("an arrival by every thread needs the module's num-warps")
	}
	return 32 * int64(nw), nil
}

// arriveAll makes n arrivals on b.
func (b *mbar) arriveAll(n int64) error {
	b.pending -= n
	if b.pending < 0 {
		return fmt.Errorf("%d arrivals on an mbarrier that expects %d per phase", b.count-b.pending, b.count)
	}
	b.settle()
	return nil
}

// copyArrive: with noIncrement every thread's arrival counts against the
// expected count; without it the pending count rises and falls again.
func copyArrive(f *frame, op *ir.Operation, in []*Value) ([]*Value, error) {
	b, err := f.barrier(in[0])
	if err != nil {
		return nil, err
	}
	if _, ok := op.Attr("noIncrement").(ir.UnitAttr); !ok {
		return nil, nil
	}
	n, err := ctaThreads(op)
	if err != nil {
		return nil, err
	}
	return nil, b.arriveAll(n)
}
