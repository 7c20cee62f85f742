package ptx

import (
	"fmt"
	"github.com/sparsetriton/sp/dialect/math"
	"github.com/sparsetriton/sp/dialect/tt"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
)

// Element-wise ops work register by register: all operands and the result
// have the same type shape and layout, hence the same threadMap and the
// same number of registers. f16 and bf16 arithmetic is done in f32 and
// rounded back with cvt.rn (exact for +, -, *, /, sqrt: f32 has more than
// twice the precision of either format).

// elementwise allocates the result registers of op and calls f for each
// element with the operand registers.
func (k *kernel) elementwise(op *ir.Operation, f func(dst asm.Operand, in []asm.Operand) error) error {
	res, err := k.freshVal(op.Result(0).Type())
	if err != nil {
		return err
	}
	ins := make([][]asm.Operand, op.NumOperands())
	for i, o := range op.Operands() {
		if ins[i], err = k.regsOf(o); err != nil {
			return err
		}
		if len(ins[i]) != len(res.regs) {
			return fmt.Errorf("operand %d has %d registers per thread, result %d: operands must share the result's layout", i, len(ins[i]), len(res.regs))
		}
	}
	in := make([]asm.Operand, len(ins))
	for e, dst := range res.regs {
		for i := range ins {
			in[i] = ins[i][e]
		}
		if err := f(dst, in); err != nil {
			return err
		}
	}
	k.set(op.Result(0), res)
	return nil
}

// toF32 returns an f32 register holding the value of reg (kind s).
func (k *kernel) toF32(s scalar, reg asm.Operand) asm.Operand {
	if s.cls == clsF32 {
		return reg
	}
	f := k.newReg(clsF32)
	switch {
	case s.bf16:
		r := k.newReg(clsB32)
		k.op("cvt.u32.u16", r, reg)
		k.op("shl.b32", r, r, imm(16))
		k.op("mov.b32", f, r)
	case s.float && s.bits == 16:
		k.op("cvt.f32.f16", f, reg)
	case s.cls == clsF64:
		k.op("cvt.rn.f32.f64", f, reg)
	}
	return f
}

// fromF32 rounds the f32 register f to kind s into dst.
func (k *kernel) fromF32(s scalar, dst, f asm.Operand) {
	switch {
	case s.bf16:
		k.op("cvt.rn.bf16.f32", dst, f)
	case s.float && s.bits == 16:
		k.op("cvt.rn.f16.f32", dst, f)
	default:
		k.op("mov.f32", dst, f)
	}
}

// floatInstr names one float instruction for operand type ty ("f32" or
// "f64") and orders its sources.
type floatInstr func(ty string, in []asm.Operand) (string, []asm.Operand)

// floatOp emits a float op of arity len(in); for 16-bit types it runs in
// f32.
func (k *kernel) floatOp(s scalar, f floatInstr, dst asm.Operand, in []asm.Operand) {
	if s.cls == clsF32 || s.cls == clsF64 {
		ty := "f32"
		if s.cls == clsF64 {
			ty = "f64"
		}
		name, args := f(ty, in)
		k.op(name, dst, args...)
		return
	}
	t := k.newReg(clsF32)
	fin := make([]asm.Operand, len(in))
	for i, x := range in {
		fin[i] = k.toF32(s, x)
	}
	name, args := f("f32", fin)
	k.op(name, t, args...)
	k.fromF32(s, dst, t)
}

var intBinary = map[string]struct {
	op     string
	signed bool
	bit    bool
}{
	arith.AddiOpName: {"add", true, false}, arith.SubiOpName: {"sub", true, false}, arith.MuliOpName: {"mul.lo", true, false},
	arith.DivsiOpName: {"div", true, false}, arith.DivuiOpName: {"div", false, false},
	arith.RemsiOpName: {"rem", true, false}, arith.RemuiOpName: {"rem", false, false},
	arith.AndiOpName: {"and", false, true}, arith.OriOpName: {"or", false, true}, arith.XoriOpName: {"xor", false, true},
	arith.ShliOpName: {"shl", false, true}, arith.ShrsiOpName: {"shr", true, false}, arith.ShruiOpName: {"shr", false, false},
	arith.MaxsiOpName: {"max", true, false}, arith.MinsiOpName: {"min", true, false},
	arith.MaxuiOpName: {"max", false, false}, arith.MinuiOpName: {"min", false, false},
}

