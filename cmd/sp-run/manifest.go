package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/sparsetriton/sp/sparse"
)

// manifestFile is the JSON manifest that lower/ptx writes next to (or
// embeds as a `// sp-manifest-begin` comment block in) a .ptx module.
type manifestFile struct {
	Target     string           `json:"target"`
	PTXVersion string           `json:"ptxVersion"`
	Kernels    []kernelManifest `json:"kernels"`
}

type kernelManifest struct {
	Name            string          `json:"name"`
	Params          []paramManifest `json:"params"`
	SharedBytes     int             `json:"sharedBytes"`
	ThreadsPerBlock int             `json:"threadsPerBlock"`
	NumWarps        int             `json:"numWarps"`
	MetadataLayout  string          `json:"metadataLayout,omitempty"`
	// GlobalScratch: the entry takes one more .u64 parameter after Params,
	// Bytes per program of global scratch (Triton 3.6's global_scratch).
	GlobalScratch *scratchManifest `json:"globalScratch,omitempty"`
	// ClusterDims: each program is a cluster of CTAs (.reqnctapercluster),
	// so a grid of programs launches ClusterDims times as many CTAs.
	ClusterDims []int `json:"clusterDims,omitempty"`
}

// ctaGrid is the CTA grid of a launch of km over a grid of programs.
func ctaGrid(km *kernelManifest, grid [3]int) [3]int {
	if km != nil {
		for i, c := range km.ClusterDims {
			if i < 3 && c > 1 {
				grid[i] *= c
			}
		}
	}
	return grid
}

type scratchManifest struct {
	Bytes int64 `json:"bytes"`
	Align int64 `json:"align"`
}

// scratchBytes is the global scratch a launch of km over grid needs: grid
// size x the per-program bytes (0 when the kernel takes none); grid counts
// CTAs (ctaGrid), each of which makes its own tensor maps.
func scratchBytes(km *kernelManifest, grid [3]int) (int64, error) {
	s := km.GlobalScratch
	if s == nil {
		return 0, nil
	}
	n := s.Bytes
	for _, g := range grid {
		if g <= 0 {
			return 0, fmt.Errorf("grid %v has an empty dimension", grid)
		}
		if n > (1<<40)/int64(g) {
			return 0, fmt.Errorf("global scratch of %d bytes per program over grid %v is over 1 TiB", s.Bytes, grid)
		}
		n *= int64(g)
	}
	return n, nil
}

// checkScratch rejects a globalScratch the launcher cannot honour: device
// allocations are 256-byte aligned, and every program's slice must be too.
func checkScratch(km *kernelManifest) error {
	s := km.GlobalScratch
	if s == nil {
		return nil
	}
	if s.Bytes <= 0 || s.Align <= 0 || s.Align&(s.Align-1) != 0 || s.Align > 256 || s.Bytes%s.Align != 0 {
		return fmt.Errorf("kernel %s: globalScratch {bytes %d, align %d} needs positive bytes, a multiple of a power-of-two align <= 256", km.Name, s.Bytes, s.Align)
	}
	return nil
}

type paramManifest struct {
	Name           string `json:"name"`
	DType          string `json:"dtype"` // "*f16" for pointers, "i32", ...
	Role           string `json:"role"`  // values, metadata, dense, scalar
	Divisibility   int64  `json:"divisibility,omitempty"`
	MetadataLayout string `json:"metadataLayout,omitempty"` // of a metadata parameter
	Block          []int  `json:"block,omitempty"`          // BSR24 block of a values parameter
}

// loadPTX reads a .ptx file and its manifest (--manifest, X.manifest.json,
// or the comment block embedded in the PTX).
func loadPTX(o options) (*program, error) {
	src, err := os.ReadFile(o.input)
	if err != nil {
		return nil, err
	}
	raw, from, err := manifestBytes(o, src)
	if err != nil {
		return nil, err
	}
	return manifestProgram(raw, from, o.input, o.kernel, src)
}

// manifestProgram is the program a kernel manifest (raw, read from from)
// describes for the PTX src of file input: kernel names it when the
// manifest lists several.
func manifestProgram(raw []byte, from, input, kernel string, src []byte) (*program, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	var mf manifestFile
	if err := dec.Decode(&mf); err != nil {
		return nil, fmt.Errorf("manifest %s: %v", from, jsonError(raw, err))
	}
	km, err := pickKernel(&mf, kernel, from)
	if err != nil {
		return nil, err
	}
	prog := &program{Source: input, Name: km.Name, ptx: string(src), gpu: km, Layout: sparse.Band16, target: mf.Target, ptxVer: mf.PTXVersion}
	if km.MetadataLayout != "" {
		if prog.Layout, err = sparse.ParseLayout(km.MetadataLayout); err != nil {
			return nil, fmt.Errorf("manifest %s: %v", from, err)
		}
	}
	if prog.Params, err = manifestParams(km); err != nil {
		return nil, fmt.Errorf("manifest %s: %v", from, err)
	}
	return prog, nil
}

