package lit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// SuiteFile is the name of a suite configuration; the suite root is the
// nearest directory at or above a test that holds one. LocalFile adjusts
// the configuration for one directory and those below it.
const (
	SuiteFile = "lit.toml"
	LocalFile = "lit.local.toml"
)

// Suite is a test suite configuration, read from a lit.toml (docs/lit.md,
// "Configuration"). Every field is optional in the file.
type Suite struct {
	// Name prefixes test names in reports: "PASS: <name> :: <path>".
	Name string `toml:"name"`
	// Suffixes are the extensions of test files (".mlir").
	Suffixes []string `toml:"suffixes"`
	// Excludes are directory or file names never searched for tests.
	Excludes []string `toml:"excludes"`
	// Features are always available.
	Features []string `toml:"features"`
	// ToolFeatures are available iff a program of that name is on PATH.
	ToolFeatures []string `toml:"tool-features"`
	// EnvironmentFeatures describe the machine (a GPU); a test that
	// REQUIRES a missing one is skipped even with CI=true.
	EnvironmentFeatures []string `toml:"environment-features"`
	// GoTools builds every main package under the Go module's cmd/ and runs
	// it by name (BuildTools); ToolAliases and Tools add names.
	GoTools bool `toml:"go-tools"`
	// ToolAliases maps an extra command name to a built cmd/ tool
	// (FileCheck = "filecheck").
	ToolAliases map[string]string `toml:"tool-aliases"`
	// Tools maps a command name to a program: an absolute path, a path
	// relative to the suite root, or a name looked up on PATH.
	Tools map[string]string `toml:"tools"`
	// Substitutions are plain-text replacements applied to RUN lines
	// before the built-in %-substitutions, longest key first.
	Substitutions map[string]string `toml:"substitutions"`
	// Env is set for every RUN command.
	Env map[string]string `toml:"env"`
	// Unsupported marks every test under a lit.local.toml as UNSUPPORTED.
	Unsupported bool `toml:"unsupported"`

	// Root is the directory of the lit.toml (set by LoadSuite).
	Root string `toml:"-"`
}

// LoadSuite reads dir/lit.toml. Unknown keys are an error, so that a typo
// does not silently change nothing.
func LoadSuite(dir string) (*Suite, error) {
	s := &Suite{}
	if err := decodeStrict(filepath.Join(dir, SuiteFile), s); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	s.Root = abs
	if s.Name == "" {
		s.Name = filepath.Base(abs)
	}
	if len(s.Suffixes) == 0 {
		s.Suffixes = slices.Clone(DefaultSuffixes)
	}
	if s.Excludes == nil {
		s.Excludes = slices.Clone(SkipDirs)
	}
	for _, suf := range s.Suffixes {
		if !strings.HasPrefix(suf, ".") {
			return nil, fmt.Errorf("%s: suffix %q must start with '.'", filepath.Join(dir, SuiteFile), suf)
		}
	}
	return s, nil
}

func decodeStrict(path string, v any) error {
	md, err := toml.DecodeFile(path, v)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return fmt.Errorf("%s:%d:%d: %s", path, pe.Position.Line, pe.Position.Col, pe.Message)
		}
		return fmt.Errorf("%s: %v", path, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return fmt.Errorf("%s: unknown key(s): %s", path, strings.Join(keys, ", "))
	}
	return nil
}

// FindSuiteRoot returns the nearest directory at or above path (a file or a
// directory) that holds a lit.toml.
func FindSuiteRoot(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return "", err
	}
	dir := abs
	if !fi.IsDir() {
		dir = filepath.Dir(abs)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, SuiteFile)); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s: no %s in this directory or any parent", path, SuiteFile)
		}
		dir = parent
	}
}

// localAdjust is what a lit.local.toml may change.
type localAdjust struct {
	Suffixes      []string          `toml:"suffixes"`
	Excludes      []string          `toml:"excludes"`
	Features      []string          `toml:"features"`
	Substitutions map[string]string `toml:"substitutions"`
	Env           map[string]string `toml:"env"`
	Unsupported   bool              `toml:"unsupported"`
}

// ForDir returns the configuration in force in dir (absolute, inside the
// suite): the suite's, adjusted by each lit.local.toml from the root down
// to dir. Lists and maps in a local file replace (suffixes, excludes) or
// extend (features, substitutions, env) the inherited ones.
func (s *Suite) ForDir(dir string) (*Suite, error) {
	rel, err := filepath.Rel(s.Root, dir)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s is outside the suite at %s", dir, s.Root)
	}
	out := s.clone()
	cur := s.Root
	parts := []string{""}
	if rel != "." {
		parts = append(parts, strings.Split(rel, string(filepath.Separator))...)
	}
	for _, p := range parts {
		cur = filepath.Join(cur, p)
		lf := filepath.Join(cur, LocalFile)
		if _, err := os.Stat(lf); err != nil {
			continue
		}
		var adj localAdjust
		if err := decodeStrict(lf, &adj); err != nil {
			return nil, err
		}
		out.apply(adj)
	}
	return out, nil
}

