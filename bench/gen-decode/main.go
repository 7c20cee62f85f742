// Command gen-decode writes the decode-shape kernel variants of
// examples/decode: the A-sparse matmul of examples/sparse_matmul_128.mlir
// with other tile shapes (BLOCK_M x BLOCK_N x BLOCK_K) and, for the
// split-K variants, a third grid axis that splits the K loop, each program
// adding its partial tile into an f32 C with tt.atomic_rmw fadd (C must
// start at zero). Each variant gets its launch spec next to it.
//
//	go run ./bench/gen-decode -o examples/decode
//
// The files are checked in; a test in cmd/sp-run regenerates them and
// fails when they differ.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("o", "examples/decode", "output directory")
	flag.Parse()
	if err := write(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen-decode:", err)
		os.Exit(1)
	}
}

func write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, v := range Variants {
		if err := os.WriteFile(filepath.Join(dir, v.Name()+".mlir"), []byte(v.TTIR()), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, v.Name()+".json"), []byte(v.Spec()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
