// Package irgen writes synthetic generic-form modules for parser benchmarks.
// The same text feeds `go test -bench` and bench/parser.sh, which times
// sp-opt beside mlir-opt-14 on it.
package irgen

import (
	"fmt"
	"io"
	"math/rand"
)

// GenericModule writes a module whose single function holds nOps
// unregistered ops in generic form, with a mix of scalar and tensor types,
// properties, attributes, dense constants and nested regions (one op in 50
// carries a region with two ops).
func GenericModule(w io.Writer, nOps int, seed int64) {
	r := rand.New(rand.NewSource(seed))
	fmt.Fprintln(w, `"builtin.module"() ({`)
	fmt.Fprintln(w, `  "test.func"() ({`)
	fmt.Fprintln(w, `  ^bb0(%arg0: i32, %arg1: tensor<64x64xf16>):`)
	last := "%arg0"
	for i := 0; i < nOps; i++ {
		switch {
		case i%50 == 49:
			fmt.Fprintf(w, "    %%%d = \"test.region\"(%s) ({\n    ^bb0(%%a%d: i32):\n      %%r%d = \"test.inner\"(%%a%d) {k = %d : i64} : (i32) -> i32\n      \"test.yield\"(%%r%d) : (i32) -> ()\n    }) : (i32) -> i32\n", i, last, i, i, i, r.Intn(100), i)
		case i%7 == 3:
			fmt.Fprintf(w, "    %%%d = \"test.tensor\"(%%arg1) {layout = [1, 0], scale = %d.5 : f32} : (tensor<64x64xf16>) -> tensor<64x64xf16>\n", i, r.Intn(9))
			continue
		case i%11 == 5:
			fmt.Fprintf(w, "    %%%d = \"test.const\"() {value = dense<%d> : tensor<4xi32>} : () -> i32\n", i, r.Intn(1000))
		default:
			fmt.Fprintf(w, "    %%%d = \"test.op\"(%s, %%arg0) {name = \"op%d\", v = %d : i32} : (i32, i32) -> i32\n", i, last, i, r.Intn(1<<20))
		}
		last = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(w, "    \"test.return\"(%s) : (i32) -> ()\n", last)
	fmt.Fprintln(w, `  }) {sym_name = "bench"} : () -> ()`)
	fmt.Fprintln(w, `}) : () -> ()`)
}