func emitIntBinary(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	spec := intBinary[op.Name]
	if s.cls == clsPred {
		var pop string
		switch op.Name {
		case arith.AndiOpName, arith.MuliOpName, arith.MinuiOpName, arith.MaxsiOpName:
			pop = "and"
		case arith.OriOpName, arith.MaxuiOpName, arith.MinsiOpName:
			pop = "or"
		case arith.XoriOpName, arith.AddiOpName, arith.SubiOpName:
			pop = "xor"
		default:
			return fmt.Errorf("%s on i1 is not supported", op.Name)
		}
		return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
			k.op(pop+".pred", dst, in[0], in[1])
			return nil
		})
	}
	if s.float || s.ptr {
		return fmt.Errorf("%s needs integer operands", op.Name)
	}
	suffix := s.intSuffix(spec.signed)
	if spec.bit {
		suffix = s.bitSuffix()
	}
	shift := op.Name == arith.ShliOpName || op.Name == arith.ShrsiOpName || op.Name == arith.ShruiOpName
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		b := in[1]
		if shift && s.bits != 32 {
			t := k.newReg(clsB32)
			k.op("cvt.u32."+s.intSuffix(false), t, b)
			b = t
		}
		k.op(spec.op+"."+suffix, dst, in[0], b)
		if s.bits == 8 {
			k.op("cvt.s16.s8", dst, dst)
		}
		return nil
	})
}

// floatSpec is a float instruction: op and the type suffix (twice for
// the cvt roundings), sources swapped where PTX wants the other order.
type floatSpec struct {
	op   string
	nan  bool // .NaN propagation (maximumf, minimumf); f32 only
	cvt  bool // cvt.rXi.T.T
	swap bool // copysign: PTX takes the sign source first
}

func (f floatSpec) instr(ty string, in []asm.Operand) (string, []asm.Operand) {
	name := f.op
	if f.nan && ty == "f32" {
		name += ".NaN"
	}
	name += "." + ty
	if f.cvt {
		name += "." + ty
	}
	if f.swap {
		in = []asm.Operand{in[1], in[0]}
	}
	return name, in
}

var floatBinary = map[string]floatSpec{
	arith.AddfOpName: {op: "add.rn"}, arith.SubfOpName: {op: "sub.rn"},
	arith.MulfOpName: {op: "mul.rn"}, arith.DivfOpName: {op: "div.rn"},
	arith.MaxnumfOpName: {op: "max"}, arith.MinnumfOpName: {op: "min"},
	arith.MaximumfOpName: {op: "max", nan: true}, arith.MinimumfOpName: {op: "min", nan: true},
	math.CopysignOpName: {op: "copysign", swap: true},
	math.FmaOpName:      {op: "fma.rn"},
	arith.NegfOpName:    {op: "neg"}, math.AbsfOpName: {op: "abs"},
	math.SqrtOpName: {op: "sqrt.rn"}, math.FloorOpName: {op: "cvt.rmi", cvt: true},
	math.CeilOpName: {op: "cvt.rpi", cvt: true}, math.TruncOpName: {op: "cvt.rzi", cvt: true},
	math.RoundevenOpName: {op: "cvt.rni", cvt: true},
}

// approxStep is one f32 instruction of an approximation: op on the
// previous value, times a constant when mul is set.
type approxStep struct {
	op  string
	mul asm.Operand
}

func (a approxStep) instr(_ string, in []asm.Operand) (string, []asm.Operand) {
	if a.mul != nil {
		return a.op, []asm.Operand{in[0], a.mul}
	}
	return a.op, in
}

