package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Atomics. tt.atomic_rmw applies its operation once per element: each
// element is updated by exactly one thread (threads that replicate an
// element of a blocked layout, or a scalar, are masked off), with
// atom.global (the old value is used) or red.global (it is not), the op's
// memory semantic and scope as PTX qualifiers (.relaxed.gpu, ...).

// rmwPTX maps an RMW op and element kind to the PTX operation and type.
func rmwPTX(rmw tt.RMWOp, s scalar) (string, string, error) {
	w := fmt.Sprint(s.bits)
	switch {
	case s.float && rmw == tt.RMWFAdd && (s.bits == 32 || s.bits == 64):
		return "add", "f" + w, nil
	case s.float:
		return "", "", fmt.Errorf("%v on f%d is not supported by the PTX lowering (fadd on f32 or f64 is)", rmw, s.bits)
	case s.bits != 32 && s.bits != 64:
		return "", "", fmt.Errorf("atomics on i%d are not supported by the PTX lowering (i32 or i64)", s.bits)
	}
	switch rmw {
	case tt.RMWAdd:
		return "add", "u" + w, nil
	case tt.RMWAnd:
		return "and", "b" + w, nil
	case tt.RMWOr:
		return "or", "b" + w, nil
	case tt.RMWXor:
		return "xor", "b" + w, nil
	case tt.RMWMax:
		return "max", "s" + w, nil
	case tt.RMWMin:
		return "min", "s" + w, nil
	case tt.RMWUMax:
		return "max", "u" + w, nil
	case tt.RMWUMin:
		return "min", "u" + w, nil
	case tt.RMWXchg:
		return "exch", "b" + w, nil
	}
	return "", "", fmt.Errorf("%v on integers is not supported by the PTX lowering", rmw)
}

// semScope returns the PTX qualifiers of an atomic: for atom the op's
// semantic and scope; for red (no result) the semantic red allows
// (.relaxed or .release: an acquire whose value nobody reads orders
// nothing).
func semScope(op *ir.Operation, red bool) string {
	sem, _ := tt.EnumProp(op, "sem", tt.SemAcqRel)
	scope, _ := tt.EnumProp(op, "scope", tt.ScopeGPU)
	if red {
		sem = map[tt.MemSemantic]tt.MemSemantic{tt.SemRelaxed: tt.SemRelaxed, tt.SemAcquire: tt.SemRelaxed,
			tt.SemRelease: tt.SemRelease, tt.SemAcqRel: tt.SemRelease}[sem]
	}
	q := map[tt.MemSemantic]string{tt.SemRelaxed: ".relaxed", tt.SemAcquire: ".acquire", tt.SemRelease: ".release", tt.SemAcqRel: ".acq_rel"}[sem]
	return q + map[tt.MemSyncScope]string{tt.ScopeGPU: ".gpu", tt.ScopeCTA: ".cta", tt.ScopeSystem: ".sys"}[scope]
}

// atomicRegs are the per-element registers of a tt.atomic_rmw's pointer,
// value and (optional) mask operands.
type atomicRegs struct {
	ptrs, vals, masks []asm.Operand
}

// atomicOperands reads the registers of op's pointer, value and mask.
func atomicOperands(k *kernel, op *ir.Operation) (atomicRegs, error) {
	var r atomicRegs
	var err error
	if r.ptrs, err = k.regsOf(op.Operand(0)); err != nil {
		return r, err
	}
	if r.vals, err = k.regsOf(op.Operand(1)); err != nil {
		return r, err
	}
	if op.NumOperands() > 2 {
		if r.masks, err = k.regsOf(op.Operand(2)); err != nil {
			return r, err
		}
	}
	return r, nil
}

// atomicGuard is the predicate of element i's access: its mask and the
// owner predicate, either, or nil when every thread updates its elements.
func atomicGuard(k *kernel, masks []asm.Operand, owner asm.Operand, i int) asm.Operand {
	switch {
	case masks != nil && owner != nil:
		p := k.newReg(clsPred)
		k.op("and.pred", p, k.predReg(masks[i]), owner)
		return p
	case masks != nil:
		return k.predReg(masks[i])
	}
	return owner
}

