package filecheck

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/filecheck/internal/txtar"
)

// FuzzCheck: whatever check file, input and arguments come in, Check
// returns one of its three exit codes and never panics, and it answers the
// same way twice (no state survives a run). Seeded with the differential
// corpus (testdata/corpus), whose cases cover every directive kind,
// pattern syntax and option.
func FuzzCheck(f *testing.F) {
	paths, _ := filepath.Glob("testdata/corpus/*.txtar")
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, c := range casesOf(filepath.Base(p), txtar.Parse(data)) {
			f.Add(strings.Join(c.args, " "), string(c.check), string(c.input))
		}
	}
	f.Add("--match-full-lines --strict-whitespace", "CHECK: [[#%x,N:]] {{a*}}[[#N+1]]\nCHECK-DAG: [[X:b+]]\nCHECK-NOT: [[X]]", "a 1 2\nbb\n")
	f.Add("-DV=1 --ignore-case", "CHECK: [[V]] [[#@LINE]]\nCHECK-EMPTY:\nCHECK-COUNT-2: x\nCHECK-LABEL: y", "1 1\n\nx\nx\ny\n")
	f.Fuzz(func(t *testing.T, args, check, input string) {
		run := func() (int, string) {
			inv, err := ParseArgs(append([]string{"check.txt", "--input-file", "input.txt", "--dump-input=fail"}, strings.Fields(args)...), "")
			if err != nil {
				return -1, err.Error()
			}
			var stderr bytes.Buffer
			return Check(inv.Options, "check.txt", []byte(check), "input.txt", []byte(input), &stderr), stderr.String()
		}
		code, out := run()
		switch code {
		case -1, ExitOK, ExitFail, ExitError:
		default:
			t.Fatalf("exit code %d", code)
		}
		if code2, out2 := run(); code2 != code || out2 != out {
			t.Fatalf("second run differs: exit %d then %d\n%s\n---\n%s", code, code2, out, out2)
		}
	})
}