// f32-only approximations (SFU); f64 operands are rejected.
var floatApprox = map[string][]approxStep{
	math.Exp2OpName:  {{op: "ex2.approx.f32"}},
	math.Log2OpName:  {{op: "lg2.approx.f32"}},
	math.ExpOpName:   {{op: "mul.f32", mul: asm.FloatImm{Bits: 0x3FB8AA3B}}, {op: "ex2.approx.f32"}},
	math.LogOpName:   {{op: "lg2.approx.f32"}, {op: "mul.f32", mul: asm.FloatImm{Bits: 0x3F317218}}},
	math.RsqrtOpName: {{op: "rsqrt.approx.f32"}},
	math.SinOpName:   {{op: "sin.approx.f32"}},
	math.CosOpName:   {{op: "cos.approx.f32"}},
}

func emitFloatOp(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	if !s.float {
		return fmt.Errorf("%s needs floating-point operands", op.Name)
	}
	spec := floatBinary[op.Name]
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		k.floatOp(s, spec.instr, dst, in)
		return nil
	})
}

func emitFloatApprox(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	if !s.float || s.cls == clsF64 {
		return fmt.Errorf("%s is lowered to an f32 approximation; %s is not supported", op.Name, ir.TypeString(s.t))
	}
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		for _, t := range floatApprox[op.Name] {
			k.floatOp(s, t.instr, dst, in)
			in = []asm.Operand{dst}
		}
		return nil
	})
}

func emitAbsI(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	if s.float || s.cls == clsPred {
		return fmt.Errorf("math.absi needs i8..i64 operands")
	}
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		k.op("abs."+s.intSuffix(true), dst, in[0])
		return nil
	})
}

var cmpIOps = [...]string{"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"}
var cmpFOps = [...]string{"", "eq", "gt", "ge", "lt", "le", "ne", "num", "equ", "gtu", "geu", "ltu", "leu", "neu", "nan", ""}

func emitCmpI(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Operand(0).Type())
	if err != nil {
		return err
	}
	pred := op.IntAttrOr("predicate", -1)
	if pred < 0 || int(pred) >= len(cmpIOps) {
		return fmt.Errorf("bad cmpi predicate %d", pred)
	}
	signed := pred >= int64(arith.SLT) && pred <= int64(arith.SGE)
	cmp := cmpIOps[pred]
	if s.cls == clsPred {
		return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
			switch arith.CmpIPredicate(pred) {
			case arith.EQ:
				k.op("xor.pred", dst, in[0], in[1])
				k.op("not.pred", dst, dst)
			case arith.NE:
				k.op("xor.pred", dst, in[0], in[1])
			default:
				a, b := k.predToInt(in[0], clsB32), k.predToInt(in[1], clsB32)
				ty := "u32"
				if signed {
					ty = "s32"
				}
				k.op("setp."+cmp+"."+ty, dst, a, b)
			}
			return nil
		})
	}
	suffix := s.intSuffix(signed)
	if pred <= int64(arith.NE) {
		suffix = s.bitSuffix()
	}
	// i8 values live sign-extended in 16-bit registers, so 16-bit compares
	// are exact for them.
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		k.op("setp."+cmp+"."+suffix, dst, in[0], in[1])
		return nil
	})
}

// predToInt returns a register of class c holding 0 or 1 for predicate p.
// (For signed i1 comparisons MLIR treats true as -1.)
func (k *kernel) predToInt(p asm.Operand, c class) asm.Operand {
	r := k.newReg(c)
	k.op("selp."+map[class]string{clsB16: "u16", clsB32: "u32", clsB64: "u64"}[c], r, imm(1), zero, p)
	return r
}

func emitCmpF(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Operand(0).Type())
	if err != nil {
		return err
	}
	pred := op.IntAttrOr("predicate", -1)
	if pred < 0 || int(pred) >= len(cmpFOps) {
		return fmt.Errorf("bad cmpf predicate %d", pred)
	}
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		switch pred {
		case int64(arith.FFalse), int64(len(cmpFOps) - 1):
			t := k.newReg(clsB32)
			v := 1
			if pred == int64(arith.FFalse) {
				v = 0
			}
			k.op("mov.u32", t, imm(v))
			k.op("setp.ne.u32", dst, t, zero)
			return nil
		}
		a, b := in[0], in[1]
		ty := "f32"
		switch {
		case s.cls == clsF64:
			ty = "f64"
		case s.cls == clsB16:
			a, b = k.toF32(s, a), k.toF32(s, b)
		}
		k.op("setp."+cmpFOps[pred]+"."+ty, dst, a, b)
		return nil
	})
}

