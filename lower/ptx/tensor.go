package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Tensor-shaping ops move no data: they re-index the registers of their
// operand through the threadMaps of operand and result.

func emitProgramID(k *kernel, op *ir.Operation) error {
	dim, ok := tt.EnumProp(op, "axis", tt.ProgramIDDim(0))
	axis := int(dim)
	if !ok || axis < 0 || axis > 2 {
		return fmt.Errorf("bad program id axis %s", ir.AttrString(op.Attr("axis")))
	}
	sreg := map[string]string{tt.GetProgramIdOpName: "%ctaid", tt.GetNumProgramsOpName: "%nctaid"}[op.Name]
	if k.clusterCTAs > 1 { // a program is a cluster
		sreg = map[string]string{tt.GetProgramIdOpName: "%clusterid", tt.GetNumProgramsOpName: "%nclusterid"}[op.Name]
	}
	r := k.newReg(clsB32)
	k.op("mov.u32", r, asm.Special(sreg+"."+"xyz"[axis:axis+1]))
	k.set(op.Result(0), &val{regs: []asm.Operand{r}})
	return nil
}

// emitClusterCTAId is the CTA's rank in its cluster.
func emitClusterCTAId(k *kernel, op *ir.Operation) error {
	if k.clusterCTAs < 2 {
		return fmt.Errorf("cluster_cta_id in a kernel without clusters (sp.cluster_ctas)")
	}
	k.set(op.Result(0), &val{regs: []asm.Operand{k.rank()}}) // the prologue's register
	return nil
}

// emitClusterArrive/Wait are the cluster barrier (every thread of every
// CTA of the cluster); the wait also orders this CTA's shared-memory
// accesses as a bar.sync would.
func emitClusterArrive(k *kernel, op *ir.Operation) error {
	if _, relaxed := op.Attr("relaxed").(ir.UnitAttr); relaxed {
		k.eff("barrier.cluster.arrive.relaxed.aligned")
	} else {
		// the mbarrier inits before it are seen by the other CTAs' remote
		// arrivals and multicast copies after the matching wait
		k.eff("fence.mbarrier_init.release.cluster")
		k.eff("barrier.cluster.arrive.release.aligned")
	}
	return nil
}

func emitClusterWait(k *kernel, op *ir.Operation) error {
	k.eff("barrier.cluster.wait.acquire.aligned")
	k.synced()
	return nil
}

func emitMakeRange(k *kernel, op *ir.Operation) error {
	rt, ok := op.Result(0).Type().(ir.RankedTensorType)
	if !ok {
		return fmt.Errorf("make_range result must be a tensor")
	}
	tm, err := k.threadMap(rt)
	if err != nil {
		return err
	}
	start := op.IntAttrOr("start", 0)
	regs := make([]asm.Operand, len(tm.offs))
	for i := range regs {
		c := k.coord(tm, i, 0)
		r := k.newReg(clsB32)
		if start != 0 {
			k.op("add.s32", r, c, imm(start))
		} else {
			k.op("mov.u32", r, c)
		}
		regs[i] = r
	}
	k.set(op.Result(0), &val{regs: regs})
	return nil
}

func emitSplat(k *kernel, op *ir.Operation) error {
	src, err := k.regsOf(op.Operand(0))
	if err != nil {
		return err
	}
	n, err := k.numElems(op.Result(0).Type())
	if err != nil {
		return err
	}
	regs := make([]asm.Operand, n)
	for i := range regs {
		regs[i] = src[0]
	}
	k.set(op.Result(0), &val{regs: regs})
	return nil
}

