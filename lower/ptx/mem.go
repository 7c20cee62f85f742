package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Global loads and stores. A thread's elements are grouped into runs of
// vec consecutive registers that are contiguous in memory; vec is the
// largest power of two allowed by the layout (sizePerThread along the
// fastest dimension), the pointer's contiguity and alignment (axisInfo),
// the mask's constancy, and 16 bytes. A run of vec*bytes >= 4 moves as
// ld/st.global.v{1,2,4}.b32 words (16-bit elements packed two per word).

// memRun is one vectorized access: registers [start, start+vec).
type memRun struct{ start, vec int }

// vecWidth picks the vector width of accesses through pointer value ptr
// (element kind s) with optional mask.
func (k *kernel) vecWidth(ptr, mask *ir.Value, s scalar) (*threadMap, int, error) {
	return k.vecWidthOf(ptr, mask, s, s.bits < 16)
}

// vecWidthRaw is vecWidth for copies that move bytes without registers
// (cp.async): 8-bit elements get vectors too.
func (k *kernel) vecWidthRaw(ptr, mask *ir.Value, s scalar) (*threadMap, int, error) {
	return k.vecWidthOf(ptr, mask, s, s.bits < 8)
}

func (k *kernel) vecWidthOf(ptr, mask *ir.Value, s scalar, scalarOnly bool) (*threadMap, int, error) {
	rt, ok := ptr.Type().(ir.RankedTensorType)
	if !ok {
		return nil, 1, nil
	}
	tm, err := k.threadMap(rt)
	if err != nil {
		return nil, 0, err
	}
	if scalarOnly {
		return tm, 1, nil
	}
	o := tm.order[0]
	vec := k.axis.AccessElems(ptr, mask, o, int64(s.bytes()))
	vec = pow2Floor(vec)
	for vec > 1 && !runsContiguous(tm, o, int(vec)) {
		vec /= 2
	}
	return tm, int(vec), nil
}

// runsContiguous checks that registers [i*vec, (i+1)*vec) hold
// consecutive coordinates along dim o and equal coordinates elsewhere.
func runsContiguous(tm *threadMap, o, vec int) bool {
	if len(tm.offs)%vec != 0 {
		return false
	}
	for i := 0; i < len(tm.offs); i += vec {
		for j := 1; j < vec; j++ {
			a, b := tm.offs[i], tm.offs[i+j]
			for d := range a {
				want := a[d]
				if d == o {
					want += int64(j)
				}
				if b[d] != want {
					return false
				}
			}
		}
		if tm.offs[i][o]%int64(vec) != 0 {
			return false
		}
	}
	return true
}

// packWords packs run registers into .b32 words (16-bit elements two per
// word); 32-bit and 64-bit elements are used as they are.
func (k *kernel) packWords(s scalar, regs []asm.Operand) []asm.Operand {
	if s.bits != 16 {
		return regs
	}
	var words []asm.Operand
	for i := 0; i+1 < len(regs); i += 2 {
		w := k.newReg(clsB32)
		k.op("mov.b32", w, asm.Vec{regs[i], regs[i+1]})
		words = append(words, w)
	}
	return words
}

func vecSuffix(n int) string {
	if n == 1 {
		return ""
	}
	return fmt.Sprintf(".v%d", n)
}

// accessType is the PTX type of one vector lane of an access of vec
// elements of kind s.
func accessType(s scalar, vec int) (string, int) {
	switch {
	case s.bits == 16 && vec >= 2:
		return "b32", vec / 2
	case s.bits == 16:
		return "b16", 1
	case s.bits < 16:
		return "u8", vec
	case s.cls == clsF32:
		return "f32", vec
	case s.cls == clsF64:
		return "f64", vec
	case s.bits == 32:
		return "b32", vec
	}
	return "b64", vec
}

// globalAccess is the per-element registers of one tt.load or tt.store:
// pointers, optional mask and (loads) optional other value.
type globalAccess struct {
	s                   scalar
	vec                 int
	ptrs, masks, others []asm.Operand
}

// guard predicates in by the mask of element i, when there is a mask.
func (a *globalAccess) guard(k *kernel, in *asm.Instr, i int) {
	if a.masks != nil {
		in.If(k.predReg(a.masks[i]), false)
	}
}

