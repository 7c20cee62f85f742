package ptx

import (
	"encoding/json"
	"fmt"
	"github.com/sparsetriton/sp/dialect/scf"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/dialect/ttng"
	"strings"

	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Manifest describes the kernels of one PTX module for a launcher
// (sp-run, test/gpu/run_ptx.py): nothing about a kernel's ABI is guessed.
type Manifest struct {
	Target     string           `json:"target"`     // "sm_80" or "sm_90"
	PTXVersion string           `json:"ptxVersion"` // ".version" of the module
	Kernels    []KernelManifest `json:"kernels"`
}

// KernelManifest is one .entry.
type KernelManifest struct {
	Name            string          `json:"name"`
	Params          []ParamManifest `json:"params"`
	SharedBytes     int             `json:"sharedBytes"` // dynamic shared memory to launch with
	ThreadsPerBlock int             `json:"threadsPerBlock"`
	NumWarps        int             `json:"numWarps"`
	// MetadataLayout names the sparse.Layout of the (first) metadata
	// parameter for kernels with a sparse tt.dot; empty otherwise. Each
	// metadata parameter also names its own.
	MetadataLayout string `json:"metadataLayout,omitempty"`
}

// ParamManifest is one kernel parameter, in .entry order (the decomposed
// signature's order).
type ParamManifest struct {
	Name  string `json:"name"`
	DType string `json:"dtype"` // "*f16" for pointers, "i32", "f32", ...
	// Role is "values" (compressed 2:4 values), "metadata" (their band16
	// metadata) or "dense" for pointers; "scalar" otherwise.
	Role         string `json:"role"`
	Divisibility int64  `json:"divisibility,omitempty"` // tt.divisibility, when given
	// MetadataLayout is the sparse.Layout a "metadata" parameter is read
	// in: band16 through block pointers, or what decompose-sparse-tensors
	// recorded (sp.metadata_layout: natural, band16t) for pointer tensors.
	MetadataLayout string `json:"metadataLayout,omitempty"`
}

// JSON renders the manifest, indented.
func (m Manifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// CommentBlock renders the manifest as a PTX comment block, for embedding
// at the top of a .ptx file.
func (m Manifest) CommentBlock() (string, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("// sp-manifest-begin\n")
	for _, l := range strings.Split(string(b), "\n") {
		sb.WriteString("// " + l + "\n")
	}
	sb.WriteString("// sp-manifest-end\n")
	return sb.String(), nil
}

func dtypeOf(t ir.Type) string {
	if p, ok := t.(tt.PointerType); ok {
		return "*" + ir.TypeString(p.Pointee)
	}
	return ir.TypeString(t)
}

func paramManifest(fn *ir.Operation, i int, t ir.Type) ParamManifest {
	pm := ParamManifest{Name: fmt.Sprintf("arg%d", i), DType: dtypeOf(t), Role: "scalar"}
	if _, ok := t.(tt.PointerType); ok {
		pm.Role = "dense"
	}
	if x, ok := tt.ArgAttrs(fn, i).Get("tt.divisibility").(ir.IntegerAttr); ok {
		pm.Divisibility = x.Value
	}
	return pm
}

// markRoles finds the pointer parameters that feed the values (operand a)
// and the metadata (operand e) of sparse tt.dot ops, following def-use
// chains backwards: through op operands, loop-carried values, and the
// async copies and local stores that fill a shared-memory buffer.
func markRoles(k *kernel, entry *ir.Block, params []ParamManifest) {
	argIndex := map[*ir.Value]int{}
	for i, a := range entry.Args() {
		argIndex[a] = i
	}
	var dots []*ir.Operation
	var metas []*ir.Value
	k.fn.WalkOps(func(op *ir.Operation) {
		switch {
		case op.Name == tt.DotOpName && tt.DotSparseIndex(op) == tt.SparseIndexA && tt.DotMeta(op) != nil:
			dots, metas = append(dots, op), append(metas, tt.DotMeta(op))
		case op.Name == ttng.WarpGroupDot && ttng.WarpGroupDotMeta(op) != nil:
			dots, metas = append(dots, op), append(metas, ttng.WarpGroupDotMeta(op))
		}
	})
	for i, d := range dots {
		for _, pair := range []struct {
			v    *ir.Value
			role string
		}{{d.Operand(0), "values"}, {metas[i], "metadata"}} {
			for a := range sources(pair.v) {
				if i, ok := argIndex[a]; ok && params[i].Role == "dense" {
					params[i].Role = pair.role
				}
			}
		}
	}
}

// sources returns the block arguments and values v transitively depends on.
func sources(v *ir.Value) map[*ir.Value]bool {
	seen := map[*ir.Value]bool{}
	var visit func(v *ir.Value)
	visit = func(v *ir.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		if v.IsBlockArg() {
			// Loop-carried: follow the init value and the yielded value.
			b := v.OwnerBlock()
			if parent := b.ParentOp(); parent != nil && parent.Name == scf.ForOpName && v.Index() > 0 {
				visit(parent.Operand(3 + v.Index() - 1))
				if t := b.Terminator(); t != nil && v.Index()-1 < t.NumOperands() {
					visit(t.Operand(v.Index() - 1))
				}
			}
			return
		}
		op := v.DefiningOp()
		for _, o := range op.Operands() {
			visit(o)
		}
		if _, ok := v.Type().(tt.MemDescType); ok {
			// Whatever writes into this buffer (or the buffer it views).
			for _, u := range v.Uses() {
				switch u.Op.Name {
				case ttgpu.AsyncCopyGlobalToLocalOpName, ttgpu.LocalStoreOpName:
					visit(u.Op.Operand(0))
				case ttgpu.MemdescSubviewOpName, ttgpu.MemdescIndexOpName:
					visit(u.Op.Result(0))
				}
			}
		}
		if op.Name == scf.ForOpName {
			if t := op.Regions[0].Blocks[0].Terminator(); t != nil && v.Index() < t.NumOperands() {
				visit(t.Operand(v.Index()))
			}
		}
	}
	visit(v)
	return seen
}
