package lit_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sparsetriton/sp/internal/lit"
)

var timeout = flag.Duration("lit.timeout", 5*time.Minute, "time limit per lit test file")

// suite is set up once by TestMain: the project's cmd/* binaries are built
// into a temporary directory and mapped by name (FileCheck → cmd/filecheck).
var suite *lit.Config

func TestMain(m *testing.M) {
	flag.Parse()
	code, err := run(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lit:", err)
		code = 1
	}
	os.Exit(code)
}

func run(m *testing.M) (int, error) {
	tmp, err := os.MkdirTemp("", "sp-lit-")
	if err != nil {
		return 1, err
	}
	defer os.RemoveAll(tmp)
	// The suite's configuration is test/lit/lit.toml, the file sp-lit reads.
	s, err := lit.LoadSuite(".")
	if err != nil {
		return 1, err
	}
	suite, err = s.Configure(context.Background(), filepath.Join(tmp, "bin"), filepath.Join(tmp, "Output"), os.Getenv("CI") == "true")
	if err != nil {
		return 1, err
	}
	suite.Root = "."
	suite.Timeout = *timeout
	return m.Run(), nil
}

// TestLit runs every lit test under test/lit as a parallel subtest named by
// its relative path: go test ./test/lit/... -run 'TestLit/filecheck/'.
func TestLit(t *testing.T) {
	files, err := suite.Suite.DiscoverSuite(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no lit tests found under test/lit")
	}
	var gpuOnly []string
	for _, f := range files {
		if suite.CI && needsMissingEnvironment(f) {
			gpuOnly = append(gpuOnly, f) // not runnable here: not a subtest, so CI shows no skip
			continue
		}
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			report(t, f, suite.RunFile(context.Background(), f))
		})
	}
	if len(gpuOnly) > 0 {
		t.Logf("%d GPU-only tests (REQUIRES: cuda) run on a GPU machine (test/gpu), not here: %s", len(gpuOnly), strings.Join(gpuOnly, ", "))
	}
}

// needsMissingEnvironment reports whether the test file REQUIRES a
// machine feature (lit.EnvironmentFeatures: a GPU) this machine lacks.
func needsMissingEnvironment(file string) bool {
	src, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(src), "\n") {
		_, req, ok := strings.Cut(line, "REQUIRES:")
		if !ok {
			continue
		}
		for _, feat := range lit.EnvironmentFeatures {
			if strings.Contains(req, feat) && !suite.Features.Has(feat) {
				return true
			}
		}
	}
	return false
}

func report(t *testing.T, name string, r lit.Result) {
	t.Helper()
	switch r.Status {
	case lit.Pass:
	case lit.XFail:
		t.Logf("XFAIL (failed as expected)")
	case lit.Unsupported:
		t.Skipf("UNSUPPORTED: %s", r.Log)
	default:
		t.Errorf("%s: %s\n%s", r.Status, name, r.Log)
	}
}
