package filecheck

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sparsetriton/sp/filecheck/internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/golden/*.txtar")

// TestGolden pins the complete output, including the parts LLVM's text
// does not cover (the input dump and the expected-vs-input diff), for
// the cases in testdata/golden. Each archive holds args, check, input and
// want; go test ./filecheck -run TestGolden -update rewrites want.
func TestGolden(t *testing.T) {
	paths, _ := filepath.Glob("testdata/golden/*.txtar")
	if len(paths) == 0 {
		t.Fatal("no golden files")
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := txtar.Parse(data)
			files := map[string][]byte{}
			for _, f := range a.Files {
				files[f.Name] = f.Data
			}
			inv, err := ParseArgs(append([]string{"check.txt"}, strings.Fields(string(files["args"]))...), "")
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			code := Check(inv.Options, "check.txt", files["check"], "input.txt", files["input"], &out)
			got := "exit " + itoa(code) + "\n" + out.String()
			if *update {
				for i := range a.Files {
					if a.Files[i].Name == "want" {
						a.Files[i].Data = []byte(got)
					}
				}
				if err := os.WriteFile(path, txtar.Format(a), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := string(files["want"]); got != want {
				t.Errorf("output differs (run with -update to accept):\n--- got ---\n%s--- want ---\n%s", got, want)
			}
		})
	}
}