func emitSelect(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	res, err := k.freshVal(op.Result(0).Type())
	if err != nil {
		return err
	}
	c, err := k.regsOf(op.Operand(0))
	if err != nil {
		return err
	}
	a, err := k.regsOf(op.Operand(1))
	if err != nil {
		return err
	}
	b, err := k.regsOf(op.Operand(2))
	if err != nil {
		return err
	}
	for i, dst := range res.regs {
		ci := c[0] // a scalar condition selects whole tensors
		if len(c) == len(res.regs) {
			ci = c[i]
		}
		if s.cls == clsPred {
			t1, t2, nc := k.newReg(clsPred), k.newReg(clsPred), k.newReg(clsPred)
			k.op("and.pred", t1, ci, a[i])
			k.op("not.pred", nc, ci)
			k.op("and.pred", t2, nc, b[i])
			k.op("or.pred", dst, t1, t2)
			continue
		}
		ty := s.bitSuffix()
		if s.cls == clsF32 {
			ty = "f32"
		} else if s.cls == clsF64 {
			ty = "f64"
		}
		k.op("selp."+ty, dst, a[i], b[i], ci)
	}
	k.set(op.Result(0), res)
	return nil
}

func emitConstant(k *kernel, op *ir.Operation) error {
	t := op.Result(0).Type()
	s, err := elemScalar(t)
	if err != nil {
		return err
	}
	var elem ir.Attribute
	switch c := op.Attr("value").(type) {
	case ir.IntegerAttr, ir.FloatAttr:
		elem = c
	case ir.DenseElementsAttr:
		if !c.Splat || len(c.Elems) != 1 {
			return fmt.Errorf("only splat dense constants are supported (a non-splat constant would need per-thread tables)")
		}
		elem = c.Elems[0]
	default:
		return fmt.Errorf("unsupported constant value %s", ir.AttrString(op.Attr("value")))
	}
	r := k.newReg(s.cls)
	switch e := elem.(type) {
	case ir.IntegerAttr:
		switch {
		case s.cls == clsPred:
			t := k.newReg(clsB32)
			k.op("mov.u32", t, imm(e.Value&1))
			k.op("setp.ne.u32", r, t, zero)
		case s.float:
			return fmt.Errorf("integer value for a float constant")
		default:
			k.op("mov."+s.intSuffix(true), r, imm(e.Value))
		}
	case ir.FloatAttr:
		switch {
		case s.bf16:
			k.op("mov.b16", r, asm.HexImm{V: uint64(bf16Bits(e.Value)), Digits: 4})
		case s.float && s.bits == 16:
			k.op("mov.b16", r, asm.HexImm{V: uint64(f16Bits(e.Value)), Digits: 4})
		case s.float:
			k.op("mov."+map[bool]string{true: "f64", false: "f32"}[s.bits == 64], r, floatImm(e.Value, s))
		case s.fp8:
			bits, _ := ir.FloatBits(e.Value, tt.ElemOf(t).(ir.FloatType))
			k.op("mov.b16", r, asm.HexImm{V: bits, Digits: 4})
		default:
			return fmt.Errorf("float value for an integer constant")
		}
	default:
		return fmt.Errorf("unsupported constant element %s", ir.AttrString(elem))
	}
	n, err := k.numElems(t)
	if err != nil {
		return err
	}
	regs := make([]asm.Operand, n)
	for i := range regs {
		regs[i] = r
	}
	k.set(op.Result(0), &val{regs: regs})
	return nil
}

