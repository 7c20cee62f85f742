// Command gen writes FileCheck test data: with -corpus DIR the generated
// differential corpus (txtar files of check/input/args cases), with -bench
// DIR the benchmark files check.txt and input.txt (50,000 input lines,
// 5,000 checks), the same ones BenchmarkFileCheck50k uses.
//
//	go run ./filecheck/internal/gen -corpus filecheck/testdata/corpus
//	go run ./filecheck/internal/gen -bench /tmp/fcbench
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"github.com/sparsetriton/sp/filecheck/internal/testgen"
	"github.com/sparsetriton/sp/filecheck/internal/txtar"
)

func main() {
	corpus := flag.String("corpus", "", "write the generated corpus into this directory")
	bench := flag.String("bench", "", "write benchmark check.txt and input.txt into this directory")
	random := flag.Int("random", 0, "with -seed and -o: write this many random cases (for exploring beyond the corpus)")
	seed := flag.Int64("seed", 3, "seed for -random")
	out := flag.String("o", "", "output txtar file for -random")
	flag.Parse()
	if *random > 0 {
		must(os.WriteFile(*out, txtar.Format(testgen.RandomCases(*seed, *random)), 0o644))
	}
	if *corpus != "" {
		must(testgen.WriteCorpus(*corpus))
	}
	if *bench != "" {
		check, input := testgen.Generate(50000)
		must(os.MkdirAll(*bench, 0o755))
		must(os.WriteFile(filepath.Join(*bench, "check.txt"), check, 0o644))
		must(os.WriteFile(filepath.Join(*bench, "input.txt"), input, 0o644))
	}
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