// reindex maps every result element to the operand element at the same
// coordinates, where the operand's coordinate in dims listed in drop is
// ignored (broadcast) and dims are renumbered by srcDim.
func (k *kernel) reindex(op *ir.Operation, srcDim func(d int) int) error {
	st, ok1 := op.Operand(0).Type().(ir.RankedTensorType)
	dt, ok2 := op.Result(0).Type().(ir.RankedTensorType)
	if !ok1 || !ok2 {
		return fmt.Errorf("%s needs tensor operand and result", op.Name)
	}
	sm, err := k.threadMap(st)
	if err != nil {
		return err
	}
	dm, err := k.threadMap(dt)
	if err != nil {
		return err
	}
	src, err := k.regsOf(op.Operand(0))
	if err != nil {
		return err
	}
	// The bases must agree in the dims that are carried over.
	for d := range dt.Shape {
		sd := srcDim(d)
		if sd < 0 || st.Shape[sd] == 1 {
			continue
		}
		if sm.base[sd] != dm.base[d] {
			return fmt.Errorf("operand layout %s does not distribute dimension %d like the result layout %s", ir.AttrString(st.Encoding), sd, ir.AttrString(dt.Encoding))
		}
	}
	index := map[string]int{}
	for i, off := range sm.offs {
		key := fmt.Sprint(off)
		if _, ok := index[key]; !ok {
			index[key] = i
		}
	}
	regs := make([]asm.Operand, len(dm.offs))
	for i, off := range dm.offs {
		so := make([]int64, len(st.Shape))
		for d := range dt.Shape {
			sd := srcDim(d)
			if sd < 0 {
				continue
			}
			if st.Shape[sd] == 1 {
				so[sd] = 0
			} else {
				so[sd] = off[d]
			}
		}
		j, ok := index[fmt.Sprint(so)]
		if !ok {
			return fmt.Errorf("element %v of the result is not held by the same thread in the operand (layouts %s -> %s)", off, ir.AttrString(st.Encoding), ir.AttrString(dt.Encoding))
		}
		regs[i] = src[j]
	}
	k.set(op.Result(0), &val{regs: regs})
	return nil
}

func emitBroadcast(k *kernel, op *ir.Operation) error {
	return k.reindex(op, func(d int) int { return d })
}

func emitExpandDims(k *kernel, op *ir.Operation) error {
	axis := int(op.IntAttrOr("axis", 0))
	return k.reindex(op, func(d int) int {
		switch {
		case d < axis:
			return d
		case d == axis:
			return -1
		}
		return d - 1
	})
}

func emitAddPtr(k *kernel, op *ir.Operation) error {
	pt, ok := ir.ElementType(op.Operand(0).Type()).(tt.PointerType)
	if !ok {
		return fmt.Errorf("tt.addptr needs a pointer operand")
	}
	ps, err := scalarOf(pt.Pointee)
	if err != nil {
		return err
	}
	os, err := elemScalar(op.Operand(1).Type())
	if err != nil {
		return err
	}
	eb := ps.bytes()
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		switch os.bits {
		case 32:
			k.op("mad.wide.s32", dst, in[1], imm(eb), in[0])
		case 64:
			k.op("mad.lo.s64", dst, in[1], imm(eb), in[0])
		default:
			w := k.newReg(clsB32)
			k.op(fmt.Sprintf("cvt.s32.s%d", max(os.bits, 16)), w, in[1])
			if os.bits == 8 {
				k.op("cvt.s32.s8", w, in[1])
			}
			k.op("mad.wide.s32", dst, w, imm(eb), in[0])
		}
		return nil
	})
}

// tensorOps adds this file's ops to the table.
func tensorOps(t *table) {
	t.register(emitProgramID, tt.GetProgramIdOpName, tt.GetNumProgramsOpName)
	t.register(emitClusterCTAId, ttng.ClusterCTAIdOpName)
	t.register(emitClusterArrive, ttng.ClusterArriveOpName)
	t.register(emitClusterWait, ttng.ClusterWaitOpName)
	t.register(emitMakeRange, tt.MakeRangeOpName)
	t.register(emitSplat, tt.SplatOpName)
	t.register(emitBroadcast, tt.BroadcastOpName)
	t.register(emitExpandDims, tt.ExpandDimsOpName)
	t.register(emitAddPtr, tt.AddptrOpName)
}
