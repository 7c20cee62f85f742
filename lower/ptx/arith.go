package ptx

import (
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/dialect/arith"
	"github.com/sparsetriton/sp/ir"
)

// Element-wise ops work register by register: all operands and the result
// have the same type shape and layout, hence the same threadMap and the
// same number of registers. f16 and bf16 arithmetic is done in f32 and
// rounded back with cvt.rn (exact for +, -, *, /, sqrt: f32 has more than
// twice the precision of either format).

// elementwise allocates the result registers of op and calls f for each
// element with the operand registers.
func (k *kernel) elementwise(op *ir.Operation, f func(dst string, in []string) error) error {
	res, err := k.freshVal(op.Result(0).Type())
	if err != nil {
		return err
	}
	ins := make([][]string, op.NumOperands())
	for i, o := range op.Operands() {
		if ins[i], err = k.regsOf(o); err != nil {
			return err
		}
		if len(ins[i]) != len(res.regs) {
			return fmt.Errorf("operand %d has %d registers per thread, result %d: operands must share the result's layout", i, len(ins[i]), len(res.regs))
		}
	}
	in := make([]string, len(ins))
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
func (k *kernel) toF32(s scalar, reg string) string {
	if s.cls == clsF32 {
		return reg
	}
	f := k.newReg(clsF32)
	switch {
	case s.bf16:
		r := k.newReg(clsB32)
		k.emit("cvt.u32.u16 %s, %s;", r, reg)
		k.emit("shl.b32 %s, %s, 16;", r, r)
		k.emit("mov.b32 %s, %s;", f, r)
	case s.float && s.bits == 16:
		k.emit("cvt.f32.f16 %s, %s;", f, reg)
	case s.cls == clsF64:
		k.emit("cvt.rn.f32.f64 %s, %s;", f, reg)
	}
	return f
}

// fromF32 rounds the f32 register f to kind s into dst.
func (k *kernel) fromF32(s scalar, dst, f string) {
	switch {
	case s.bf16:
		k.emit("cvt.rn.bf16.f32 %s, %s;", dst, f)
	case s.float && s.bits == 16:
		k.emit("cvt.rn.f16.f32 %s, %s;", dst, f)
	default:
		k.emit("mov.f32 %s, %s;", dst, f)
	}
}

// floatOp emits a float op of arity len(in); for 16-bit types it runs in
// f32. tmpl has %[1]s for the type suffix, %[2]s dst, %[3]s.. sources.
func (k *kernel) floatOp(s scalar, tmpl, dst string, in []string) {
	if s.cls == clsF32 || s.cls == clsF64 {
		args := []any{map[bool]string{true: "f64", false: "f32"}[s.cls == clsF64], dst}
		for _, x := range in {
			args = append(args, x)
		}
		k.emit(tmpl, args...)
		return
	}
	args := []any{"f32", k.newReg(clsF32)}
	for _, x := range in {
		args = append(args, k.toF32(s, x))
	}
	k.emit(tmpl, args...)
	k.fromF32(s, dst, args[1].(string))
}

var intBinary = map[string]struct {
	op     string
	signed bool
	bit    bool
}{
	"arith.addi": {"add", true, false}, "arith.subi": {"sub", true, false}, "arith.muli": {"mul.lo", true, false},
	"arith.divsi": {"div", true, false}, "arith.divui": {"div", false, false},
	"arith.remsi": {"rem", true, false}, "arith.remui": {"rem", false, false},
	"arith.andi": {"and", false, true}, "arith.ori": {"or", false, true}, "arith.xori": {"xor", false, true},
	"arith.shli": {"shl", false, true}, "arith.shrsi": {"shr", true, false}, "arith.shrui": {"shr", false, false},
	"arith.maxsi": {"max", true, false}, "arith.minsi": {"min", true, false},
	"arith.maxui": {"max", false, false}, "arith.minui": {"min", false, false},
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
		case "arith.andi", "arith.muli", "arith.minui", "arith.maxsi":
			pop = "and"
		case "arith.ori", "arith.maxui", "arith.minsi":
			pop = "or"
		case "arith.xori", "arith.addi", "arith.subi":
			pop = "xor"
		default:
			return fmt.Errorf("%s on i1 is not supported", op.Name)
		}
		return k.elementwise(op, func(dst string, in []string) error {
			k.emit("%s.pred %s, %s, %s;", pop, dst, in[0], in[1])
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
	shift := op.Name == "arith.shli" || op.Name == "arith.shrsi" || op.Name == "arith.shrui"
	return k.elementwise(op, func(dst string, in []string) error {
		b := in[1]
		if shift && s.bits != 32 {
			t := k.newReg(clsB32)
			k.emit("cvt.u32.%s %s, %s;", s.intSuffix(false), t, b)
			b = t
		}
		k.emit("%s.%s %s, %s, %s;", spec.op, suffix, dst, in[0], b)
		if s.bits == 8 {
			k.emit("cvt.s16.s8 %s, %s;", dst, dst)
		}
		return nil
	})
}

var floatBinary = map[string]string{
	"arith.addf": "add.rn.%[1]s %[2]s, %[3]s, %[4]s;", "arith.subf": "sub.rn.%[1]s %[2]s, %[3]s, %[4]s;",
	"arith.mulf": "mul.rn.%[1]s %[2]s, %[3]s, %[4]s;", "arith.divf": "div.rn.%[1]s %[2]s, %[3]s, %[4]s;",
	"arith.maxnumf": "max.%[1]s %[2]s, %[3]s, %[4]s;", "arith.minnumf": "min.%[1]s %[2]s, %[3]s, %[4]s;",
	"arith.maximumf": "max.NaN.%[1]s %[2]s, %[3]s, %[4]s;", "arith.minimumf": "min.NaN.%[1]s %[2]s, %[3]s, %[4]s;",
	"math.copysign": "copysign.%[1]s %[2]s, %[4]s, %[3]s;",
	"math.fma":      "fma.rn.%[1]s %[2]s, %[3]s, %[4]s, %[5]s;",
	"arith.negf":    "neg.%[1]s %[2]s, %[3]s;", "math.absf": "abs.%[1]s %[2]s, %[3]s;",
	"math.sqrt": "sqrt.rn.%[1]s %[2]s, %[3]s;", "math.floor": "cvt.rmi.%[1]s.%[1]s %[2]s, %[3]s;",
	"math.ceil": "cvt.rpi.%[1]s.%[1]s %[2]s, %[3]s;", "math.trunc": "cvt.rzi.%[1]s.%[1]s %[2]s, %[3]s;",
	"math.roundeven": "cvt.rni.%[1]s.%[1]s %[2]s, %[3]s;",
}

// f32-only approximations (SFU); f64 operands are rejected.
var floatApprox = map[string][]string{
	"math.exp2":  {"ex2.approx.f32 %[2]s, %[3]s;"},
	"math.log2":  {"lg2.approx.f32 %[2]s, %[3]s;"},
	"math.exp":   {"mul.f32 %[2]s, %[3]s, 0f3FB8AA3B;", "ex2.approx.f32 %[2]s, %[2]s;"},
	"math.log":   {"lg2.approx.f32 %[2]s, %[3]s;", "mul.f32 %[2]s, %[2]s, 0f3F317218;"},
	"math.rsqrt": {"rsqrt.approx.f32 %[2]s, %[3]s;"},
	"math.sin":   {"sin.approx.f32 %[2]s, %[3]s;"},
	"math.cos":   {"cos.approx.f32 %[2]s, %[3]s;"},
}

func emitFloatOp(k *kernel, op *ir.Operation) error {
	s, err := elemScalar(op.Result(0).Type())
	if err != nil {
		return err
	}
	if !s.float {
		return fmt.Errorf("%s needs floating-point operands", op.Name)
	}
	tmpl := floatBinary[op.Name]
	if s.cls == clsF64 && (strings.Contains(tmpl, ".NaN")) {
		tmpl = strings.Replace(tmpl, ".NaN", "", 1)
	}
	return k.elementwise(op, func(dst string, in []string) error {
		k.floatOp(s, tmpl, dst, in)
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
	return k.elementwise(op, func(dst string, in []string) error {
		for _, t := range floatApprox[op.Name] {
			k.floatOp(s, t, dst, in)
			in = []string{dst}
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
	return k.elementwise(op, func(dst string, in []string) error {
		k.emit("abs.%s %s, %s;", s.intSuffix(true), dst, in[0])
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
		return k.elementwise(op, func(dst string, in []string) error {
			switch arith.CmpIPredicate(pred) {
			case arith.EQ:
				k.emit("xor.pred %s, %s, %s;", dst, in[0], in[1])
				k.emit("not.pred %s, %s;", dst, dst)
			case arith.NE:
				k.emit("xor.pred %s, %s, %s;", dst, in[0], in[1])
			default:
				a, b := k.predToInt(in[0], clsB32), k.predToInt(in[1], clsB32)
				k.emit("setp.%s.%s %s, %s, %s;", cmp, map[bool]string{true: "s32", false: "u32"}[signed], dst, a, b)
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
	return k.elementwise(op, func(dst string, in []string) error {
		k.emit("setp.%s.%s %s, %s, %s;", cmp, suffix, dst, in[0], in[1])
		return nil
	})
}

// predToInt returns a register of class c holding 0 or 1 for predicate p.
// (For signed i1 comparisons MLIR treats true as -1.)
func (k *kernel) predToInt(p string, c class) string {
	r := k.newReg(c)
	k.emit("selp.%s %s, 1, 0, %s;", map[class]string{clsB16: "u16", clsB32: "u32", clsB64: "u64"}[c], r, p)
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
	return k.elementwise(op, func(dst string, in []string) error {
		switch pred {
		case int64(arith.FFalse), int64(len(cmpFOps) - 1):
			t := k.newReg(clsB32)
			k.emit("mov.u32 %s, %d;", t, map[bool]int{true: 0, false: 1}[pred == int64(arith.FFalse)])
			k.emit("setp.ne.u32 %s, %s, 0;", dst, t)
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
		k.emit("setp.%s.%s %s, %s, %s;", cmpFOps[pred], ty, dst, a, b)
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
			k.emit("and.pred %s, %s, %s;", t1, ci, a[i])
			k.emit("not.pred %s, %s;", nc, ci)
			k.emit("and.pred %s, %s, %s;", t2, nc, b[i])
			k.emit("or.pred %s, %s, %s;", dst, t1, t2)
			continue
		}
		ty := s.bitSuffix()
		if s.cls == clsF32 {
			ty = "f32"
		} else if s.cls == clsF64 {
			ty = "f64"
		}
		k.emit("selp.%s %s, %s, %s, %s;", ty, dst, a[i], b[i], ci)
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
			k.emit("mov.u32 %s, %d;", t, e.Value&1)
			k.emit("setp.ne.u32 %s, %s, 0;", r, t)
		case s.float:
			return fmt.Errorf("integer value for a float constant")
		default:
			k.emit("mov.%s %s, %d;", s.intSuffix(true), r, e.Value)
		}
	case ir.FloatAttr:
		switch {
		case s.bf16:
			k.emit("mov.b16 %s, 0x%04X;", r, bf16Bits(e.Value))
		case s.float && s.bits == 16:
			k.emit("mov.b16 %s, 0x%04X;", r, f16Bits(e.Value))
		case s.float:
			k.emit("mov.%s %s, %s;", map[bool]string{true: "f64", false: "f32"}[s.bits == 64], r, floatImm(e.Value, s))
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
	regs := make([]string, n)
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
	return k.elementwise(op, func(dst string, in []string) error {
		return k.cast(name, from, to, dst, in[0])
	})
}

func (k *kernel) cast(name string, from, to scalar, dst, src string) error {
	intTy := func(s scalar, signed bool) string { return s.intSuffix(signed) }
	switch name {
	case "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui":
		signed := name == "arith.extsi" || name == "arith.index_cast"
		switch {
		case from.cls == clsPred:
			v := "1"
			if signed {
				v = "-1"
			}
			k.emit("selp.%s %s, %s, 0, %s;", intTy(to, true), dst, v, src)
		case to.cls == clsPred:
			t := k.newReg(from.cls)
			k.emit("and.%s %s, %s, 1;", from.bitSuffix(), t, src)
			k.emit("setp.ne.%s %s, %s, 0;", from.bitSuffix(), dst, t)
		case from.bits == to.bits:
			k.mov(to, dst, src)
		case from.bits == 8 && to.bits == 16:
			k.emit("cvt.%s.%s %s, %s;", intTy(to, signed), map[bool]string{true: "s8", false: "u8"}[signed], dst, src)
		case to.bits == 8:
			k.emit("cvt.%s.%s %s, %s;", "s8", intTy(from, false), dst, src)
		case from.bits == 8:
			k.emit("cvt.%s.%s %s, %s;", intTy(to, signed), map[bool]string{true: "s8", false: "u8"}[signed], dst, src)
		default:
			k.emit("cvt.%s.%s %s, %s;", intTy(to, signed), intTy(from, signed), dst, src)
		}
	case "arith.extf", "arith.truncf":
		switch {
		case from.bits == to.bits && from.bf16 == to.bf16:
			k.mov(to, dst, src)
		case from.bits == 16 && to.cls == clsF32:
			k.emit("mov.f32 %s, %s;", dst, k.toF32(from, src))
		case from.bits == 16 && to.cls == clsF64:
			k.emit("cvt.f64.f32 %s, %s;", dst, k.toF32(from, src))
		case from.cls == clsF32 && to.cls == clsF64:
			k.emit("cvt.f64.f32 %s, %s;", dst, src)
		case from.cls == clsF64 && to.cls == clsF32:
			k.emit("cvt.rn.f32.f64 %s, %s;", dst, src)
		case from.cls == clsF64 && to.bits == 16 && !to.bf16:
			k.emit("cvt.rn.f16.f64 %s, %s;", dst, src)
		case from.cls == clsF32 && to.bits == 16:
			k.fromF32(to, dst, src)
		case from.bits == 16 && to.bits == 16:
			k.fromF32(to, dst, k.toF32(from, src))
		default:
			return fmt.Errorf("%s from %s to %s is not supported", name, ir.TypeString(from.t), ir.TypeString(to.t))
		}
	case "arith.sitofp", "arith.uitofp":
		signed := name == "arith.sitofp"
		if from.cls == clsPred {
			src = k.predToInt(src, clsB32)
			from = scalar{cls: clsB32, bits: 32}
		}
		it := intTy(from, signed)
		if from.bits == 8 {
			it = map[bool]string{true: "s16", false: "u16"}[signed]
		}
		switch {
		case to.bf16:
			f := k.newReg(clsF32)
			k.emit("cvt.rn.f32.%s %s, %s;", it, f, src)
			k.emit("cvt.rn.bf16.f32 %s, %s;", dst, f)
		case to.bits == 16:
			k.emit("cvt.rn.f16.%s %s, %s;", it, dst, src)
		default:
			k.emit("cvt.rn.f%d.%s %s, %s;", to.bits, it, dst, src)
		}
	case "arith.fptosi", "arith.fptoui":
		signed := name == "arith.fptosi"
		if from.bf16 {
			src = k.toF32(from, src)
			from = scalar{cls: clsF32, bits: 32, float: true}
		}
		if to.cls == clsPred {
			return fmt.Errorf("%s to i1 is not supported", name)
		}
		ot := intTy(to, signed)
		if to.bits == 8 {
			ot = map[bool]string{true: "s16", false: "u16"}[signed]
		}
		k.emit("cvt.rzi.%s.f%d %s, %s;", ot, from.bits, dst, src)
	case "arith.bitcast", "tt.bitcast":
		if from.bits != to.bits {
			return fmt.Errorf("bitcast between %d and %d bits", from.bits, to.bits)
		}
		if from.cls == clsPred {
			k.mov(to, dst, src)
			return nil
		}
		k.emit("mov.%s %s, %s;", to.bitSuffix(), dst, src)
	case "tt.ptr_to_int", "tt.int_to_ptr":
		k.emit("mov.b64 %s, %s;", dst, src)
	default:
		return fmt.Errorf("cast %s is not supported", name)
	}
	return nil
}

func init() {
	for n := range intBinary {
		register(emitIntBinary, n)
	}
	for n := range floatBinary {
		register(emitFloatOp, n)
	}
	for n := range floatApprox {
		register(emitFloatApprox, n)
	}
	register(emitAbsI, "math.absi")
	register(emitCmpI, "arith.cmpi")
	register(emitCmpF, "arith.cmpf")
	register(emitSelect, "arith.select")
	register(emitConstant, "arith.constant")
	register(emitCast, "arith.extsi", "arith.extui", "arith.trunci", "arith.index_cast", "arith.index_castui",
		"arith.extf", "arith.truncf", "arith.sitofp", "arith.uitofp", "arith.fptosi", "arith.fptoui",
		"arith.bitcast", "tt.bitcast", "tt.ptr_to_int", "tt.int_to_ptr")
}
