package ttng

import (
	"github.com/sparsetriton/sp/dialect/internal/ods"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Barrier is the mbarrier operand of the barrier ops: a memdesc of i64.
var Barrier = ods.Type("a memdesc of i64", func(t ir.Type) bool {
	m, ok := t.(tt.MemDescType)
	return ok && ir.IsInteger(m.Elem, 64)
})

// declaredOps are the TritonNvidiaGPU ops declared as data (the Hopper
// wgmma ops in dialect.go keep hand-written hooks).
func declaredOps() []*ir.OpDef {
	n := func(s string) string { return Namespace + "." + s }
	i1, i32 := ods.Fixed(ir.I1), ods.Fixed(ir.I32)
	memDesc := ods.Type("a memdesc", func(t ir.Type) bool { _, ok := t.(tt.MemDescType); return ok })
	return ods.Defs(
		ods.Op{Name: n("fence_async_shared"), Summary: "fence between generic-proxy writes and async-proxy reads of shared memory",
			Attrs: []ods.Attr{ods.OptAttr("bCluster", ods.Bool)}, Format: "attr-dict"},
		ods.Op{Name: n("init_barrier"), Summary: "initialise an mbarrier with an arrival count",
			Operands: []ods.Value{ods.Arg("alloc", Barrier)}, Attrs: []ods.Attr{ods.Req("count", ods.I32Literal)},
			Format: "$alloc `,` $count attr-dict `:` type($alloc)"},
		ods.Op{Name: n("wait_barrier"), Summary: "wait on an mbarrier phase",
			Operands: []ods.Value{ods.Arg("alloc", Barrier), ods.Arg("phase", ods.I32T).Like(i32), ods.Opt("pred", ods.I1T).Like(i1)},
			Format:   "$alloc `,` $phase (`,` $pred^)? attr-dict `:` type($alloc)"},
		ods.Op{Name: n("barrier_expect"), Summary: "expect a transaction byte count on an mbarrier",
			Operands: []ods.Value{ods.Arg("alloc", Barrier), ods.Arg("pred", ods.I1T).Like(i1)},
			Attrs:    []ods.Attr{ods.Req("size", ods.I32Literal)},
			Format:   "$alloc `,` $size attr-dict `,` $pred `:` type($alloc)"},
		// The TMA copies and tcgen05 MMA have no custom form in ir-syntax.md;
		// they print generically.
		ods.Op{Name: n("async_tma_copy_global_to_local"), Summary: "TMA copy from a descriptor into shared memory",
			Operands: []ods.Value{ods.Arg("desc", ods.AnyType), ods.Var("coord", ods.I32T), ods.Arg("barrier", Barrier),
				ods.Arg("result", memDesc), ods.Arg("pred", ods.I1T)},
			Attrs: tt.MemAttrs(tt.IsVolatile)},
		ods.Op{Name: n("async_tma_copy_local_to_global"), Summary: "TMA copy from shared memory through a descriptor",
			Operands: []ods.Value{ods.Arg("desc", ods.AnyType), ods.Var("coord", ods.I32T), ods.Arg("src", memDesc)}},
		ods.Op{Name: n("tc_gen5_mma"), Summary: "Blackwell tcgen05 MMA into tensor memory",
			Operands: []ods.Value{ods.Arg("a", memDesc), ods.Arg("b", memDesc), ods.Arg("d", memDesc), ods.Arg("useD", ods.I1T),
				ods.Arg("pred", ods.I1T), ods.Opt("barrier", Barrier)}},
	)
}
