package lit

import (
	"context"
	"fmt"
	"github.com/sparsetriton/sp/internal/atomicfile"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// RunOptions are llvm-lit's options that sp-lit implements.
type RunOptions struct {
	Paths      []string       // test files or directories
	Verbose    bool           // -v: show the output of failing tests
	All        bool           // -a: show the output of every test
	Quiet      bool           // -q: only failures, no summary of passes
	Succinct   bool           // -s: no result lines for passing tests
	Filter     *regexp.Regexp // --filter: run only tests whose full name matches
	FilterOut  *regexp.Regexp // --filter-out
	Workers    int            // -j
	Xunit      string         // --xunit-xml-output
	NumShards  int            // --num-shards (0: no sharding)
	RunShard   int            // --run-shard, 1-based
	Timeout    time.Duration  // --timeout per test; 0: none
	ShowTests  bool           // --show-tests: list and exit
	AllowEmpty bool           // --allow-empty-runs: a filter that selects nothing is not an error
	CI         bool           // a missing tool fails (docs/lit.md)
	// WorkDir holds the built tools (WorkDir/bin) and the tests' Output
	// directories; empty means a temporary directory removed at the end.
	WorkDir string
}

// suiteRun is one suite of a run: its configuration, built once.
type suiteRun struct {
	suite *Suite
	cfg   *Config
}

// Main runs the tests named by o.Paths the way llvm-lit does and returns
// lit's exit status: 0 all passed, 1 a test failed (FAIL, XPASS,
// TIMEOUT), 2 a usage or configuration error (no suite, no tests, a
// filter that matches nothing).
func Main(ctx context.Context, o RunOptions, stdout, stderr io.Writer) int {
	fatal := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "sp-lit: error: "+format+"\n", args...)
		return 2
	}
	if len(o.Paths) == 0 {
		return fatal("no test paths given (e.g. sp-lit -v test/lit)")
	}
	if o.NumShards < 0 || (o.NumShards > 0 && (o.RunShard < 1 || o.RunShard > o.NumShards)) || (o.NumShards == 0 && o.RunShard != 0) {
		return fatal("--run-shard must be between 1 and --num-shards (%d), got %d", o.NumShards, o.RunShard)
	}
	work := o.WorkDir
	if work == "" {
		tmp, err := os.MkdirTemp("", "sp-lit-")
		if err != nil {
			return fatal("%v", err)
		}
		defer os.RemoveAll(tmp)
		work = tmp
	}
	tests, suites, err := discoverAll(o.Paths)
	if err != nil {
		return fatal("%v", err)
	}
	if len(tests) == 0 {
		return fatal("did not discover any tests for provided path(s)")
	}
	if o.ShowTests {
		fmt.Fprintln(stdout, "-- Available Tests --")
		for _, t := range tests {
			fmt.Fprintf(stdout, "  %s\n", t.FullName())
		}
		return 0
	}
	selected := selectTests(tests, o)
	if len(selected) == 0 {
		fmt.Fprintf(stderr, "error: filter did not match any tests (of %d discovered).  ", len(tests))
		if o.AllowEmpty {
			fmt.Fprintln(stderr, "Suppressing error because '--allow-empty-runs' was specified.")
			return 0
		}
		fmt.Fprintln(stderr, "Use '--allow-empty-runs' to suppress this error.")
		return 2
	}
	if o.NumShards > 0 {
		selected = shard(selected, o, stderr)
		if len(selected) == 0 {
			fmt.Fprintln(stderr, "warning: shard does not contain any tests.  Consider decreasing the number of shards.")
			return 0
		}
	}
	runs, err := configure(ctx, suites, work, o)
	if err != nil {
		return fatal("%v", err)
	}
	workers := o.Workers
	if workers < 1 {
		workers = max(1, min(len(selected), defaultWorkers()))
	}
	workers = min(workers, len(selected))
	if !o.Quiet {
		ofTotal := ""
		if len(selected) != len(tests) {
			ofTotal = fmt.Sprintf(" of %d", len(tests))
		}
		fmt.Fprintf(stdout, "-- Testing: %d%s tests, %d workers --\n", len(selected), ofTotal, workers)
	}
	start := time.Now()
	execute(ctx, selected, runs, workers, o, stdout)
	elapsed := time.Since(start)
	printResults(stdout, tests, elapsed, o.Quiet)
	if o.Xunit != "" {
		report := tests
		if o.NumShards > 0 {
			report = selected
		}
		if err := writeXunitFile(o.Xunit, report, elapsed); err != nil {
			return fatal("--xunit-xml-output: %v", err)
		}
	}
	for _, t := range tests {
		if t.Code.IsFailure() {
			return 1
		}
	}
	return 0
}

func defaultWorkers() int {
	n := 0
	if procs := os.Getenv("LIT_WORKERS"); procs != "" {
		fmt.Sscan(procs, &n)
	}
	if n > 0 {
		return n
	}
	return max(1, runtime.NumCPU())
}

// discoverAll finds each path's suite (the nearest lit.toml above it) and
// the tests under it, deduplicated and sorted by full name.
func discoverAll(paths []string) ([]*TestRecord, map[string]*Suite, error) {
	suites := map[string]*Suite{}
	seen := map[string]bool{}
	var tests []*TestRecord
	for _, p := range paths {
		root, err := FindSuiteRoot(p)
		if err != nil {
			return nil, nil, err
		}
		s, ok := suites[root]
		if !ok {
			if s, err = LoadSuite(root); err != nil {
				return nil, nil, err
			}
			suites[root] = s
		}
		files, err := s.DiscoverSuite(p)
		if err != nil {
			return nil, nil, err
		}
		for _, f := range files {
			key := root + "\x00" + f
			if !seen[key] {
				seen[key] = true
				tests = append(tests, &TestRecord{Suite: s.Name, Path: f, Code: CodeExcluded, root: root})
			}
		}
	}
	sort.SliceStable(tests, func(i, j int) bool { return tests[i].FullName() < tests[j].FullName() })
	return tests, suites, nil
}