func emitCast(k *kernel, op *ir.Operation) error {
	from, err := elemScalar(op.Operand(0).Type())
	if err != nil {
		return err
	}
	to, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	name := op.Name
	return k.elementwise(op, func(dst asm.Operand, in []asm.Operand) error {
		return k.cast(name, from, to, dst, in[0])
	})
}

func (k *kernel) cast(name string, from, to scalar, dst, src asm.Operand) error {
	switch name {
	case arith.ExtsiOpName, arith.ExtuiOpName, arith.TrunciOpName, arith.IndexCastOpName, arith.IndexCastuiOpName:
		return k.castInt(name, from, to, dst, src)
	case arith.ExtfOpName, arith.TruncfOpName:
		return k.castFloat(name, from, to, dst, src)
	case arith.SitofpOpName, arith.UitofpOpName:
		return k.castIntToFloat(name, from, to, dst, src)
	case arith.FptosiOpName, arith.FptouiOpName:
		return k.castFloatToInt(name, from, to, dst, src)
	case arith.BitcastOpName, tt.BitcastOpName:
		return k.castBits(name, from, to, dst, src)
	case tt.PtrToIntOpName, tt.IntToPtrOpName:
		return k.castPtr(name, from, to, dst, src)
	}
	return fmt.Errorf("cast %s is not supported", name)
}

// castInt lowers integer width changes (ext, trunc, index casts; i1 as a predicate).
func (k *kernel) castInt(name string, from, to scalar, dst, src asm.Operand) error {
	signed := name == arith.ExtsiOpName || name == arith.IndexCastOpName
	switch {
	case from.cls == clsPred:
		v := imm(1)
		if signed {
			v = imm(-1)
		}
		k.op("selp."+to.intSuffix(true), dst, v, zero, src)
	case to.cls == clsPred:
		t := k.newReg(from.cls)
		k.op("and."+from.bitSuffix(), t, src, imm(1))
		k.op("setp.ne."+from.bitSuffix(), dst, t, zero)
	case from.bits == to.bits:
		k.mov(to, dst, src)
	case from.bits == 8 && to.bits == 16:
		k.op("cvt."+to.intSuffix(signed)+"."+map[bool]string{true: "s8", false: "u8"}[signed], dst, src)
	case to.bits == 8:
		k.op("cvt.s8."+from.intSuffix(false), dst, src)
	case from.bits == 8:
		k.op("cvt."+to.intSuffix(signed)+"."+map[bool]string{true: "s8", false: "u8"}[signed], dst, src)
	default:
		k.op("cvt."+to.intSuffix(signed)+"."+from.intSuffix(signed), dst, src)
	}
	return nil
}

// castFloat lowers float width changes (f16/bf16 through f32).
func (k *kernel) castFloat(name string, from, to scalar, dst, src asm.Operand) error {
	switch {
	case from.bits == to.bits && from.bf16 == to.bf16:
		k.mov(to, dst, src)
	case from.bits == 16 && to.cls == clsF32:
		k.op("mov.f32", dst, k.toF32(from, src))
	case from.bits == 16 && to.cls == clsF64:
		k.op("cvt.f64.f32", dst, k.toF32(from, src))
	case from.cls == clsF32 && to.cls == clsF64:
		k.op("cvt.f64.f32", dst, src)
	case from.cls == clsF64 && to.cls == clsF32:
		k.op("cvt.rn.f32.f64", dst, src)
	case from.cls == clsF64 && to.bits == 16 && !to.bf16:
		k.op("cvt.rn.f16.f64", dst, src)
	case from.cls == clsF32 && to.bits == 16:
		k.fromF32(to, dst, src)
	case from.bits == 16 && to.bits == 16:
		k.fromF32(to, dst, k.toF32(from, src))
	default:
		return fmt.Errorf("%s from %s to %s is not supported", name, ir.TypeString(from.t), ir.TypeString(to.t))
	}
	return nil
}