// emitAtomicRMW lowers tt.atomic_rmw to atom.global (the old value is
// used) or red.global, one access per element owned by this thread.
func emitAtomicRMW(k *kernel, op *ir.Operation) error {
	ptr := op.Operand(0)
	s, err := elemScalar(op.Operand(1).Type())
	if err != nil {
		return err
	}
	rmw, _ := tt.EnumProp(op, "atomic_rmw_op", tt.RMWAdd)
	name, ty, err := rmwPTX(rmw, s)
	if err != nil {
		return err
	}
	regs, err := atomicOperands(k, op)
	if err != nil {
		return err
	}
	ptrs, vals := regs.ptrs, regs.vals
	owner, dup, err := k.uniqueOwner(ptr.Type())
	if err != nil {
		return err
	}
	used := op.Result(0).HasUses()
	var res *val
	if used {
		if owner != nil || dup != nil {
			return fmt.Errorf("old values of an atomic on a layout that replicates elements across threads or registers, is not supported by the PTX lowering")
		}
		if res, err = k.freshVal(op.Result(0).Type()); err != nil {
			return err
		}
	}
	for i := range ptrs {
		if dup != nil && dup[i] {
			continue
		}
		guard := atomicGuard(k, regs.masks, owner, i)
		var in *asm.Instr
		if used {
			in = k.op("atom"+semScope(op, false)+".global."+name+"."+ty, res.regs[i], asm.Addr{Base: ptrs[i]}, vals[i])
		} else {
			in = k.eff("red"+semScope(op, true)+".global."+name+"."+ty, asm.Addr{Base: ptrs[i]}, vals[i])
		}
		if guard != nil {
			in.If(k.predReg(guard), false)
		}
	}
	if used {
		k.set(op.Result(0), res)
	}
	return nil
}

// uniqueOwner returns, for an access through pointer type t, a predicate
// that is true in the one thread owning each element (nil when no thread
// replicates another) and the registers that repeat an earlier register
// of the same thread (nil when none). A scalar is owned by thread 0.
func (k *kernel) uniqueOwner(t ir.Type) (asm.Operand, []bool, error) {
	rt, ok := t.(ir.RankedTensorType)
	if !ok {
		p := k.newReg(clsPred)
		k.op("setp.eq.u32", p, k.tid, zero)
		return p, nil, nil
	}
	tm, err := k.threadMap(rt)
	if err != nil {
		return nil, nil, err
	}
	var dup []bool
	seen := map[string]bool{}
	for i, off := range tm.offs {
		key := offKey(off, -1)
		if seen[key] {
			if dup == nil {
				dup = make([]bool, len(tm.offs))
			}
			dup[i] = true
		}
		seen[key] = true
	}
	if m, ok := rt.Encoding.(ttgpu.NvidiaMmaEncoding); ok && len(rt.Shape) == 2 &&
		rt.Shape[0] >= 16*int64(m.WarpsPerCTA[0]) && rt.Shape[1] >= 8*int64(m.WarpsPerCTA[1]) {
		return nil, dup, nil // an mma accumulator this large has one owner per element
	}
	l, ok := rt.Encoding.(ttgpu.BlockedEncoding)
	if !ok {
		return nil, nil, fmt.Errorf("atomics on layout %s are not supported by the PTX lowering (blocked layouts and unreplicated mma accumulators are)", ir.AttrString(rt.Encoding))
	}
	return k.blockedOwner(rt, l), dup, nil
}

// blockedOwner is the owner predicate of a blocked layout. Along dimension
// d, thread coordinate (lane_d + tpw_d*warp_d)*spt_d wraps modulo the size
// when the CTA tile is larger: the threads at or beyond the size replicate
// others. When every thread holds the whole dimension, only the first
// thread along it owns. Nil when no dimension replicates.
func (k *kernel) blockedOwner(rt ir.RankedTensorType, l ttgpu.BlockedEncoding) asm.Operand {
	var owner asm.Operand
	laneShift, warpShift := 0, 0
	for _, d := range l.Order {
		spt, tpw, wpc := int64(l.SizePerThread[d]), int64(l.ThreadsPerWarp[d]), int64(l.WarpsPerCTA[d])
		S := rt.Shape[d]
		wraps := spt*tpw*wpc > S && spt < S
		whole := spt >= S && tpw*wpc > 1
		if wraps || whole {
			li := k.bitField(k.lane, laneShift, tpw)
			wi := k.bitField(k.warp, warpShift, wpc)
			c := k.newReg(clsB32)
			k.op("mad.lo.u32", c, wi, imm(tpw), li)
			p := k.newReg(clsPred)
			if wraps {
				if spt > 1 {
					k.op("shl.b32", c, c, imm(log2(spt)))
				}
				k.op("setp.lt.u32", p, c, imm(S))
			} else {
				k.op("setp.eq.u32", p, c, zero)
			}
			if owner != nil {
				q := k.newReg(clsPred)
				k.op("and.pred", q, owner, p)
				p = q
			}
			owner = p
		}
		laneShift += log2(tpw)
		warpShift += log2(wpc)
	}
	return owner
}

// atomicOps adds this file's ops to the table.
func atomicOps(t *table) {
	t.register(emitAtomicRMW, tt.AtomicRmwOpName)
}
