package main

import (
	"fmt"
	"path/filepath"

	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/layoutviz"
	"github.com/sparsetriton/sp/pass"
)

// layoutDump serves --dump-layouts=DIR: pictures of the output IR's layouts
// (layoutviz), and, with --dump-pass-html, links from each pass section to
// the pictures of the layouts that pass introduced.
type layoutDump struct {
	d      *layoutviz.Dumper
	prev   map[string]bool // layouts of the previous pass's output
	relDir string          // DIR relative to the HTML page's directory
	title  string          // the input's name
}

func newLayoutDump(title, dir, htmlFile string) *layoutDump {
	ld := &layoutDump{d: &layoutviz.Dumper{Dir: dir}, relDir: dir, title: title}
	if htmlFile != "" {
		if rel, err := filepath.Rel(filepath.Dir(htmlFile), dir); err == nil {
			ld.relDir = rel
		} else if abs, err := filepath.Abs(dir); err == nil {
			ld.relDir = abs
		}
	}
	return ld
}

// annotate is HTMLDump.Annotate: the layouts new in op since the last call.
// IR without layouts (before convert-triton-to-tritongpu) has none.
func (ld *layoutDump) annotate(op *ir.Operation) []pass.Link {
	links, keys, err := ld.d.Add("", op, ld.prev)
	if err != nil {
		return nil
	}
	ld.prev = keys
	var out []pass.Link
	for _, l := range links {
		out = append(out, pass.Link{Text: l[0], Href: filepath.ToSlash(filepath.Join(ld.relDir, l[1]))})
	}
	return out
}

// output records the final IR of one chunk.
func (ld *layoutDump) output(title string, mod *ir.Operation) error {
	_, _, err := ld.d.Add(title, mod, nil)
	return err
}

func (ld *layoutDump) finish() error {
	_, err := ld.d.Finish(ld.title)
	if err != nil {
		return fmt.Errorf("--dump-layouts: %v", err)
	}
	return nil
}
