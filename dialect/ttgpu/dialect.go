package ttgpu

import (
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/ir"
)

// Namespace is the canonical (Triton 3.1) namespace; Alias is the 3.2+ one.
const (
	Namespace = "triton_gpu"
	Alias     = "ttg"
)

// Dialect returns a fresh definition of the TritonGPU dialect (accepted as
// `triton_gpu.` and `ttg.`): layout attributes, `!triton_gpu.async.token`,
// `!triton_gpu.memdesc` (tt.MemDescType) and the shared-memory ops.
func Dialect() *ir.Dialect {
	return &ir.Dialect{Name: Namespace, Aliases: []string{Alias}, Ops: respelled(append(append(ops(), ops36()...), warpSpecOps()...)), ParseType: parseType, ParseAttr: parseAttr}
}

// AsyncTokenType is `!triton_gpu.async.token` (`!ttg.async.token`).
type AsyncTokenType struct{}

// Print writes `!triton_gpu.async.token` in the printer's spelling.
func (AsyncTokenType) Print(p *ir.Printer) {
	p.WriteString("!" + p.Namespace(Namespace) + ".async.token")
}

// Equal reports whether o is also an async token type.
func (AsyncTokenType) Equal(o ir.Type) bool { _, ok := o.(AsyncTokenType); return ok }

func parseType(p ir.AsmParser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "async.token":
		return AsyncTokenType{}, nil
	case "memdesc":
		return tt.ParseMemDescBody(p)
	}
	return nil, p.Errorf("unknown TritonGPU type '%s'", mnemonic)
}

func parseAttr(p ir.AsmParser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "blocked":
		return parseBlocked(p)
	case "slice":
		return parseSlice(p)
	case "nvidia_mma":
		return parseNvidiaMma(p)
	case "dot_op":
		return parseDotOp(p)
	case "shared":
		return parseShared(p)
	case "swizzled_shared":
		return parseSwizzledShared(p)
	case "nvmma_shared":
		return parseNVMMAShared(p)
	case "linear":
		return parseLinear(p)
	case "padded_shared":
		return parsePaddedShared(p)
	case "shared_linear":
		return parseSharedLinear(p)
	case "shared_memory":
		return SharedMemorySpace{}, nil
	}
	return nil, p.Errorf("unknown TritonGPU attribute '%s'", mnemonic)
}

// ModuleAttr returns the module attribute `<ns>.<name>` under either
// spelling (`triton_gpu.num-warps` or `ttg.num-warps`).
func ModuleAttr(module *ir.Operation, name string) ir.Attribute {
	if a := module.Attr(Namespace + "." + name); a != nil {
		return a
	}
	return module.Attr(Alias + "." + name)
}

func moduleInt(module *ir.Operation, name string) (int, bool) {
	a, ok := ModuleAttr(module, name).(ir.IntegerAttr)
	return int(a.Value), ok
}

// NumWarps returns `triton_gpu.num-warps` of a module.
func NumWarps(module *ir.Operation) (int, bool) { return moduleInt(module, "num-warps") }

// NumCTAs returns `triton_gpu.num-ctas` (1 when absent).
func NumCTAs(module *ir.Operation) int {
	if n, ok := moduleInt(module, "num-ctas"); ok {
		return n
	}
	return 1
}

// ModuleThreadsPerWarp returns `triton_gpu.threads-per-warp` (32 when absent).
func ModuleThreadsPerWarp(module *ir.Operation) int {
	if n, ok := moduleInt(module, "threads-per-warp"); ok {
		return n
	}
	return 32
}

// Target returns `triton_gpu.target` (e.g. "cuda:80").
func Target(module *ir.Operation) (string, bool) {
	s, ok := ModuleAttr(module, "target").(ir.StringAttr)
	return s.Value, ok
}

// SetModuleAttrs sets num-warps, threads-per-warp, num-ctas and target under
// the canonical `triton_gpu.` spelling.
func SetModuleAttrs(module *ir.Operation, numWarps, threadsPerWarp, numCTAs int, target string) {
	module.SetAttr(Namespace+".num-warps", ir.I32Attr(int64(numWarps)))
	module.SetAttr(Namespace+".threads-per-warp", ir.I32Attr(int64(threadsPerWarp)))
	module.SetAttr(Namespace+".num-ctas", ir.I32Attr(int64(numCTAs)))
	module.SetAttr(Namespace+".target", ir.StringAttr{Value: target})
}

// respelled attaches the 3.5+ printed forms of renamed ops (respell.go).
func respelled(defs []*ir.OpDef) []*ir.OpDef {
	for _, d := range defs {
		if d.Name == MemdescSubviewOpName {
			d.PrintAs = subviewAs
		}
	}
	return defs
}
