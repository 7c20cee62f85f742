// Command gen-module writes the synthetic generic-form module used by
// bench/parser.sh: go run ./bench/gen-module -n 200000 > /tmp/m.mlir
package main

import (
	"bufio"
	"flag"
	"os"

	"github.com/sparsetriton/sp/internal/irgen"
)

func main() {
	n := flag.Int("n", 200000, "number of ops")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	irgen.GenericModule(w, *n, *seed)
	w.Flush()
}
