// Command gen-module writes the synthetic generic-form modules used by
// bench/parser.sh: go run ./bench/gen-module -n 200000 > /tmp/m.mlir
//
// -kind triton (the default) writes registered tt/arith/scf ops with a
// location on each, as Triton's debug-info dumps; -kind test writes
// unregistered test.* ops without locations.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/sparsetriton/sp/internal/irgen"
)

func main() {
	n := flag.Int("n", 200000, "number of ops")
	seed := flag.Int64("seed", 1, "random seed")
	kind := flag.String("kind", "triton", "triton (registered ops with locations) or test (unregistered ops)")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	switch *kind {
	case "triton":
		irgen.TritonModule(w, *n, *seed)
	case "test":
		irgen.GenericModule(w, *n, *seed)
	default:
		fmt.Fprintf(os.Stderr, "gen-module: unknown -kind %q (triton or test)\n", *kind)
		os.Exit(1)
	}
	w.Flush()
}
