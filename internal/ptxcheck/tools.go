package ptxcheck

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// EnvSM90A names the environment variable that points at the ptxas for
// sm_90a (CUDA 12.4's, unpacked by scripts/install-deps.sh).
const EnvSM90A = "SP_PTXAS_SM90A"

// Toolchain is one ptxas and the cuobjdump that goes with it.
type Toolchain struct {
	Ptxas     string // absolute path
	Cuobjdump string // "" when none was found
	Release   string // CUDA release from `ptxas --version`, e.g. "12.4"
	Version   string // full version, e.g. "V12.4.131"
}

func (tc *Toolchain) String() string {
	return fmt.Sprintf("ptxas %s (%s)", tc.Version, tc.Ptxas)
}

// ErrMissing marks a tool that is not installed (as opposed to a broken or
// misconfigured one): tests skip on it outside CI.
var ErrMissing = errors.New("not installed")

// ArchSpecific reports whether arch is an architecture-specific target
// ("sm_90a"), which needs the newer toolchain.
func ArchSpecific(arch string) bool { return strings.HasSuffix(arch, "a") }

// Find returns the toolchain that assembles PTX for arch (see the package
// documentation for the search order). A missing ptxas is an error
// wrapping ErrMissing.
func Find(arch string) (*Toolchain, error) {
	if !validArch.MatchString(arch) {
		return nil, fmt.Errorf("%q is not a PTX target (sm_80, sm_90, sm_90a, ...)", arch)
	}
	if ArchSpecific(arch) {
		return findSM90A()
	}
	if p, err := exec.LookPath("ptxas"); err == nil {
		return toolchain(p)
	}
	p := filepath.Join(cacheDir(), "cuda-11.8", "usr", "bin", "ptxas")
	if !executable(p) {
		return nil, fmt.Errorf("ptxas for %s: not on PATH nor at %s: %w (run scripts/install-deps.sh)", arch, p, ErrMissing)
	}
	return toolchain(p)
}

var validArch = regexp.MustCompile(`^sm_[0-9]{2,3}a?$`)

func findSM90A() (*Toolchain, error) {
	p := os.Getenv(EnvSM90A)
	if p != "" && !executable(p) {
		return nil, fmt.Errorf("%s=%s is not an executable file", EnvSM90A, p)
	}
	if p == "" {
		p = filepath.Join(cacheDir(), "cuda-12.4", "usr", "bin", "ptxas")
		if !executable(p) {
			return nil, fmt.Errorf("ptxas for sm_90a: %s is unset and %s does not exist: %w (run scripts/install-deps.sh)", EnvSM90A, p, ErrMissing)
		}
	}
	tc, err := toolchain(p)
	if err != nil {
		return nil, err
	}
	if major, _ := strconv.Atoi(strings.SplitN(tc.Release, ".", 2)[0]); major < 12 {
		return nil, fmt.Errorf("%s is CUDA %s's ptxas; sm_90a needs CUDA 12 or later (set %s to CUDA 12.4's)", p, tc.Release, EnvSM90A)
	}
	return tc, nil
}

func cacheDir() string {
	if d := os.Getenv("SP_CACHE"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "sp-cache")
	}
	return filepath.Join(home, ".cache", "sp")
}

func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
}

var (
	versionRe = regexp.MustCompile(`release (\d+\.\d+), (V[0-9.]+)`)
	versionMu sync.Mutex
	versions  = map[string]versionResult{} // ptxas path -> its --version
)

type versionResult struct {
	release, version string
	err              error
}

// toolchain builds the Toolchain of the ptxas at p, asking its version once.
func toolchain(p string) (*Toolchain, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	versionMu.Lock()
	r, ok := versions[abs]
	if !ok {
		r = ptxasVersion(abs)
		versions[abs] = r
	}
	versionMu.Unlock()
	if r.err != nil {
		return nil, r.err
	}
	tc := &Toolchain{Ptxas: abs, Release: r.release, Version: r.version}
	if d := filepath.Join(filepath.Dir(abs), "cuobjdump"); executable(d) {
		tc.Cuobjdump = d
	} else if d, err := exec.LookPath("cuobjdump"); err == nil {
		tc.Cuobjdump = d
	}
	return tc, nil
}

func ptxasVersion(p string) versionResult {
	out, err := exec.Command(p, "--version").CombinedOutput()
	if err != nil {
		return versionResult{err: fmt.Errorf("%s --version: %v\n%s", p, err, out)}
	}
	m := versionRe.FindSubmatch(out)
	if m == nil {
		return versionResult{err: fmt.Errorf("%s --version: no CUDA release in %q", p, strings.TrimSpace(string(out)))}
	}
	return versionResult{release: string(m[1]), version: string(m[2])}
}
