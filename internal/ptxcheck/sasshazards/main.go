// Command sasshazards reads a cuobjdump -sass listing on standard input and
// prints, one per line, every write to the 2:4 metadata register of a
// wgmma group still in flight (ptxcheck.MetadataHazards); it exits with
// status 1 when there is one. bench/hopper_variants.sh runs it on every
// variant it assembles.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sparsetriton/sp/internal/ptxcheck"
)

func main() {
	b, err := io.ReadAll(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sasshazards:", err)
		os.Exit(1)
	}
	h := ptxcheck.MetadataHazards(string(b))
	for _, f := range h {
		fmt.Println(f)
	}
	if len(h) > 0 {
		os.Exit(1)
	}
}
