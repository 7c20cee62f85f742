package main

import (
	"strconv"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/builtin"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/pass"
	"github.com/sparsetriton/sp/passes/annotate"
	"github.com/sparsetriton/sp/passes/decompose"
	"github.com/sparsetriton/sp/passes/transform"
	"github.com/sparsetriton/sp/sparse"
)

// cpuPipeline is the fixed TTIR pipeline before interpretation (style.md
// P3: built in code, no registry): split 2:4 operands into values and
// band16 metadata, then fold the constants the split creates.
func cpuPipeline() *pass.Manager {
	pm := pass.NewManager(builtin.ModuleOpName)
	pm.Add(decompose.Pass)         // sparse pointer -> (values, metadata) in sparse.Band16
	pm.Add(transform.Canonicalize) // fold the /2 and /16 constants
	return pm
}

// cpuLayout is the metadata layout decompose-sparse-tensors produces.
const cpuLayout = sparse.Band16

// compileCPU runs cpuPipeline on the module in place.
func compileCPU(module *ir.Operation) error {
	return cpuPipeline().Run(module, pass.RunOptions{IR: all.Context()})
}

// annotateFromSpec runs annotate-sparse on the plain pointer parameters
// that the launch marks "sparse" (the spec's arguments follow the source
// parameters in order).
func annotateFromSpec(fn *ir.Operation, spec *Spec) error {
	if spec == nil {
		return nil
	}
	ft, ok := tt.FuncType(fn)
	if !ok {
		return nil
	}
	var idx []string
	p := 0 // the source parameter the next launch argument binds
	for _, a := range spec.Args {
		if p >= len(ft.Inputs) {
			break
		}
		pt, isPtr := ft.Inputs[p].(tt.PointerType)
		decomposed := p+1 < len(ft.Inputs) && ir.TypeEqual(ft.Inputs[p+1], tt.PointerType{Pointee: tt.MetadataElem, AddrSpace: 1})
		switch {
		case a.Sparse != "" && decomposed && isPtr && !tt.IsSparsePointer(pt):
			p += 2 // an already decomposed (values, metadata) pair
			continue
		case a.Sparse != "" && isPtr && !tt.IsSparsePointer(pt) && !pt.IsBlockPointer():
			idx = append(idx, strconv.Itoa(p))
		}
		p++
	}
	if len(idx) == 0 {
		return nil
	}
	return annotate.Func(fn, idx)
}

// setParamLayouts reads the metadata layout decompose-sparse-tensors
// recorded on each metadata parameter (sp.metadata_layout) of a
// pointer-tensor operand, also where the input was decomposed already (its
// metadata parameter is then a plain pointer that the launch pairs with
// the values).
func setParamLayouts(prog *program, fn *ir.Operation) {
	ft, ok := tt.FuncType(fn)
	if !ok || len(ft.Inputs) != len(prog.Params) {
		return
	}
	for i := range prog.Params {
		if s, ok := tt.ArgAttrs(fn, i).Get(decompose.AttrMetadataLayout).(ir.StringAttr); ok && prog.Params[i].Ptr && prog.Params[i].DType == "i16" {
			if l, err := sparse.ParseLayout(s.Value); err == nil {
				prog.Params[i].Layout, prog.Params[i].PtrTensor = l, true
			}
		}
	}
}
