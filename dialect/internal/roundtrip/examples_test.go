package roundtrip

import (
	"os"
	"path/filepath"
	"testing"
)

// TestExamples round-trips the sample kernels under examples/ (Triton 3.1
// and 3.6 TTIR/TTGIR, sparse and dense) through every spelling.
func TestExamples(t *testing.T) {
	files, _ := filepath.Glob("../../../examples/*.mlir")
	if len(files) == 0 {
		t.Fatal("no examples found in ../../../examples")
	}
	// Triton 3.6's own dumps of the tutorial 03 matmul (the TMA variant needs
	// tensor descriptors, which sp does not parse yet).
	for _, k := range []string{"matmul_sm80", "matmul_sm90", "matmul_ragged_sm90"} {
		for _, ext := range []string{".ttir", ".ttgir", ".source"} {
			files = append(files, "../../../examples/triton36/"+k+ext)
		}
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(f), func(t *testing.T) { Check(t, f, string(src)) })
	}
}
