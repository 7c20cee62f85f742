package ptx

import (
	"fmt"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
	"github.com/sparsetriton/sp/passes/encoding/axisinfo"
)

// The state of lowering one tt.func, split by concern. kernel embeds each
// part, so an emitter reaches all of them, while a helper that needs one
// concern takes (or is a method of) that part alone.

// regAlloc hands out virtual registers (ptxas allocates them) and labels.
type regAlloc struct {
	n     [asm.NumClasses]int
	label int
}

// newReg returns a fresh virtual register of class c.
func (r *regAlloc) newReg(c class) asm.Reg {
	n := r.n[c]
	r.n[c]++
	return asm.Reg{Class: c, N: n}
}

// newLabel returns a fresh label $L_<what>_<n>.
func (r *regAlloc) newLabel(what string) asm.Label {
	r.label++
	return asm.Label(fmt.Sprintf("$L_%s_%d", what, r.label))
}

// code is the instruction stream of one entry: the prologue (thread ids,
// layout bases, swizzled lane offsets: computed once per kernel) and the
// body's blocks in program order.
type code struct {
	pro    []*asm.Instr
	blocks []*asm.Block
	cur    *asm.Block // block being appended to
}

func newCode() *code {
	c := &code{cur: &asm.Block{}}
	c.blocks = []*asm.Block{c.cur}
	return c
}

// add appends one instruction to the body and returns it.
func (c *code) add(in *asm.Instr) *asm.Instr {
	c.cur.Instrs = append(c.cur.Instrs, in)
	return in
}

// op appends an instruction that writes dst from srcs.
func (c *code) op(name string, dst asm.Operand, srcs ...asm.Operand) *asm.Instr {
	return c.add(asm.NewOp(name, dst, srcs...))
}

// eff appends an instruction with an effect and no destination.
func (c *code) eff(name string, args ...asm.Operand) *asm.Instr {
	return c.add(asm.NewEff(name, args...))
}

// proOp appends an instruction to the prologue.
func (c *code) proOp(name string, dst asm.Operand, srcs ...asm.Operand) {
	c.pro = append(c.pro, asm.NewOp(name, dst, srcs...))
}

// startBlock begins a labelled block in the body.
func (c *code) startBlock(l asm.Label) {
	c.cur = &asm.Block{Label: l}
	c.blocks = append(c.blocks, c.cur)
}

// entryBlocks returns the blocks of the entry: the prologue first.
func (c *code) entryBlocks() []*asm.Block {
	c.blocks[0].Instrs = append(c.pro, c.blocks[0].Instrs...)
	c.pro = nil
	return c.blocks
}

// valueMap is the lowered form of every SSA value lowered so far.
type valueMap struct {
	vals map[*ir.Value]*val
}

// get returns the lowered form of v.
func (m *valueMap) get(v *ir.Value) (*val, error) {
	x, ok := m.vals[v]
	if !ok {
		return nil, fmt.Errorf("internal: value of type %s used before it was lowered", ir.TypeString(v.Type()))
	}
	return x, nil
}

// set records the lowered form of v.
func (m *valueMap) set(v *ir.Value, x *val) { m.vals[v] = x }

// regsOf returns the element registers of v (scalars: one entry).
func (m *valueMap) regsOf(v *ir.Value) ([]asm.Operand, error) {
	x, err := m.get(v)
	if err != nil {
		return nil, err
	}
	if x.mem != nil || x.frag != nil {
		return nil, fmt.Errorf("value of type %s has no element registers here", ir.TypeString(v.Type()))
	}
	return x.regs, nil
}

// layouts builds the per-thread element maps of distributed tensor types
// and the prologue registers they and the shared-memory addresses derive
// from %tid.x (layout.go, the address helpers of shared.go and dot.go).
type layouts struct {
	*regAlloc
	*code
	numWarps        int
	tid, lane, warp asm.Reg
	maps            []typedMap
	// pro caches prologue registers by what they compute (a key naming
	// the helper and its operands), so each is computed once.
	pro map[string]asm.Operand
}

// typedMap is one cached threadMap; types are compared with ir.TypeEqual.
type typedMap struct {
	t  ir.RankedTensorType
	tm *threadMap
}

// sharedState is the shared-memory plan, the dynamic buffer's base
// register and the barrier hazard state (doc.go, Barriers): whether
// shared memory was read or written since this CTA's last bar.sync.
type sharedState struct {
	*code
	smem                        *smemPlan
	smemBase                    asm.Operand
	readSinceBar, writeSinceBar bool
	// t0Writes: every shared-memory write since the last bar.sync was
	// thread 0's (mbarrier init and inval), so another such write needs no
	// barrier before it (program order orders them); meaningful only while
	// writeSinceBar.
	t0Writes bool
	// wgmmaReads: a wgmma read shared memory since the last bar.sync; with
	// several warpgroups a wait only retires the own group's reads, so the
	// next cp.async into shared memory waits at a barrier first.
	wgmmaReads bool
	// pendingPartials: per warp_group_dot_wait after a K loop, the fp8
	// partial sums its loop's dot leaves in flight (wgmma.go, deferPlan).
	pendingPartials map[*ir.Operation][]pendingPartial
	// mbarBody: lowering the body of an mbarrier pipeline loop, whose ring
	// slots its full/empty barriers order (mbarrier.go).
	mbarBody bool
	// cvtChunks: the column windows a convert_layout's scratch is split
	// into (absent: 1), chosen by planShared (fitShared).
	cvtChunks map[*ir.Operation]cvtSplit
}

// kernel lowers one tt.func: the target, the op table, the analyses, and
// the state parts above.
type kernel struct {
	// clusterCTAs is the module's sp.cluster_ctas (CTAs per program, a
	// cluster launched with .reqnctapercluster); 1 without clusters.
	clusterCTAs int
	fn          *ir.Operation
	name        string
	sm          int
	opts        Options
	tab         *table
	axis        *axisinfo.Analysis
	sparse      bool // a sparse tt.dot was lowered (the manifest names band16)
	// version is the module's PTX ISA version ("8.3").
	version string
	// gscratch is the plan of the global_scratch_alloc ops (tma.go).
	gscratch *globalScratch
	// vecOf is the vector width (elements per access) chosen for every
	// global load, store and cp.async, for the test that compares it with
	// the coalesce pass's choice.
	vecOf map[*ir.Operation]int

	*regAlloc
	*code
	valueMap
	*layouts
	*sharedState
}

func newKernel(fn *ir.Operation, name string, sm, numWarps int, opts Options, tab *table) *kernel {
	ra, c := &regAlloc{}, newCode()
	return &kernel{fn: fn, name: name, sm: sm, opts: opts, tab: tab, vecOf: map[*ir.Operation]int{},
		regAlloc:    ra,
		code:        c,
		valueMap:    valueMap{vals: map[*ir.Value]*val{}},
		layouts:     &layouts{regAlloc: ra, code: c, numWarps: numWarps, pro: map[string]asm.Operand{}},
		sharedState: &sharedState{code: c, cvtChunks: map[*ir.Operation]cvtSplit{}},
	}
}
