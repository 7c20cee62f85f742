package layoutviz

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/parser"
)

// ParseTensor reads a layout (`#triton_gpu.blocked<{...}>`, also in the 3.6
// `#ttg.` spelling) and a tensor type without encoding
// (`tensor<64x64xf16>`) and returns the tensor type with that encoding, as
// sp's parser reads it.
func ParseTensor(layout, tensor string) (ir.RankedTensorType, error) {
	tensor = strings.TrimSpace(tensor)
	if !strings.HasPrefix(tensor, "tensor<") || !strings.HasSuffix(tensor, ">") || strings.Contains(tensor, "#") {
		return ir.RankedTensorType{}, fmt.Errorf("tensor type %q: want tensor<SHAPE x TYPE> without an encoding, e.g. tensor<64x64xf16>", tensor)
	}
	src := fmt.Sprintf("#sp_layout = %s\nmodule {\n  tt.func @sp_layout(%%a: %s, #sp_layout>) {\n    tt.return\n  }\n}\n", strings.TrimSpace(layout), strings.TrimSuffix(tensor, ">"))
	mod, err := parser.Parse(all.Context(), "<layout>", []byte(src))
	if err != nil {
		return ir.RankedTensorType{}, fmt.Errorf("layout %s with %s: %s", layout, tensor, stripPos(err))
	}
	var t ir.RankedTensorType
	mod.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.FuncOpName && len(op.Regions) > 0 && len(op.Regions[0].Blocks) > 0 {
			if args := op.Regions[0].Blocks[0].Args(); len(args) == 1 {
				t, _ = args[0].Type().(ir.RankedTensorType)
			}
		}
	})
	if t.Encoding == nil {
		return t, fmt.Errorf("layout %s with %s: the parsed type has no encoding", layout, tensor)
	}
	return t, nil
}

// ParseShared reads a shared-memory layout (`#triton_gpu.shared<{...}>`).
func ParseShared(shared, tensor string) (ir.Attribute, error) {
	tensor = strings.TrimSpace(tensor)
	if !strings.HasPrefix(tensor, "tensor<") || !strings.HasSuffix(tensor, ">") {
		return nil, fmt.Errorf("tensor type %q: want tensor<SHAPE x TYPE>", tensor)
	}
	body := strings.TrimSuffix(strings.TrimPrefix(tensor, "tensor<"), ">")
	src := fmt.Sprintf("#sp_shared = %s\nmodule {\n  tt.func @sp_layout(%%a: !tt.memdesc<%s, #sp_shared, #triton_gpu.shared_memory>) {\n    tt.return\n  }\n}\n", strings.TrimSpace(shared), body)
	mod, err := parser.Parse(all.Context(), "<layout>", []byte(src))
	if err != nil {
		return nil, fmt.Errorf("shared layout %s: %s", shared, stripPos(err))
	}
	var enc ir.Attribute
	mod.WalkOps(func(op *ir.Operation) {
		if op.Name == tt.FuncOpName && len(op.Regions) > 0 && len(op.Regions[0].Blocks) > 0 {
			if args := op.Regions[0].Blocks[0].Args(); len(args) == 1 {
				if md, ok := args[0].Type().(tt.MemDescType); ok {
					enc = md.Encoding
				}
			}
		}
	})
	if enc == nil {
		return nil, fmt.Errorf("shared layout %s: not read", shared)
	}
	return enc, nil
}

var posPrefix = regexp.MustCompile(`^<layout>:\d+:\d+: (error: )?`)

func stripPos(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return posPrefix.ReplaceAllString(s, "")
}

// Item is one picture of a module's layouts: a register map of a tensor
// type, or the bank map of a dot operand read from shared memory.
type Item struct {
	Key   string // the tensor type (or memdesc -> tensor pair) printed
	Title string
	Short string // e.g. "dot_op A (meta = 0, 2:4 compressed values) 64x32"
	Map   *RegMap
	Banks *BankMap
	Err   error // why this type could not be drawn
}

