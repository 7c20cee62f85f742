// Command spgold writes the Go package sparse's results for one input
// matrix, the reference the Python package's tests compare with bit for bit:
//
//	spgold DTYPE ROWS COLS OPERAND LAYOUT IN.bin OUTDIR
//
// IN.bin holds ROWS*COLS little-endian elements. OUTDIR receives
// validate.txt (Validate's error on the input, empty when 2:4), pruned.bin,
// values.bin and meta.bin (Compress of the pruned input in LAYOUT, int16
// little-endian in storage order).
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
	out := args[6]
	msg := ""
	if err := validate(m); err != nil {
		msg = err.Error()
	}
	if err := os.WriteFile(filepath.Join(out, "validate.txt"), []byte(msg), 0o644); err != nil {
		return err
	}
	p, err := prune(m)
	if err != nil {
		return err
	}
	c, err := compress(p, layout)
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
