package encoding

import (
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
)

const fenceDoc = `triton-nvidia-gpu-fence-insertion orders generic-proxy writes to shared
memory before the async-proxy reads of wgmma (hopper.md §1.4): a
triton_gpu.local_alloc that stores a register tensor into shared memory
(st.shared, generic proxy) and whose buffer a
triton_nvidia_gpu.warp_group_dot reads as A or B (directly or through
memdesc_subview / tt.trans views) gets

  triton_nvidia_gpu.fence_async_shared {bCluster = false}

right after it, so the fence runs once where the tile is written (outside
the loop for a loop-invariant operand). Ring buffers filled by
async_copy_global_to_local (cp.async) need no fence, as in Triton and
CUTLASS. The fence orders this thread's writes; the lowering still puts a
CTA barrier between the other threads' writes and the wgmma.`

// FenceInsertion is the triton-nvidia-gpu-fence-insertion pass.
var FenceInsertion = &pass.Pass{
	Name:     "triton-nvidia-gpu-fence-insertion",
	Title:    "TritonGPUFenceInsertion",
	Summary:  "Insert fence_async_shared after register-to-shared stores that wgmma reads",
	Doc:      fenceDoc,
	Anchor:   builtin.ModuleOpName,
	Requires: []*pass.Pass{Pipeline},
	Run:      runFenceInsertion,
}

func runFenceInsertion(ctx *pass.Context, module *ir.Operation) error {
	b := ir.NewBuilder(ctx.IR)
	for _, fn := range funcs(module) {
		for _, d := range fn.Collect(ttng.WarpGroupDot) {
			for i := 0; i < 2; i++ {
				a := rootAlloc(d.Operand(i))
				if a == nil || a.NumOperands() == 0 {
					continue
				}
				if n := a.Next(); n != nil && n.Name == ttng.FenceAsyncShared {
					continue
				}
				b.Loc = a.Loc
				b.SetInsertionPointAfter(a)
				b.Create(ttng.FenceAsyncShared, nil, nil, ir.NamedAttr{Name: "bCluster", Value: ir.BoolAttr(false)})
			}
		}
	}
	return nil
}

// rootAlloc follows memdesc views back to the local_alloc that owns the
// buffer, or returns nil.
func rootAlloc(v *ir.Value) *ir.Operation {
	for {
		def := v.DefiningOp()
		if def == nil {
			return nil
		}
		switch def.Name {
		case opLocalAlloc:
			return def
		case opSubview, ttgpu.MemdescIndexOpName, ttgpu.MemdescSubsliceOpName, tt.TransOpName:
			v = def.Operand(0)
		default:
			return nil
		}
	}
}
