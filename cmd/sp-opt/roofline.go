package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sparsetriton/sp/pass"
)

// perfDoc is where sp-run bench's measurements of the repository's kernels
// live (docs/performance.md): a JSON list of rows naming their kernel file
// and the roofline chart drawn from them.
const (
	perfJSON  = "docs/performance-sp.json"
	perfChart = "docs/performance-sp.png"
	perfTable = "docs/performance-sp.md"
)

// rooflineLinks returns links from the pass viewer page (htmlFile) to the
// roofline chart and table when the input kernel is one that sp-run bench
// measured: the nearest docs/performance-sp.json above the input lists it.
func rooflineLinks(input, htmlFile string) []pass.Link {
	abs, err := filepath.Abs(input)
	if err != nil {
		return nil
	}
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		if data, err := os.ReadFile(filepath.Join(dir, perfJSON)); err == nil {
			return perfLinks(data, dir, abs, htmlFile)
		}
		if filepath.Dir(dir) == dir {
			return nil
		}
	}
}

func perfLinks(data []byte, root, kernel, htmlFile string) []pass.Link {
	var rows []struct {
		Kernel string `json:"kernel"`
		Label  string `json:"label"`
	}
	if json.Unmarshal(data, &rows) != nil {
		return nil
	}
	n := 0
	for _, r := range rows {
		if r.Kernel != "" && filepath.Join(root, r.Kernel) == kernel {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	rel := func(p string) string {
		from, err := filepath.Abs(filepath.Dir(htmlFile))
		if err == nil {
			if r, err := filepath.Rel(from, filepath.Join(root, p)); err == nil {
				return filepath.ToSlash(r)
			}
		}
		return filepath.Join(root, p)
	}
	var links []pass.Link
	if _, err := os.Stat(filepath.Join(root, perfChart)); err == nil {
		links = append(links, pass.Link{Text: fmt.Sprintf("roofline: this kernel measured at %d shapes (sp-run bench)", n), Href: rel(perfChart)})
	}
	if _, err := os.Stat(filepath.Join(root, perfTable)); err == nil {
		links = append(links, pass.Link{Text: "measurements", Href: rel(perfTable)})
	}
	return links
}
