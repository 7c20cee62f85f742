package main

import (
	"fmt"
	"github.com/sparsetriton/sp/analysis/roles"
	"os"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttng"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
	"github.com/sparsetriton/sp/sparse"
)

// Param roles (the manifest's spelling).
const (
	roleDense    = string(roles.Dense)
	roleValues   = string(roles.Values)
	roleMetadata = string(roles.Metadata)
	roleIndptr   = string(roles.Indptr)
	roleIndices  = string(roles.Indices)
)

// devParam is one parameter of the kernel as launched (after
// decompose-sparse-tensors: a sparse pointer is a values and a metadata
// parameter).
type devParam struct {
	Name    string
	Ptr     bool
	DType   dtype // pointee of a pointer, type of a scalar
	Role    string
	Operand string // "A" or "B" for values/metadata when the kernel tells
	// Layout is the metadata layout of a metadata parameter when the kernel
	// records it (sp.metadata_layout); zero: the program's Layout.
	Layout sparse.Layout
	// PtrTensor is set when decompose-sparse-tensors recorded Layout for a
	// pointer-tensor operand (whose masks keep the host's padding out).
	PtrTensor bool
	// Block is the BSR24 block [BM, BK] of a values parameter whose
	// operand is block-sparse (followed by metadata, indptr and indices);
	// zero for 2:4.
	Block [2]int
	// Div is the tt.divisibility the kernel declares for a scalar (the
	// compiled code assumes every value bound to it is a multiple); 0: none.
	Div int64
}

// program is a compiled kernel and what sp-run needs to bind it.
type program struct {
	Source string
	Name   string
	Params []devParam
	Layout sparse.Layout // metadata layout the kernel reads
	module *ir.Operation // the IR to interpret (CPU)
	ptx    string        // the PTX to load (GPU)
	gpu    *kernelManifest
	target string // the manifest's target and PTX version
	ptxVer string
}

// parseModule reads and verifies an .mlir file.
func parseModule(path string) (*ir.Operation, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parser.ParseAndVerify(all.Context(), path, src)
}

// findKernel returns the tt.func called name, or the only public one.
func findKernel(module *ir.Operation, name string) (*ir.Operation, error) {
	var public, all []*ir.Operation
	module.WalkOps(func(op *ir.Operation) {
		if op.Name != tt.FuncOpName {
			return
		}
		all = append(all, op)
		if v, ok := op.Attr(tt.AttrSymVisibility).(ir.StringAttr); !ok || v.Value == "public" {
			public = append(public, op)
		}
	})
	if name != "" {
		for _, op := range all {
			if n, _ := ir.SymbolNameOf(op); n == name {
				return op, nil
			}
		}
		return nil, fmt.Errorf("no tt.func named @%s in the module", name)
	}
	switch len(public) {
	case 1:
		return public[0], nil
	case 0:
		return nil, fmt.Errorf("the module has no public tt.func")
	}
	return nil, fmt.Errorf("the module has %d public tt.funcs: name one with --kernel or the spec's \"kernel\"", len(public))
}

// ttirParams lists the launch parameters of fn as decompose-sparse-tensors
// will split them, with the role of each sparse operand.
func ttirParams(fn *ir.Operation) ([]devParam, error) {
	ft, _ := tt.FuncType(fn)
	classes, err := roles.SparseClasses(fn, "sp-run")
	if err != nil {
		return nil, err
	}
	var out []devParam
	for i, t := range ft.Inputs {
		p, err := scalarParam(t)
		if err != nil {
			return nil, ir.Errorf(fn.Loc, "parameter %d of @%s: %v", i, symName(fn), err)
		}
		p.Name = fmt.Sprintf("arg%d", i)
		if x, ok := tt.ArgAttrs(fn, i).Get("tt.divisibility").(ir.IntegerAttr); ok && !p.Ptr {
			p.Div = x.Value
		}
		if !tt.IsSparsePointer(t) {
			decomposedBlockSparse(fn, i, &p, out)
			out = append(out, p)
			continue
		}
		op := classes.Of(fn.Regions[0].Entry().Arg(i)).String()
		p.Role, p.Operand = roleValues, op
		enc, _ := tt.SparseEncodingOf(t)
		if enc.IsBlock() {
			p.Block = [2]int{int(enc.Block[0]), int(enc.Block[1])}
		}
		out = append(out, p, devParam{Name: p.Name, Ptr: true, DType: "i16", Role: roleMetadata, Operand: op})
		if enc.IsBlock() {
			out = append(out, devParam{Name: p.Name, Ptr: true, DType: "i32", Role: roleIndptr, Operand: op},
				devParam{Name: p.Name, Ptr: true, DType: "i32", Role: roleIndices, Operand: op})
		}
	}
	return out, nil
}

func symName(fn *ir.Operation) string {
	n, _ := ir.SymbolNameOf(fn)
	return n
}

func scalarParam(t ir.Type) (devParam, error) {
	p := devParam{Role: roleDense}
	if pt, ok := t.(tt.PointerType); ok {
		if pt.IsBlockPointer() {
			return p, fmt.Errorf("block-pointer parameters cannot be launched")
		}
		p.Ptr, t = true, pt.Pointee
	}
	d, err := parseDType(ir.TypeString(t))
	if err != nil {
		return p, fmt.Errorf("type %s is not supported as a kernel parameter", ir.TypeString(t))
	}
	p.DType = d
	return p, nil
}

// decomposedBlockSparse gives the parameters of an already decomposed
// BSR24 operand their roles from the attributes decompose-sparse-tensors
// left: sp.block on the values (the next parameter is the metadata) and
// sp.block_sparse on indptr and indices.
func decomposedBlockSparse(fn *ir.Operation, i int, p *devParam, prev []devParam) {
	if !p.Ptr {
		return
	}
	attrs := tt.ArgAttrs(fn, i)
	if s, ok := attrs.Get(tt.AttrBlockSparse).(ir.StringAttr); ok && (s.Value == roleIndptr || s.Value == roleIndices) {
		p.Role = s.Value
		return
	}
	b, ok := attrs.Get(tt.AttrBlockShape).(ir.DenseArrayAttr)
	if !ok || len(b.Ints) != 2 {
		return
	}
	if n := len(prev); n > 0 && prev[n-1].Role == roleValues && prev[n-1].Block != [2]int{} {
		p.Role = roleMetadata // the split metadata inherits sp.block
		return
	}
	p.Role, p.Block = roleValues, [2]int{int(b.Ints[0]), int(b.Ints[1])}
}

// tmaPTXVersion is the PTX version to lower a module with device-made
// tensor maps to for a driver of CUDA version driver (cuDriverGetVersion):
// 8.7 from CUDA 12.8, whose JIT reads tensormap.replace's global_stride in
// bytes at that version, else "" (lower/ptx's default, 8.3, with the stride
// in the 16-byte units older compilers read). Other modules keep the
// default.
func tmaPTXVersion(module *ir.Operation, driver int) string {
	if driver < 12080 {
		return ""
	}
	found := false
	module.WalkOps(func(op *ir.Operation) {
		found = found || op.Name == ttng.TensormapCreateOpName
	})
	if !found {
		return ""
	}
	return "8.7"
}
