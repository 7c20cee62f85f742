// Package testgen generates FileCheck test data: the differential corpus
// (WriteCorpus) and the benchmark files (Generate).
package testgen

import (
	"fmt"
	"strings"
)

// Generate returns the benchmark (check file, input): lines lines of
// LLVM-IR-like text and lines/10 directives mixing plain CHECK, CHECK-NEXT,
// {{regex}} blocks and [[VAR]] definitions and uses. lines
// should be a multiple of 40 (each 40-line group carries 4 checks).
func Generate(lines int) (check, input []byte) {
	var in, ck strings.Builder
	for g := 0; g < lines/40; g++ {
		base := g * 40
		fmt.Fprintf(&ck, "; CHECK: %%v%d = add i32 %%v%d, %d\n", base, base-1, base*7%1000)
		fmt.Fprintf(&ck, "; CHECK-NEXT: %%v%d = {{[a-z]+}} i32 {{%%v[0-9]+}}, {{[0-9]+}}\n", base+1)
		fmt.Fprintf(&ck, "; CHECK: [[V%d:%%v[0-9]+]] = mul i32 %%v%d, %d\n", g%50, base+19, (base+20)*7%1000)
		fmt.Fprintf(&ck, "; CHECK-NEXT: = add i32 [[V%d]], %d\n", g%50, (base+21)*7%1000)
		for i := base; i < base+40; i++ {
			op := "add"
			if i%40 == 20 {
				op = "mul"
			}
			fmt.Fprintf(&in, "  %%v%d = %s i32 %%v%d, %d ; line %d\n", i, op, i-1, i*7%1000, i+1)
		}
	}
	return []byte(ck.String()), []byte(in.String())
}
