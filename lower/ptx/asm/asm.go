package asm

import (
	"fmt"
	"strconv"
	"strings"
)

// Class is a PTX register class.
type Class uint8

// Register classes: one per storage kind of the lowering.
const (
	Pred Class = iota // i1
	B16               // i8, i16, f16, bf16 (16-bit containers)
	B32               // i32
	B64               // i64, index, pointers
	F32               // f32
	F64               // f64
	NumClasses
)

var classPrefix = [NumClasses]string{"%p", "%h", "%r", "%rd", "%f", "%fd"}
var classDecl = [NumClasses]string{".pred", ".b16", ".b32", ".b64", ".f32", ".f64"}

// Prefix is the register name prefix of c ("%r").
func (c Class) Prefix() string { return classPrefix[c] }

// Decl is the .reg type of c (".b32").
func (c Class) Decl() string { return classDecl[c] }

// Operand is one operand of an instruction.
type Operand interface {
	write(sb *strings.Builder)
	// regs appends the registers the operand mentions.
	regs(out []Reg) []Reg
}

// Reg is a virtual register: %r7 is Reg{B32, 7}.
type Reg struct {
	Class Class
	N     int
}

// Imm is an integer immediate, printed in decimal.
type Imm int64

// FloatImm is a floating-point immediate in PTX's exact hexadecimal form:
// 0fXXXXXXXX (f32 bits) or 0dXXXXXXXXXXXXXXXX (f64 bits).
type FloatImm struct {
	Bits   uint64
	Double bool
}

// HexImm is an integer immediate printed as 0x followed by at least
// Digits upper-case hex digits (0x4000 for an f16 constant, 0x0 for the
// mma.sp selector).
type HexImm struct {
	V      uint64
	Digits int
}

// Special is a special register (%tid.x, %ctaid.y).
type Special string

// Sym is a symbol: a parameter or a global variable.
type Sym string

// Label is a branch target.
type Label string

// Addr is a memory operand [Base] or [Base+Disp].
type Addr struct {
	Base Operand
	Disp int64
}

// Vec is a brace group {a, b, ...}: vector accesses, mma fragments, the
// halves of a packed register.
type Vec []Operand

func (r Reg) write(sb *strings.Builder) {
	sb.WriteString(classPrefix[r.Class])
	sb.WriteString(strconv.Itoa(r.N))
}
func (r Reg) regs(out []Reg) []Reg { return append(out, r) }

// String is the register's PTX name.
func (r Reg) String() string { return classPrefix[r.Class] + strconv.Itoa(r.N) }

func (i Imm) write(sb *strings.Builder) { sb.WriteString(strconv.FormatInt(int64(i), 10)) }
func (Imm) regs(out []Reg) []Reg        { return out }

func (f FloatImm) write(sb *strings.Builder) {
	if f.Double {
		fmt.Fprintf(sb, "0d%016X", f.Bits)
		return
	}
	fmt.Fprintf(sb, "0f%08X", uint32(f.Bits))
}
func (FloatImm) regs(out []Reg) []Reg { return out }

func (h HexImm) write(sb *strings.Builder) { fmt.Fprintf(sb, "0x%0*X", h.Digits, h.V) }
func (HexImm) regs(out []Reg) []Reg        { return out }

func (s Special) write(sb *strings.Builder) { sb.WriteString(string(s)) }
func (Special) regs(out []Reg) []Reg        { return out }

func (s Sym) write(sb *strings.Builder) { sb.WriteString(string(s)) }
func (Sym) regs(out []Reg) []Reg        { return out }

func (l Label) write(sb *strings.Builder) { sb.WriteString(string(l)) }
func (Label) regs(out []Reg) []Reg        { return out }

func (a Addr) write(sb *strings.Builder) {
	sb.WriteByte('[')
	a.Base.write(sb)
	if a.Disp != 0 {
		sb.WriteByte('+')
		sb.WriteString(strconv.FormatInt(a.Disp, 10))
	}
	sb.WriteByte(']')
}
func (a Addr) regs(out []Reg) []Reg { return a.Base.regs(out) }

func (v Vec) write(sb *strings.Builder) {
	sb.WriteByte('{')
	for i, o := range v {
		if i > 0 {
			sb.WriteString(", ")
		}
		o.write(sb)
	}
	sb.WriteByte('}')
}
func (v Vec) regs(out []Reg) []Reg {
	for _, o := range v {
		out = o.regs(out)
	}
	return out
}

