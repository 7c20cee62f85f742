package ptxcheck

import (
	"fmt"
	"os/exec"
	"regexp"
	"strings"
)

// SASS instruction patterns for Count and Report.Expect.
var (
	// SparseMMA is mma.sp m16n8k32 (f16/bf16) on sm_80/sm_90.
	SparseMMA = regexp.MustCompile(`\bHMMA\.SP\.16832\b`)
	// DenseMMA is mma.sync m16n8k16 (f16/bf16).
	DenseMMA = regexp.MustCompile(`\bHMMA\.16816\b`)
	// SparseWGMMA is wgmma.mma_async.sp m64nNk32 (f16/bf16) on sm_90a.
	SparseWGMMA = regexp.MustCompile(`\bHGMMA\.SP\.64x\d+x32\b`)
	// DenseWGMMA is wgmma.mma_async m64nNk16 (f16/bf16) on sm_90a.
	DenseWGMMA = regexp.MustCompile(`\bHGMMA\.64x\d+x16\b`)
)

// SASS disassembles a cubin with the toolchain's cuobjdump.
func (tc *Toolchain) SASS(cubin string) (string, error) {
	if tc.Cuobjdump == "" {
		return "", fmt.Errorf("cuobjdump: not beside %s nor on PATH: %w", tc.Ptxas, ErrMissing)
	}
	out, err := exec.Command(tc.Cuobjdump, "-sass", cubin).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("cuobjdump -sass %s: %v\n%s", cubin, err, out)
	}
	return string(out), nil
}

// Count is the number of SASS lines that p matches.
func Count(sass string, p *regexp.Regexp) int {
	n := 0
	for _, line := range strings.Split(sass, "\n") {
		if p.MatchString(line) {
			n++
		}
	}
	return n
}
