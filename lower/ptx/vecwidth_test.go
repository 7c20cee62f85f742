package ptx

import (
	"strings"
	"testing"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/lower/ptx/asm"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/encoding"
	"github.com/sparsetriton/sp/passes/tensorptr"
	"github.com/sparsetriton/sp/passes/transform"
)

// ttirAccess is a TTIR kernel template with one load and one store of
// $T through pointers $A (divisibility attribute or none), with offsets
// pid*1024 + range, optionally masked by offs < n.
const ttirAccess = `module {
  tt.func public @k(%p: !tt.ptr<$T> $A, %q: !tt.ptr<$T> $A, %n: i32 $A) {
    %c = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %b = tt.splat %base : i32 -> tensor<1024xi32>
    %o = arith.addi %b, %r : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %m = arith.cmpi slt, %o, %ns : tensor<1024xi32>
    %ps = tt.splat %p : !tt.ptr<$T> -> tensor<1024x!tt.ptr<$T>>
    %pp = tt.addptr %ps, %o : tensor<1024x!tt.ptr<$T>>, tensor<1024xi32>
    %qs = tt.splat %q : !tt.ptr<$T> -> tensor<1024x!tt.ptr<$T>>
    %qq = tt.addptr %qs, %o : tensor<1024x!tt.ptr<$T>>, tensor<1024xi32>
    %v = tt.load %pp $M : tensor<1024x!tt.ptr<$T>>
    tt.store %qq, %v $M : tensor<1024x!tt.ptr<$T>>
    tt.return
  }
}
`

// TestVectorWidthsFollowCoalesce runs the TTIR passes up to
// tritongpu-coalesce (and the conversion clean-up) on kernels of several
// element types, alignments and masks, lowers the result, and checks that
// every global load and store moves exactly as many elements per access
// as coalesce gave its pointer's layout along the fastest dimension. 8-bit
// elements are the exception: coalesce gives them 16-byte runs (which
// cp.async copies whole) while register loads and stores move one byte
// per access (coalesced = the run, want = 1).
func TestVectorWidthsFollowCoalesce(t *testing.T) {
	reg, err := pass.NewRegistry(transform.Canonicalize, decompose.Pass, tensorptr.Pass, encoding.Convert, encoding.Coalesce, encoding.RemoveLayoutConversions)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		elem, attr, mask string
		want             int // the width both must agree on
		coalesced        int // when not want: coalesce's run (8-bit)
	}{
		{"f32", "{tt.divisibility = 16 : i32}", "", 4, 0},
		{"f16", "{tt.divisibility = 16 : i32}", "", 8, 0},
		{"f16", "{tt.divisibility = 16 : i32}", ", %m", 8, 0},
		{"f64", "{tt.divisibility = 16 : i32}", ", %m", 2, 0},
		{"f16", "{tt.divisibility = 4 : i32}", "", 2, 0},
		{"f32", "", "", 1, 0},
		{"i8", "{tt.divisibility = 16 : i32}", "", 1, 8},
	} {
		name := c.elem + c.attr + c.mask
		src := strings.NewReplacer("$T", c.elem, "$A", c.attr, "$M", c.mask).Replace(ttirAccess)
		ctx := all.Context()
		mod, err := parser.ParseAndVerify(ctx, "k.mlir", []byte(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pm, err := pass.ParsePipeline(reg, "<test>", "builtin.module(decompose-sparse-tensors, canonicalize, triton-rewrite-tensor-pointer, canonicalize, convert-triton-to-tritongpu{num-warps=4 threads-per-warp=32 num-ctas=1 target=cuda:80}, tritongpu-coalesce, tritongpu-remove-layout-conversions)")
		if err != nil {
			t.Fatal(err)
		}
		if err := pm.Run(mod, pass.RunOptions{IR: ctx}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fns, err := kernelFuncs(mod)
		if err != nil {
			t.Fatal(err)
		}
		k := newKernel(fns[0], "k", 80, 4, Options{}, newTable())
		if _, _, err := k.lower(&asm.Global{Name: "global_smem"}); err != nil {
			t.Fatalf("%s: lower: %v", name, err)
		}
		n := 0
		fns[0].WalkOps(func(op *ir.Operation) {
			var ptr *ir.Value
			if l, ok := tt.AsLoad(op); ok {
				ptr = l.Ptr()
			} else if s, ok := tt.AsStore(op); ok {
				ptr = s.Ptr()
			} else {
				return
			}
			n++
			enc := ptr.Type().(ir.RankedTensorType).Encoding.(ttgpu.BlockedEncoding)
			coalesced, wantRun := enc.SizePerThread[enc.Order[0]], c.want
			if c.coalesced != 0 {
				wantRun = c.coalesced
			}
			if got := k.vecOf[op]; coalesced != wantRun || got != c.want {
				t.Errorf("%s: %s moves %d elements per access, coalesce chose sizePerThread %d (want %d)", name, op.Name, got, coalesced, c.want)
			}
		})
		if n != 2 {
			t.Errorf("%s: %d global accesses, want 2", name, n)
		}
	}
}