func manifestBytes(o options, ptx []byte) ([]byte, string, error) {
	path := o.manifest
	if path == "" {
		def := strings.TrimSuffix(o.input, ".ptx") + ".manifest.json"
		if _, err := os.Stat(def); err == nil {
			path = def
		}
	}
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, "", fmt.Errorf("manifest: %v", err)
		}
		return b, path, nil
	}
	begin := bytes.Index(ptx, []byte("// sp-manifest-begin\n"))
	end := bytes.Index(ptx, []byte("// sp-manifest-end"))
	if begin < 0 || end < begin {
		return nil, "", fmt.Errorf("%s: no manifest: pass --manifest FILE.json (lower/ptx writes one), put it at %s, or embed it in the PTX", o.input, strings.TrimSuffix(o.input, ".ptx")+".manifest.json")
	}
	var sb strings.Builder
	for _, l := range strings.Split(string(ptx[begin:end]), "\n")[1:] {
		sb.WriteString(strings.TrimPrefix(strings.TrimPrefix(l, "//"), " ") + "\n")
	}
	return []byte(sb.String()), o.input + " (embedded)", nil
}

func pickKernel(mf *manifestFile, name, from string) (*kernelManifest, error) {
	var names []string
	for i := range mf.Kernels {
		if mf.Kernels[i].Name == name || (name == "" && len(mf.Kernels) == 1) {
			return &mf.Kernels[i], nil
		}
		names = append(names, mf.Kernels[i].Name)
	}
	if name == "" {
		return nil, fmt.Errorf("manifest %s lists %d kernels (%s): choose one with --kernel", from, len(mf.Kernels), strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("manifest %s has no kernel %q (have %s)", from, name, strings.Join(names, ", "))
}

func manifestParams(km *kernelManifest) ([]devParam, error) {
	if km.ThreadsPerBlock <= 0 || km.ThreadsPerBlock > 1024 {
		return nil, fmt.Errorf("kernel %s: threadsPerBlock = %d is not in 1..1024", km.Name, km.ThreadsPerBlock)
	}
	if err := checkScratch(km); err != nil {
		return nil, err
	}
	var out []devParam
	for i, p := range km.Params {
		d, err := parseDType(strings.TrimPrefix(p.DType, "*"))
		if err != nil {
			return nil, fmt.Errorf("parameter %d (%s): %v", i, p.Name, err)
		}
		dp := devParam{Name: p.Name, Ptr: strings.HasPrefix(p.DType, "*"), DType: d, Role: p.Role}
		if !dp.Ptr {
			dp.Div = p.Divisibility
		}
		if p.MetadataLayout != "" {
			l, err := sparse.ParseLayout(p.MetadataLayout)
			if err != nil {
				return nil, fmt.Errorf("parameter %d (%s): %v", i, p.Name, err)
			}
			dp.Layout = l
		}
		if len(p.Block) > 0 {
			if len(p.Block) != 2 || p.Role != roleValues || p.Block[0] <= 0 || p.Block[1] <= 0 || p.Block[0]%16 != 0 || p.Block[1]%16 != 0 {
				return nil, fmt.Errorf("parameter %d (%s): block %v must be two positive multiples of 16 on a values parameter", i, p.Name, p.Block)
			}
			if i+3 >= len(km.Params) || km.Params[i+2].Role != roleIndptr || km.Params[i+3].Role != roleIndices {
				return nil, fmt.Errorf("parameter %d (%s) holds block-sparse values but is not followed by metadata, indptr and indices", i, p.Name)
			}
			dp.Block = [2]int{p.Block[0], p.Block[1]}
		}
		switch p.Role {
		case roleIndptr, roleIndices:
			if !dp.Ptr || dp.DType != "i32" {
				return nil, fmt.Errorf("parameter %d (%s) has role %s but is not an i32 pointer", i, p.Name, p.Role)
			}
		case roleValues, roleMetadata, roleDense:
			if !dp.Ptr {
				return nil, fmt.Errorf("parameter %d (%s) has role %s but is not a pointer", i, p.Name, p.Role)
			}
		case "scalar":
			dp.Role = roleDense
		default:
			return nil, fmt.Errorf("parameter %d (%s): unknown role %q", i, p.Name, p.Role)
		}
		if p.Role == roleValues && (i+1 >= len(km.Params) || km.Params[i+1].Role != roleMetadata) {
			return nil, fmt.Errorf("parameter %d (%s) holds 2:4 values but is not followed by its metadata", i, p.Name)
		}
		out = append(out, dp)
	}
	if km.MetadataLayout == "" && hasRole(out, roleValues) {
		return nil, errors.New("the kernel has 2:4 parameters but no metadataLayout")
	}
	return out, nil
}

func hasRole(ps []devParam, role string) bool {
	for _, p := range ps {
		if p.Role == role {
			return true
		}
	}
	return false
}