// TensorAddr is the [tensorMap, {coordinates}] operand of
// cp.async.bulk.tensor.
type TensorAddr struct {
	Map    Operand
	Coords Vec
}

// ElectDst is elect.sync's destination "_|%p": no lane index, the
// predicate of the elected lane.
type ElectDst struct{ Pred Reg }

func (e ElectDst) write(sb *strings.Builder) {
	sb.WriteString("_|")
	e.Pred.write(sb)
}
func (e ElectDst) regs(out []Reg) []Reg { return append(out, e.Pred) }

func (t TensorAddr) write(sb *strings.Builder) {
	sb.WriteByte('[')
	t.Map.write(sb)
	sb.WriteString(", ")
	t.Coords.write(sb)
	sb.WriteByte(']')
}
func (t TensorAddr) regs(out []Reg) []Reg { return t.Coords.regs(t.Map.regs(out)) }

// OperandString is the PTX text of one operand.
func OperandString(o Operand) string {
	var sb strings.Builder
	o.write(&sb)
	return sb.String()
}

// Guard predicates an instruction: @p (Neg false) or @!p.
type Guard struct {
	Reg Reg
	Neg bool
}

// Instr is one PTX instruction.
type Instr struct {
	Guard *Guard
	// Op is the opcode with its modifiers, "ld.global.v4.b32".
	Op string
	// Args are the operands in PTX order; the first Defs of them are
	// written by the instruction.
	Args []Operand
	Defs int
	// Effect keeps the instruction alive whatever its results.
	Effect bool
	// InOut marks destinations that are also read (wgmma accumulates into
	// its D registers in place).
	InOut bool
}

// NewOp is an instruction without side effects that writes dst (a
// register or a Vec of registers) from srcs.
func NewOp(op string, dst Operand, srcs ...Operand) *Instr {
	return &Instr{Op: op, Args: append([]Operand{dst}, srcs...), Defs: 1}
}

// NewEff is an instruction with an effect and no destination (a store,
// cp.async, a barrier, a branch).
func NewEff(op string, args ...Operand) *Instr {
	return &Instr{Op: op, Args: args, Effect: true}
}

// If returns in guarded by p (negated when neg).
func (in *Instr) If(p Reg, neg bool) *Instr {
	in.Guard = &Guard{Reg: p, Neg: neg}
	return in
}

// DefRegs appends the registers in writes.
func (in *Instr) DefRegs(out []Reg) []Reg {
	for _, a := range in.Args[:in.Defs] {
		out = a.regs(out)
	}
	return out
}

// UseRegs appends the registers in reads: the guard, the source operands
// and, for a guarded instruction, its destinations.
func (in *Instr) UseRegs(out []Reg) []Reg {
	if in.Guard != nil {
		out = append(out, in.Guard.Reg)
	}
	if in.Guard != nil || in.InOut {
		out = in.DefRegs(out)
	}
	for _, a := range in.Args[in.Defs:] {
		out = a.regs(out)
	}
	return out
}

// Block is a run of instructions with an optional label before it.
type Block struct {
	Label  Label
	Instrs []*Instr
}

// Param is one .param of an entry.
type Param struct {
	Type string // "u64", "u32", "b16", "f32", ...
	Name Sym
}

// Global is a module-level variable; the lowering has one, the extern
// dynamic shared buffer.
type Global struct {
	Decl string // ".extern .shared .align 16 .b8"
	Name Sym
	// Array is printed as [] after the name (an extern array of unknown size).
	Array bool
}

// Entry is one kernel: .visible .entry Name(Params) .maxntid MaxNTID.
type Entry struct {
	Name    string
	Comment string // one line before the entry, without "// "
	Params  []Param
	MaxNTID int
	// ClusterCTAs > 1 declares .reqnctapercluster ClusterCTAs, 1, 1.
	ClusterCTAs int
	// Regs[c] registers of class c are declared.
	Regs    [NumClasses]int
	Globals []*Global // globals the entry uses
	Blocks  []*Block
}

// Module is a PTX module.
type Module struct {
	Header      []string // comment lines at the top, without "//"
	Version     string   // "7.8"
	Target      string   // "sm_80"
	AddressSize int
	Entries     []*Entry
}
