package lit_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
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
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			t.Parallel()
			report(t, f, suite.RunFile(context.Background(), f))
		})
	}
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
