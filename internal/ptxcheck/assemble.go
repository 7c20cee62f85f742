package ptxcheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// Options adjust a check.
type Options struct {
	// AllowSpills accepts spill stores and loads and a stack frame, which
	// otherwise fail the check.
	AllowSpills bool
	// Flags are extra ptxas flags (e.g. "-maxrregcount=128").
	Flags []string
}

// Kernel is one function of ptxas -v's report.
type Kernel struct {
	Name        string
	Entry       bool // a .entry (ptxas reports registers for entries only)
	Registers   int
	StackFrame  int // bytes
	SpillStores int // bytes
	SpillLoads  int // bytes
	SharedBytes int // static shared memory
}

func (k Kernel) String() string {
	return fmt.Sprintf("%s: %d registers, %d bytes spill stores, %d bytes spill loads, %d bytes stack frame, %d bytes smem",
		k.Name, k.Registers, k.SpillStores, k.SpillLoads, k.StackFrame, k.SharedBytes)
}

// Report is the result of assembling one PTX module.
type Report struct {
	Name      string // the module's name in messages
	Arch      string // from the module's .target
	Toolchain *Toolchain
	Cubin     string // path of the assembled cubin
	Log       string // ptxas -v's output
	Kernels   []Kernel
	Notes     []string // ptxas's warnings and coded notes ("(C7515) ...")
	sass      string
}

var targetRe = regexp.MustCompile(`(?m)^\s*\.target\s+(sm_[0-9]+a?)\b`)

// Target returns the architecture of the PTX's .target directive.
func Target(ptx string) (string, error) {
	m := targetRe.FindStringSubmatch(ptx)
	if m == nil {
		return "", fmt.Errorf("no .target sm_XX directive in the PTX")
	}
	return m[1], nil
}

var ptxVersionRe = regexp.MustCompile(`(?m)^\s*\.version\s+([0-9]+)\.([0-9]+)\b`)

// NeedsNewer reports whether the PTX needs the CUDA 12.4 toolchain: an
// architecture-specific target (sm_90a) or an ISA version above 7.8, the
// newest CUDA 11.8's ptxas reads (e.g. 8.4 for mma.sp with .e4m3/.e5m2).
func NeedsNewer(ptx string) bool {
	if arch, err := Target(ptx); err == nil && ArchSpecific(arch) {
		return true
	}
	m := ptxVersionRe.FindStringSubmatch(ptx)
	if m == nil {
		return false
	}
	major, minor := atoi(m[1]), atoi(m[2])
	return major > 7 || (major == 7 && minor > 8)
}

// FindFor returns the toolchain that assembles ptx: the one for its
// .target, or CUDA 12.4's when NeedsNewer.
func FindFor(ptx string) (*Toolchain, error) {
	arch, err := Target(ptx)
	if err != nil {
		return nil, err
	}
	if NeedsNewer(ptx) {
		if !validArch.MatchString(arch) {
			return nil, fmt.Errorf("%q is not a PTX target (sm_80, sm_90, sm_90a, ...)", arch)
		}
		return findSM90A()
	}
	return Find(arch)
}

// Assemble writes ptx into dir, runs `ptxas -v -arch=<.target>` on it and
// parses the report. A ptxas failure is an error carrying ptxas's output.
func (tc *Toolchain) Assemble(dir, name, ptx string, opts Options) (*Report, error) {
	arch, err := Target(ptx)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	base := filepath.Join(dir, fileName(name)+"."+arch)
	if err := os.WriteFile(base+".ptx", []byte(ptx), 0o644); err != nil {
		return nil, err
	}
	args := append([]string{"-v", "-arch=" + arch, "-o", base + ".cubin"}, opts.Flags...)
	cmd := exec.Command(tc.Ptxas, append(args, base+".ptx")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: ptxas -arch=%s (CUDA %s): %v\n%s", name, arch, tc.Release, err, out.String())
	}
	kernels, notes := ParseLog(out.String())
	return &Report{Name: name, Arch: arch, Toolchain: tc, Cubin: base + ".cubin", Log: out.String(), Kernels: kernels, Notes: notes}, nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

func fileName(name string) string {
	s := strings.Trim(unsafeName.ReplaceAllString(name, "_"), "._")
	if s == "" {
		return "module"
	}
	return s
}

var (
	compilingRe  = regexp.MustCompile(`Compiling entry function '([^']+)'`)
	propertiesRe = regexp.MustCompile(`Function properties for (\S+)`)
	frameRe      = regexp.MustCompile(`(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads`)
	usedRe       = regexp.MustCompile(`Used (\d+) registers`)
	smemRe       = regexp.MustCompile(`(\d+) bytes smem`)
	noteRe       = regexp.MustCompile(`\(C\d{4}\)|warning|[Aa]dvisory`)
)

// ParseLog reads ptxas -v's output: each function's registers, spills,
// stack frame and shared memory, in the order ptxas reports them, and the
// lines that are warnings or coded notes.
func ParseLog(log string) ([]Kernel, []string) {
	var kernels []Kernel
	var notes []string
	index := map[string]int{}
	get := func(name string) *Kernel {
		if i, ok := index[name]; ok {
			return &kernels[i]
		}
		index[name] = len(kernels)
		kernels = append(kernels, Kernel{Name: name})
		return &kernels[len(kernels)-1]
	}
	var entry, props string
	for _, line := range strings.Split(log, "\n") {
		if m := compilingRe.FindStringSubmatch(line); m != nil {
			entry = m[1]
			get(entry).Entry = true
		} else if m := propertiesRe.FindStringSubmatch(line); m != nil {
			props = m[1]
			get(props)
		} else if m := frameRe.FindStringSubmatch(line); m != nil && props != "" {
			k := get(props)
			k.StackFrame, k.SpillStores, k.SpillLoads = atoi(m[1]), atoi(m[2]), atoi(m[3])
		} else if m := usedRe.FindStringSubmatch(line); m != nil && entry != "" {
			k := get(entry)
			k.Registers = atoi(m[1])
			if s := smemRe.FindStringSubmatch(line); s != nil {
				k.SharedBytes = atoi(s[1])
			}
		}
		if noteRe.MatchString(line) {
			notes = append(notes, strings.TrimSpace(line))
		}
	}
	return kernels, notes
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

var (
	// InjectedArrive matches ptxas's note that it added a warpgroup.arrive
	// (wgmma.fence) the PTX should have had (C7519).
	InjectedArrive = regexp.MustCompile(`\(C7519\)|warpgroup\.arrive is injected`)
	// Serialized matches ptxas's notes that it serialized wgmma.mma_async
	// (C7510-C7520: registers defined between pipeline stages, calls, ...).
	Serialized = regexp.MustCompile(`wgmma\.mma_async instructions are serialized`)
)

// Problems lists what makes the report unacceptable: spills or a stack
// frame (unless opts.AllowSpills), an injected warpgroup.arrive, and
// serialized wgmma.
func (r *Report) Problems(opts Options) []string {
	var out []string
	for _, k := range r.Kernels {
		if !opts.AllowSpills && (k.SpillStores > 0 || k.SpillLoads > 0 || k.StackFrame > 0) {
			out = append(out, "spills: "+k.String())
		}
	}
	for _, n := range r.Notes {
		if InjectedArrive.MatchString(n) || Serialized.MatchString(n) {
			out = append(out, n)
		}
	}
	return out
}

// Summary is one line per function of the report.
func (r *Report) Summary() string {
	var b strings.Builder
	for _, k := range r.Kernels {
		fmt.Fprintf(&b, "%s %s (CUDA %s) %s\n", r.Name, r.Arch, r.Toolchain.Release, k)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