func selectTests(tests []*TestRecord, o RunOptions) []*TestRecord {
	var out []*TestRecord
	for _, t := range tests {
		name := t.FullName()
		if o.Filter != nil && !o.Filter.MatchString(name) || o.FilterOut != nil && o.FilterOut.MatchString(name) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// shard keeps tests (run-1) + k*shards, as lit does, and says so on stderr.
func shard(tests []*TestRecord, o RunOptions, stderr io.Writer) []*TestRecord {
	var out []*TestRecord
	var preview []string
	for i := o.RunShard - 1; i < len(tests); i += o.NumShards {
		out = append(out, tests[i])
		if len(preview) < 3 {
			preview = append(preview, fmt.Sprint(i+1))
		} else if len(preview) == 3 {
			preview = append(preview, "...")
		}
	}
	fmt.Fprintf(stderr, "sp-lit: note: Selecting shard %d/%d = size %d/%d = tests #(%d*k)+%d = [%s]\n",
		o.RunShard, o.NumShards, len(out), len(tests), o.NumShards, o.RunShard, strings.Join(preview, ", "))
	return out
}

// configure builds each suite's tools once (per Go module) into work/bin.
func configure(ctx context.Context, suites map[string]*Suite, work string, o RunOptions) (map[string]*suiteRun, error) {
	runs := map[string]*suiteRun{}
	roots := make([]string, 0, len(suites))
	for r := range suites {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	for i, root := range roots {
		s := suites[root]
		bin := filepath.Join(work, "bin")
		if i > 0 {
			bin = filepath.Join(work, fmt.Sprintf("bin%d", i))
		}
		cfg, err := s.Configure(ctx, bin, filepath.Join(work, "Output", fmt.Sprint(i)), o.CI)
		if err != nil {
			return nil, err
		}
		cfg.Timeout = o.Timeout
		runs[root] = &suiteRun{suite: s, cfg: cfg}
	}
	return runs, nil
}

// execute runs the selected tests on workers and prints each result line
// as it completes ("PASS: sp :: x.mlir (3 of 99)").
func execute(ctx context.Context, tests []*TestRecord, runs map[string]*suiteRun, workers int, o RunOptions, stdout io.Writer) {
	var mu sync.Mutex
	done := 0
	next := make(chan *TestRecord)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				r := runs[t.root].cfg.RunFile(ctx, t.Path)
				mu.Lock()
				t.Result, t.Code = r, r.Code()
				done++
				printResult(stdout, t, done, len(tests), o)
				mu.Unlock()
			}
		}()
	}
	for _, t := range tests {
		next <- t
	}
	close(next)
	wg.Wait()
}

func printResult(w io.Writer, t *TestRecord, i, n int, o RunOptions) {
	failed := t.Code.IsFailure()
	if !(failed || o.All || !o.Quiet && !o.Succinct) {
		return
	}
	fmt.Fprintf(w, "%s: %s (%d of %d)\n", t.Code, t.FullName(), i, n)
	if failed && (o.Verbose || o.All) || o.All {
		if failed {
			fmt.Fprintf(w, "%s TEST '%s' FAILED %s\n", stars(20), t.FullName(), stars(20))
		}
		fmt.Fprintln(w, t.Result.Output())
		fmt.Fprintln(w, stars(20))
	}
}

func stars(n int) string { return strings.Repeat("*", n) }

// printResults prints lit's closing report: the failing tests by code,
// the testing time and the count per code.
func printResults(w io.Writer, tests []*TestRecord, elapsed time.Duration, quiet bool) {
	by := map[Code][]*TestRecord{}
	for _, t := range tests {
		by[t.Code] = append(by[t.Code], t)
	}
	for _, c := range AllCodes() {
		if !c.IsFailure() || len(by[c]) == 0 {
			continue
		}
		fmt.Fprintln(w, stars(20))
		fmt.Fprintf(w, "%s Tests (%d):\n", c.Label(), len(by[c]))
		for _, t := range by[c] {
			fmt.Fprintf(w, "  %s\n", t.FullName())
		}
		fmt.Fprintln(w)
	}
	if !quiet {
		fmt.Fprintf(w, "\nTesting Time: %.2fs\n", elapsed.Seconds())
	}
	type group struct {
		label string
		n     int
	}
	var groups []group
	width, cw := 0, 0
	for _, c := range AllCodes() {
		if n := len(by[c]); n > 0 && (!quiet || c.IsFailure()) {
			groups = append(groups, group{c.Label(), n})
			width = max(width, len(c.Label()))
			cw = max(cw, len(fmt.Sprint(n)))
		}
	}
	for _, g := range groups {
		fmt.Fprintf(w, "  %-*s: %*d\n", width, g.label, cw, g.n)
	}
}

func writeXunitFile(path string, tests []*TestRecord, elapsed time.Duration) error {
	sorted := append([]*TestRecord(nil), tests...)
	sort.SliceStable(sorted, func(i, j int) bool {
		if sorted[i].Suite != sorted[j].Suite {
			return sorted[i].Suite < sorted[j].Suite
		}
		return sorted[i].Path < sorted[j].Path
	})
	return atomicfile.Write(path, 0o666, func(w io.Writer) error { return WriteXunit(w, sorted, elapsed) })
}