func (s *Suite) clone() *Suite {
	c := *s
	c.Suffixes, c.Excludes, c.Features = slices.Clone(s.Suffixes), slices.Clone(s.Excludes), slices.Clone(s.Features)
	c.Substitutions, c.Env = cloneMap(s.Substitutions), cloneMap(s.Env)
	return &c
}

func cloneMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (s *Suite) apply(a localAdjust) {
	if a.Suffixes != nil {
		s.Suffixes = a.Suffixes
	}
	if a.Excludes != nil {
		s.Excludes = a.Excludes
	}
	s.Features = append(s.Features, a.Features...)
	for k, v := range a.Substitutions {
		s.Substitutions[k] = v
	}
	for k, v := range a.Env {
		s.Env[k] = v
	}
	s.Unsupported = s.Unsupported || a.Unsupported
}

// DiscoverSuite returns the tests under path (a directory or one file, inside
// the suite), relative to the suite root with '/' separators, sorted. A file
// named explicitly is a test if it has a RUN: line, whatever its suffix, as
// in lit.
func (s *Suite) DiscoverSuite(path string) ([]string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	rel := func(p string) (string, error) {
		r, err := filepath.Rel(s.Root, p)
		return filepath.ToSlash(r), err
	}
	if !fi.IsDir() {
		r, err := rel(abs)
		return []string{r}, err
	}
	var files []string
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == abs {
			return err
		}
		conf, err := s.ForDir(filepath.Dir(p))
		if err != nil {
			return err
		}
		if slices.Contains(conf.Excludes, d.Name()) || strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !slices.Contains(conf.Suffixes, filepath.Ext(p)) || d.Name() == SuiteFile || d.Name() == LocalFile {
			return nil
		}
		content, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if HasRunLine(content) {
			r, err := rel(p)
			if err != nil {
				return err
			}
			files = append(files, r)
		}
		return nil
	})
	sort.Strings(files)
	return files, err
}

// DetectFeatures returns the suite's features: Features, plus each
// ToolFeatures name found on PATH.
func (s *Suite) DetectFeatures() Features {
	f := Features{}
	for _, name := range s.Features {
		f[name] = true
	}
	for _, name := range s.ToolFeatures {
		if _, err := exec.LookPath(name); err == nil {
			f[name] = true
		}
	}
	return f
}

// SortedKeys returns m's keys, longest first, then alphabetically: the
// order in which substitutions apply, so "%tool-x" wins over "%tool".
func SortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if len(keys[i]) != len(keys[j]) {
			return len(keys[i]) > len(keys[j])
		}
		return keys[i] < keys[j]
	})
	return keys
}

// Configure builds the Config that runs the suite's tests: it builds the Go
// tools into binDir (when GoTools), maps Tools, detects features and sets
// the environment. tmpRoot holds the per-test Output directories.
func (s *Suite) Configure(ctx context.Context, binDir, tmpRoot string, ci bool) (*Config, error) {
	tools := map[string]Tool{}
	if s.GoTools {
		root, err := ModuleRoot(ctx, s.Root)
		if err != nil {
			return nil, err
		}
		if tools, err = BuildTools(ctx, root, binDir); err != nil {
			return nil, err
		}
		for alias, name := range s.ToolAliases {
			if t, ok := tools[name]; ok {
				tools[alias] = t
			} else {
				tools[alias] = Tool{Err: fmt.Errorf("%s: tool-aliases: %s = %q names no cmd/ tool", filepath.Join(s.Root, SuiteFile), alias, name)}
			}
		}
		if fc := os.Getenv(FileCheckOverrideEnv); fc != "" {
			tools["filecheck"], tools["FileCheck"] = Tool{Path: fc}, Tool{Path: fc}
		}
	}
	for name, prog := range s.Tools {
		if !filepath.IsAbs(prog) && strings.ContainsRune(prog, '/') {
			prog = filepath.Join(s.Root, prog)
		}
		tools[name] = Tool{Path: prog}
	}
	env := PathEnv(os.Environ(), binDir)
	for _, k := range SortedKeys(s.Env) {
		env = append(removeEnv(env, k), k+"="+s.Env[k])
	}
	envFeatures := s.EnvironmentFeatures
	if envFeatures == nil {
		envFeatures = []string{}
	}
	return &Config{
		Root: s.Root, TmpRoot: tmpRoot, Tools: tools, Features: s.DetectFeatures(), CI: ci, Env: env,
		Suite: s, EnvFeatures: envFeatures,
	}, nil
}
