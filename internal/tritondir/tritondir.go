// Package tritondir reads a Triton cache entry or dump directory
// (triton-integration.md §1.2): the per-kernel files <name>.ttir,
// <name>.source, <name>.ttgir and, in cache entries, <name>.json with the
// compile options.
//
// # Invariants
//
//   - A directory names one kernel: files of several kernels are an error
//     that lists them, unless the caller names one.
//   - The IR file preferred is .ttir (the output of make_ttir, what Triton's
//     later stages read), then .source, then .ttgir.
//   - Errors are one line naming the directory; nothing panics on odd input.
package tritondir

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Meta is the part of <name>.json sp uses.
type Meta struct {
	NumWarps  int `json:"num_warps"`
	NumStages int `json:"num_stages"`
	NumCTAs   int `json:"num_ctas"`
	Target    struct {
		Backend  string `json:"backend"`
		Arch     any    `json:"arch"` // 90, or "gfx942" for AMD
		WarpSize int    `json:"warp_size"`
	} `json:"target"`
	Name string `json:"name"`
}

// SM returns the compute capability of an NVIDIA target (0 otherwise).
func (m *Meta) SM() int {
	if m == nil || m.Target.Backend != "cuda" {
		return 0
	}
	if f, ok := m.Target.Arch.(float64); ok {
		return int(f)
	}
	return 0
}

// Entry is one kernel of a directory.
type Entry struct {
	Dir, Kernel string
	IR          string // the IR file chosen
	Meta        *Meta  // nil for dump directories (no .json)
}

var irExts = []string{".ttir", ".source", ".ttgir"}

// IsDir reports whether path is a directory.
func IsDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// Open reads directory dir; kernel selects one kernel when the directory
// holds several ("" otherwise).
func Open(dir, kernel string) (*Entry, error) {
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", dir, err)
	}
	found := map[string]map[string]bool{} // kernel -> extensions
	for _, f := range files {
		if f.IsDir() {
			continue
		}
		ext := filepath.Ext(f.Name())
		for _, e := range irExts {
			if ext == e {
				k := strings.TrimSuffix(f.Name(), ext)
				if found[k] == nil {
					found[k] = map[string]bool{}
				}
				found[k][ext] = true
			}
		}
	}
	var names []string
	for k := range found {
		names = append(names, k)
	}
	sort.Strings(names)
	switch {
	case len(names) == 0:
		return nil, fmt.Errorf("%s: not a Triton cache or dump directory (no .ttir, .source or .ttgir file)", dir)
	case kernel != "" && found[kernel] == nil:
		return nil, fmt.Errorf("%s: no kernel %q (kernels: %s)", dir, kernel, strings.Join(names, ", "))
	case kernel == "" && len(names) > 1:
		return nil, fmt.Errorf("%s: holds %d kernels (%s); name one", dir, len(names), strings.Join(names, ", "))
	case kernel == "":
		kernel = names[0]
	}
	e := &Entry{Dir: dir, Kernel: kernel}
	for _, ext := range irExts {
		if found[kernel][ext] {
			e.IR = filepath.Join(dir, kernel+ext)
			break
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, kernel+".json"))
	if err == nil {
		var m Meta
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("%s: %v", filepath.Join(dir, kernel+".json"), err)
		}
		e.Meta = &m
	} else if !os.IsNotExist(err) {
		return nil, fmt.Errorf("%s: %v", dir, err)
	}
	return e, nil
}