// Collect finds every distinct distributed tensor type in module and every
// dot operand loaded from shared memory (triton_gpu.local_load into a
// dot_op layout), and builds their maps. num-warps comes from the module.
// Dot operands and their bank maps come first, then mma, then the rest.
func Collect(module *ir.Operation) ([]Item, error) {
	for module.ParentOp() != nil {
		module = module.ParentOp()
	}
	numWarps, ok := ttgpu.NumWarps(module)
	if !ok {
		return nil, fmt.Errorf("the module has no triton_gpu.num-warps attribute: layouts exist only after convert-triton-to-tritongpu")
	}
	seen := map[string]bool{}
	var items []Item
	addTensor := func(t ir.Type) {
		rt, ok := t.(ir.RankedTensorType)
		if !ok || rt.Encoding == nil || !drawn(rt.Encoding) {
			return
		}
		// The map depends on the shape and the layout, not the element type.
		key := ir.ShapeString(rt.Shape) + " " + ir.AttrString(rt.Encoding)
		if seen[key] {
			return
		}
		seen[key] = true
		m, err := ThreadMap(rt.Encoding, rt.Shape, numWarps)
		short := ir.ShapeString(rt.Shape) + " " + ir.AttrString(rt.Encoding)
		if err == nil {
			short = m.Kind + " " + ir.ShapeString(rt.Shape)
		}
		items = append(items, Item{Key: key, Title: key, Short: short, Map: m, Err: err})
	}
	module.WalkOps(func(op *ir.Operation) {
		for _, r := range op.Results() {
			addTensor(r.Type())
		}
		if op.Name == ttgpu.LocalLoadOpName && op.NumOperands() > 0 && op.NumResults() == 1 {
			if it, ok := bankItem(op); ok && !seen[it.Key] {
				seen[it.Key] = true
				items = append(items, it)
			}
		}
	})
	sort.SliceStable(items, func(i, j int) bool { return rank(items[i]) < rank(items[j]) })
	return items, nil
}

func drawn(enc ir.Attribute) bool {
	switch enc.(type) {
	case ttgpu.BlockedEncoding, ttgpu.SliceEncoding, ttgpu.NvidiaMmaEncoding, ttgpu.DotOperandEncoding:
		return true
	}
	return false
}

func rank(it Item) int {
	switch {
	case it.Banks != nil:
		return 1
	case it.Map != nil && strings.HasPrefix(it.Map.Kind, "dot_op"):
		return 0
	case it.Map != nil && strings.HasPrefix(it.Map.Kind, "nvidia_mma"):
		return 2
	}
	return 3
}

// bankItem builds the bank map of a local_load from a memdesc with a
// swizzled shared layout into a dot_op layout.
func bankItem(op *ir.Operation) (Item, bool) {
	md, ok := op.Operand(0).Type().(tt.MemDescType)
	rt, ok2 := op.Result(0).Type().(ir.RankedTensorType)
	if !ok || !ok2 || md.Encoding == nil || len(md.Shape) != 2 {
		return Item{}, false
	}
	dot, ok := rt.Encoding.(ttgpu.DotOperandEncoding)
	if !ok {
		return Item{}, false
	}
	key := ir.TypeString(md) + " -> " + ir.TypeString(rt)
	b, err := OperandBanks(dot, md.Encoding, [2]int{int(md.Shape[0]), int(md.Shape[1])}, tt.BitWidth(md.Elem))
	short := "banks: " + key
	if err == nil {
		short = fmt.Sprintf("banks: %s %dx%d (%d conflicts)", b.Operand, b.Tile[0], b.Tile[1], b.TotalConflicts())
	}
	return Item{Key: key, Title: "banks: " + key, Short: short, Banks: b, Err: err}, true
}

const pageStyle = `body{font-family:sans-serif;margin:1em;color:#222}
h1{font-size:15px;font-family:monospace;font-weight:bold;word-break:break-all}
pre{font-family:monospace;font-size:11px;background:#fafafa;padding:.5em;overflow-x:auto}
.err{color:#b00} table{border-collapse:collapse} td,th{border:1px solid #ccc;padding:2px 6px;font-size:12px}
.ok{background:#e6ffe6}.bad{background:#ffe6e6} svg{display:block;margin:.5em 0}`