// access collects the registers of a global access and its vector width
// (recorded in k.vecOf).
func (k *kernel) access(op *ir.Operation, ptr, mask, other *ir.Value, elem ir.Type) (*globalAccess, error) {
	if pt, ok := ptr.Type().(tt.PointerType); ok && pt.IsBlockPointer() {
		return nil, fmt.Errorf("%s through a block pointer: run triton-rewrite-tensor-pointer before lowering to PTX", op.Name)
	}
	s, err := elemScalar(elem)
	if err != nil {
		return nil, err
	}
	a := &globalAccess{s: s}
	if _, a.vec, err = k.vecWidth(ptr, mask, s); err != nil {
		return nil, err
	}
	k.vecOf[op] = a.vec
	if a.ptrs, err = k.regsOf(ptr); err != nil {
		return nil, err
	}
	if mask != nil {
		if a.masks, err = k.regsOf(mask); err != nil {
			return nil, err
		}
	}
	if other != nil {
		if a.others, err = k.regsOf(other); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func emitLoad(k *kernel, op *ir.Operation) error {
	ld, ok := tt.AsLoad(op)
	if !ok {
		return fmt.Errorf("malformed tt.load")
	}
	a, err := k.access(op, ld.Ptr(), ld.Mask(), ld.Other(), ld.Result(0).Type())
	if err != nil {
		return err
	}
	res, err := k.freshVal(ld.Result(0).Type())
	if err != nil {
		return err
	}
	for i := 0; i < len(res.regs); i += a.vec {
		if a.s.cls == clsPred || a.s.bits == 8 {
			k.loadByte(a, i, res.regs[i])
		} else {
			k.loadRun(a, i, res.regs[i:i+a.vec])
		}
	}
	k.set(ld.Result(0), res)
	return nil
}

// loadByte loads element i of an i1 or i8 tensor (one ld.global.u8/s8).
func (k *kernel) loadByte(a *globalAccess, i int, dst asm.Operand) {
	t := k.newReg(clsB16)
	if a.masks != nil {
		k.op("mov.u16", t, zero)
		if a.others != nil {
			k.movPacked(a.s, t, a.others[i])
		}
	}
	ty := "s8"
	if a.s.cls == clsPred {
		ty = "u8"
	}
	a.guard(k, k.op("ld.global."+ty, t, asm.Addr{Base: a.ptrs[i]}), i)
	if a.s.cls == clsPred {
		k.op("setp.ne.u16", dst, t, zero)
	} else {
		k.op("mov.b16", dst, t)
	}
}

// loadRun loads the vector run of elements starting at i into run;
// 16-bit elements travel packed two per .b32 word.
func (k *kernel) loadRun(a *globalAccess, i int, run []asm.Operand) {
	ty, lanes := accessType(a.s, a.vec)
	dst := run
	if ty == "b32" && a.s.bits == 16 {
		dst = make([]asm.Operand, lanes)
		for j := range dst {
			dst[j] = k.newReg(clsB32)
		}
	}
	if a.masks != nil {
		// Masked-off lanes keep `other` (or zero).
		for j := range dst {
			switch {
			case a.others == nil:
				k.op("mov."+zeroType(ty), dst[j], zeroImm(ty))
			case len(dst) == len(run):
				k.mov(a.s, dst[j], a.others[i+j])
			default:
				k.op("mov.b32", dst[j], asm.Vec{a.others[i+2*j], a.others[i+2*j+1]})
			}
		}
	}
	a.guard(k, k.op("ld.global"+vecSuffix(lanes)+"."+ty, braceList(dst, lanes > 1), asm.Addr{Base: a.ptrs[i]}), i)
	if len(dst) != len(run) {
		for j, w := range dst {
			k.op("mov.b32", asm.Vec{run[2*j], run[2*j+1]}, w)
		}
	}
}

func zeroType(ty string) string {
	switch ty {
	case "f32", "f64":
		return ty
	case "b16", "u8":
		return "u16" // 8-bit values live in .b16 registers
	case "b64":
		return "u64"
	}
	return "u32"
}

func zeroImm(ty string) asm.Operand {
	switch ty {
	case "f32":
		return asm.FloatImm{}
	case "f64":
		return asm.FloatImm{Double: true}
	}
	return zero
}

func (k *kernel) movPacked(s scalar, dst, src asm.Operand) {
	if s.cls == clsPred {
		k.op("selp.u16", dst, imm(1), zero, src)
		return
	}
	k.op("mov.b16", dst, src)
}

// braceList is regs as a brace group, or its only register.
func braceList(regs []asm.Operand, brace bool) asm.Operand {
	if !brace {
		return regs[0]
	}
	return asm.Vec(regs)
}

func emitStore(k *kernel, op *ir.Operation) error {
	st, ok := tt.AsStore(op)
	if !ok {
		return fmt.Errorf("malformed tt.store")
	}
	a, err := k.access(op, st.Ptr(), st.Mask(), nil, st.Value().Type())
	if err != nil {
		return err
	}
	vals, err := k.regsOf(st.Value())
	if err != nil {
		return err
	}
	ty, lanes := accessType(a.s, a.vec)
	for i := 0; i < len(vals); i += a.vec {
		if a.s.cls == clsPred || a.s.bits == 8 {
			t := vals[i]
			if a.s.cls == clsPred {
				t = k.newReg(clsB16)
				k.movPacked(a.s, t, vals[i])
			}
			a.guard(k, k.eff("st.global.u8", asm.Addr{Base: a.ptrs[i]}, t), i)
			continue
		}
		src := k.packWords(a.s, vals[i:i+a.vec])
		if ty == "b16" {
			src = vals[i : i+1]
		}
		a.guard(k, k.eff("st.global"+vecSuffix(lanes)+"."+ty, asm.Addr{Base: a.ptrs[i]}, braceList(src, lanes > 1)), i)
	}
	return nil
}

// memOps adds this file's ops to the table.
func memOps(t *table) {
	t.register(emitLoad, tt.LoadOpName)
	t.register(emitStore, tt.StoreOpName)
}
