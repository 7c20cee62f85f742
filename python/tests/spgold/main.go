// Command spgold writes the Go package sparse's results for one input
// matrix, the reference the Python package's tests compare with bit for bit:
//
//	spgold DTYPE ROWS COLS OPERAND LAYOUT IN.bin OUTDIR
//
// IN.bin holds ROWS*COLS little-endian elements. OUTDIR receives
// validate.txt (Validate's error on the input, empty when 2:4), pruned.bin,
// values.bin and meta.bin (Compress of the pruned input in LAYOUT, int16
// little-endian in storage order). A K (COLS of A, ROWS of B) that is not a
// multiple of 4 or 16 is zero-padded the way sp-run pads ragged operands:
// to 4 for Validate and Prune (the pruned matrix is cropped back), to 16
// for Compress.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/sparsetriton/sp/sparse"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "spgold:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 7 {
		return fmt.Errorf("usage: spgold DTYPE ROWS COLS OPERAND LAYOUT IN.bin OUTDIR")
	}
	dt, err := sparse.ParseDType(args[0])
	if err != nil {
		return err
	}
	rows, err1 := strconv.Atoi(args[1])
	cols, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil {
		return fmt.Errorf("bad shape %sx%s", args[1], args[2])
	}
	layout, err := sparse.ParseLayout(args[4])
	if err != nil {
		return err
	}
	data, err := os.ReadFile(args[5])
	if err != nil {
		return err
	}
	m := sparse.Matrix{Rows: rows, Cols: cols, DType: dt, Data: data}
	prune, validate, compress := sparse.Prune, sparse.Validate, sparse.Compress
	if args[3] == "B" {
		prune, validate, compress = sparse.PruneB, sparse.ValidateB, sparse.CompressB
	}
	pad := func(m sparse.Matrix, q int) sparse.Matrix {
		up := func(x int) int { return (x + q - 1) / q * q }
		if args[3] == "B" {
			return m.Padded(up(m.Rows), m.Cols)
		}
		return m.Padded(m.Rows, up(m.Cols))
	}
	out := args[6]
	msg := ""
	if err := validate(pad(m, sparse.GroupSize)); err != nil {
		msg = err.Error()
	}
	if err := os.WriteFile(filepath.Join(out, "validate.txt"), []byte(msg), 0o644); err != nil {
		return err
	}
	p, err := prune(pad(m, sparse.GroupSize))
	if err != nil {
		return err
	}
	p = p.Cropped(rows, cols)
	c, err := compress(pad(p, sparse.DensePerMeta), layout)
	if err != nil {
		return err
	}
	for name, b := range map[string][]byte{"pruned.bin": p.Data, "values.bin": c.Values.Data, "meta.bin": c.MetaBytes()} {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