// castIntToFloat lowers integer to float.
func (k *kernel) castIntToFloat(name string, from, to scalar, dst, src asm.Operand) error {
	signed := name == arith.SitofpOpName
	if from.cls == clsPred {
		src = k.predToInt(src, clsB32)
		from = scalar{cls: clsB32, bits: 32}
	}
	it := from.intSuffix(signed)
	if from.bits == 8 {
		it = map[bool]string{true: "s16", false: "u16"}[signed]
	}
	switch {
	case to.bf16:
		f := k.newReg(clsF32)
		k.op("cvt.rn.f32."+it, f, src)
		k.op("cvt.rn.bf16.f32", dst, f)
	case to.bits == 16:
		k.op("cvt.rn.f16."+it, dst, src)
	default:
		k.op(fmt.Sprintf("cvt.rn.f%d.%s", to.bits, it), dst, src)
	}
	return nil
}

// castFloatToInt lowers float to integer (round toward zero).
func (k *kernel) castFloatToInt(name string, from, to scalar, dst, src asm.Operand) error {
	signed := name == arith.FptosiOpName
	if from.bf16 {
		src = k.toF32(from, src)
		from = scalar{cls: clsF32, bits: 32, float: true}
	}
	if to.cls == clsPred {
		return fmt.Errorf("%s to i1 is not supported", name)
	}
	ot := to.intSuffix(signed)
	if to.bits == 8 {
		ot = map[bool]string{true: "s16", false: "u16"}[signed]
	}
	k.op(fmt.Sprintf("cvt.rzi.%s.f%d", ot, from.bits), dst, src)
	return nil
}

// castBits lowers bit-preserving casts.
func (k *kernel) castBits(name string, from, to scalar, dst, src asm.Operand) error {
	if from.bits != to.bits {
		return fmt.Errorf("bitcast between %d and %d bits", from.bits, to.bits)
	}
	if from.cls == clsPred {
		k.mov(to, dst, src)
		return nil
	}
	k.op("mov."+to.bitSuffix(), dst, src)
	return nil
}

// castPtr lowers pointer <-> i64.
func (k *kernel) castPtr(name string, from, to scalar, dst, src asm.Operand) error {
	k.op("mov.b64", dst, src)
	return nil
}

// arithOps adds this file's ops to the table.
func arithOps(t *table) {
	for n := range intBinary {
		t.register(noFP8(emitIntBinary), n)
	}
	for n := range floatBinary {
		t.register(noFP8(emitFloatOp), n)
	}
	for n := range floatApprox {
		t.register(noFP8(emitFloatApprox), n)
	}
	t.register(noFP8(emitAbsI), math.AbsiOpName)
	t.register(noFP8(emitCmpI), arith.CmpiOpName)
	t.register(noFP8(emitCmpF), arith.CmpfOpName)
	t.register(noFP8(emitSelect), arith.SelectOpName)
	t.register(emitConstant, arith.ConstantOpName)
	t.register(noFP8(emitCast), arith.ExtsiOpName, arith.ExtuiOpName, arith.TrunciOpName, arith.IndexCastOpName, arith.IndexCastuiOpName,
		arith.ExtfOpName, arith.TruncfOpName, arith.SitofpOpName, arith.UitofpOpName, arith.FptosiOpName, arith.FptouiOpName,
		arith.BitcastOpName, tt.BitcastOpName, tt.PtrToIntOpName, tt.IntToPtrOpName)
}

// noFP8 wraps an arithmetic emitter: fp8 values (8-bit codes in .b16
// registers) are only moved and fed to mma.sp, so arithmetic or casts on
// them are an error rather than integer arithmetic on the codes.
func noFP8(fn emitFn) emitFn {
	return func(k *kernel, op *ir.Operation) error {
		for _, v := range append(append([]*ir.Value(nil), op.Operands()...), op.Results()...) {
			if s, err := elemScalar(v.Type()); err == nil && s.fp8 {
				return fmt.Errorf("%s on %s: arithmetic and conversions of fp8 values are not supported by the PTX lowering (fp8 tensors may only be loaded, stored and multiplied by tt.dot)", op.Name, ir.TypeString(tt.ElemOf(v.Type())))
			}
		}
		return fn(k, op)
	}
}
