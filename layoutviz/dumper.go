package layoutviz

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// Dumper writes the layout pictures of several IR snapshots (the chunks of
// a split input, the IR after each pass) into one directory: each distinct
// layout once, as layout-NN.html (and .svg), and an index.html listing
// them by snapshot.
type Dumper struct {
	Dir string

	files    map[string]string // item key -> page file name
	sections []dumpSection
}

type dumpSection struct {
	title string
	keys  []string
	names map[string]string // key -> title
}

// Add writes the pictures of module's layouts that are not written yet and,
// unless title is empty, records a section titled title in the index. It returns, for each item
// of the module that prev (the keys of an earlier Add, or nil) did not
// have, its title and page path relative to Dir; and the module's keys.
func (d *Dumper) Add(title string, module *ir.Operation, prev map[string]bool) (links [][2]string, keys map[string]bool, err error) {
	if d.files == nil {
		d.files = map[string]string{}
		if err := os.MkdirAll(d.Dir, 0o777); err != nil {
			return nil, nil, err
		}
	}
	items, err := Collect(module)
	if err != nil {
		return nil, nil, err
	}
	sec := dumpSection{title: title, names: map[string]string{}}
	keys = map[string]bool{}
	for _, it := range items {
		keys[it.Key] = true
		sec.keys = append(sec.keys, it.Key)
		sec.names[it.Key] = it.Short
		file, ok := d.files[it.Key]
		if !ok {
			file = ItemFile(len(d.files))
			d.files[it.Key] = file
			if err := os.WriteFile(filepath.Join(d.Dir, file), []byte(it.PageHTML()), 0o666); err != nil {
				return nil, nil, err
			}
			if it.Map != nil && it.Err == nil {
				svg := strings.TrimSuffix(file, ".html") + ".svg"
				if err := os.WriteFile(filepath.Join(d.Dir, svg), []byte(it.Map.SVG()), 0o666); err != nil {
					return nil, nil, err
				}
			}
		}
		if !prev[it.Key] {
			links = append(links, [2]string{it.Short, file})
		}
	}
	if title != "" {
		d.sections = append(d.sections, sec)
	}
	return links, keys, nil
}

// Finish writes Dir/index.html and returns its path.
func (d *Dumper) Finish(title string) (string, error) {
	if err := os.MkdirAll(d.Dir, 0o777); err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title><style>%s</style></head><body>\n<h1>%s</h1>\n",
		html.EscapeString("layouts: "+title), pageStyle, html.EscapeString("layouts: "+title))
	for _, s := range d.sections {
		fmt.Fprintf(&b, "<h2>%s</h2>\n", html.EscapeString(s.title))
		b.WriteString("<ul>\n")
		for _, k := range s.keys {
			fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", d.files[k], html.EscapeString(s.names[k]))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</body></html>\n")
	index := filepath.Join(d.Dir, "index.html")
	return index, os.WriteFile(index, []byte(b.String()), 0o666)
}
