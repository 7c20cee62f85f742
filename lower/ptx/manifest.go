package ptx

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sparsetriton/sp/analysis/roles"
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
	// GlobalScratch is set when the kernel allocates global scratch
	// (ttg.global_scratch_alloc): the entry then takes one more .u64
	// parameter after Params, a buffer of Bytes per program (grid size x
	// Bytes in all, aligned to Align), as Triton 3.6 passes it.
	GlobalScratch *ScratchManifest `json:"globalScratch,omitempty"`
	// ClusterDims is set for a kernel whose programs are clusters of CTAs
	// (sp.cluster_ctas, .reqnctapercluster): a launch of G programs along x
	// is a grid of ClusterDims[0] * G CTAs.
	ClusterDims []int `json:"clusterDims,omitempty"`
}

// ScratchManifest is the per-program global scratch of a kernel.
type ScratchManifest struct {
	Bytes int64 `json:"bytes"`
	Align int64 `json:"align"`
}

// ParamManifest is one kernel parameter, in .entry order (the decomposed
// signature's order).
type ParamManifest struct {
	Name  string `json:"name"`
	DType string `json:"dtype"` // "*f16" for pointers, "i32", "f32", ...
	// Role is "values" (compressed 2:4 values), "metadata" (their band16
	// metadata), "indptr" and "indices" (of a BSR24 operand) or "dense"
	// for pointers; "scalar" otherwise.
	Role         string `json:"role"`
	Divisibility int64  `json:"divisibility,omitempty"` // tt.divisibility, when given
	// MetadataLayout is the sparse.Layout a "metadata" parameter is read
	// in: band16 through block pointers, or what decompose-sparse-tensors
	// recorded (sp.metadata_layout: natural, band16t) for pointer tensors.
	MetadataLayout string `json:"metadataLayout,omitempty"`
	// Block is the [BM, BK] block of a "values" parameter of a BSR24
	// operand (sp.block), followed by "metadata", "indptr" and "indices".
	Block []int64 `json:"block,omitempty"`
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
	pm := ParamManifest{Name: fmt.Sprintf("arg%d", i), DType: dtypeOf(t), Role: string(roles.Scalar)}
	if _, ok := t.(tt.PointerType); ok {
		pm.Role = string(roles.Dense)
	}
	if x, ok := tt.ArgAttrs(fn, i).Get("tt.divisibility").(ir.IntegerAttr); ok {
		pm.Divisibility = x.Value
	}
	if x, ok := tt.ArgAttrs(fn, i).Get(tt.AttrBlockShape).(ir.DenseArrayAttr); ok && len(x.Ints) == 2 {
		pm.Block = x.Ints
	}
	return pm
}

// markRoles sets the role of each parameter (analysis/roles: values and
// metadata of sparse tt.dot ops, dense pointers, scalars).
func markRoles(fn *ir.Operation, params []ParamManifest) {
	for i, r := range roles.ParamRoles(fn) {
		params[i].Role = string(r)
		if r != roles.Values {
			params[i].Block = nil // the metadata argument inherits sp.block when split
		}
	}
}