// PageHTML is a self-contained page for one item: the SVG picture(s), a
// summary and the text form.
func (it Item) PageHTML() string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>\n", html.EscapeString(it.Title), pageStyle)
	fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(it.Title))
	switch {
	case it.Err != nil:
		fmt.Fprintf(&b, "<p class=\"err\">not drawn: %s</p>\n", html.EscapeString(it.Err.Error()))
	case it.Map != nil:
		if it.Map.Note != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(it.Map.Note))
		}
		b.WriteString(it.Map.SVG())
		var t strings.Builder
		_ = it.Map.WriteText(&t)
		fmt.Fprintf(&b, "<details><summary>text</summary><pre>%s</pre></details>\n", html.EscapeString(t.String()))
	case it.Banks != nil:
		bm := it.Banks
		fmt.Fprintf(&b, "<p>%d loads per tile, %d bank conflicts (wavefronts beyond one per phase, passes/encoding/swizzle's simulation).</p>\n", len(bm.Loads), bm.TotalConflicts())
		b.WriteString("<table><tr><th>load</th><th>bytes/lane</th><th>wavefronts</th><th>conflicts</th></tr>\n")
		for i, ld := range bm.Loads {
			cls := "ok"
			if ld.Conflicts > 0 {
				cls = "bad"
			}
			fmt.Fprintf(&b, "<tr class=\"%s\"><td><a href=\"#load-%d\">%s</a></td><td>%d</td><td>%d</td><td>%d</td></tr>\n", cls, i, html.EscapeString(ld.What), ld.Bytes, ld.Wavefronts, ld.Conflicts)
		}
		b.WriteString("</table>\n")
		b.WriteString(bm.TileSVG())
		for i, ld := range bm.Loads {
			fmt.Fprintf(&b, "<div id=\"load-%d\">%s</div>\n", i, ld.LoadSVG())
		}
		var t strings.Builder
		_ = bm.WriteText(&t)
		fmt.Fprintf(&b, "<details><summary>text</summary><pre>%s</pre></details>\n", html.EscapeString(t.String()))
	}
	b.WriteString("</body></html>\n")
	return b.String()
}

// WriteDir writes dir/index.html, and for each item an HTML page (and the
// SVG of a register map) named after its position; it returns the index
// path. The directory is created; existing files of the same names are
// replaced.
func WriteDir(dir, title string, items []Item) (string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	var idx strings.Builder
	fmt.Fprintf(&idx, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>\n<h1>%s</h1>\n<ul>\n",
		html.EscapeString("layouts: "+title), pageStyle, html.EscapeString("layouts: "+title))
	for i, it := range items {
		name := ItemFile(i)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(it.PageHTML()), 0o666); err != nil {
			return "", err
		}
		extra := ""
		if it.Map != nil && it.Err == nil {
			svg := strings.TrimSuffix(name, ".html") + ".svg"
			if err := os.WriteFile(filepath.Join(dir, svg), []byte(it.Map.SVG()), 0o666); err != nil {
				return "", err
			}
			extra = fmt.Sprintf(" (%s; <a href=\"%s\">svg</a>)", html.EscapeString(it.Map.Kind), svg)
		}
		if it.Banks != nil && it.Err == nil {
			extra = fmt.Sprintf(" (%d loads, %d conflicts)", len(it.Banks.Loads), it.Banks.TotalConflicts())
		}
		if it.Err != nil {
			extra = fmt.Sprintf(" <span class=\"err\">%s</span>", html.EscapeString(it.Err.Error()))
		}
		fmt.Fprintf(&idx, "<li id=\"item-%d\"><a href=\"%s\">%s</a>%s</li>\n", i, name, html.EscapeString(it.Title), extra)
	}
	idx.WriteString("</ul>\n</body></html>\n")
	index := filepath.Join(dir, "index.html")
	return index, os.WriteFile(index, []byte(idx.String()), 0o666)
}

// ItemFile is the page name of the i-th item of WriteDir.
func ItemFile(i int) string { return fmt.Sprintf("layout-%02d.html", i) }
