package swizzle

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the generated table in docs/swizzle.md")

const (
	docPath    = "../../../docs/swizzle.md"
	tableBegin = "<!-- BEGIN GENERATED TABLE: go test ./passes/encoding/swizzle -run TestDocTable -update -->\n"
	tableEnd   = "<!-- END GENERATED TABLE -->\n"
)

// row aggregates one operand tile over element types and warp grids.
type row struct {
	o                  operand
	chosen, fork       Shared
	loads, extra, base int
}

var kindRank = map[string]int{"A dense": 0, "A values": 1, "B": 2, "E": 3}

// TestDocTable keeps the table of chosen layouts in docs/swizzle.md equal
// to what the code computes; -update rewrites it.
func TestDocTable(t *testing.T) {
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(doc), tableBegin)
	old, after, ok2 := strings.Cut(rest, tableEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s: generated-table markers missing", docPath)
	}
	got := renderTable(tableRows())
	if got == old {
		return
	}
	if *update {
		if err := os.WriteFile(docPath, []byte(before+tableBegin+got+tableEnd+after), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: generated table is stale; run go test ./passes/encoding/swizzle -run TestDocTable -update", docPath)
}

func tableRows() []*row {
	rows := map[string]*row{}
	forGrid(func(o operand, warps [2]int) {
		key := fmt.Sprintf("%s %v %v", o.kind, o.shape, o.order)
		r := rows[key]
		if r == nil {
			r = &row{o: o, chosen: o.choose(), fork: forkRule(o)}
			rows[key] = r
		}
		r.add(o, warps)
	})
	var out []*row
	for _, r := range rows {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].less(out[j]) })
	return out
}

func (r *row) add(o operand, warps [2]int) {
	loads := o.loads(r.chosen, warps)
	r.loads += len(loads)
	r.extra += sumConflicts(loads)
	r.base += sumConflicts(o.loads(Unswizzled(o.order), warps))
}

func sumConflicts(loads []Load) int {
	n, _, _ := totalConflicts(loads)
	return n
}

func (r *row) less(s *row) bool {
	a, b := r.o, s.o
	switch {
	case a.kind != b.kind:
		return kindRank[a.kind] < kindRank[b.kind]
	case a.shape != b.shape:
		return a.shape[0] < b.shape[0] || a.shape[0] == b.shape[0] && a.shape[1] < b.shape[1]
	}
	return a.order[0] > b.order[0]
}

func renderTable(rows []*row) string {
	var b strings.Builder
	b.WriteString("| operand | tile | order | chosen layout | reference fork | loads | extra wavefronts, chosen | extra wavefronts, unswizzled |\n")
	b.WriteString("|---|---|---|---|---|---:|---:|---:|\n")
	for _, r := range rows {
		fork := compact(r.fork)
		if r.fork.Equal(r.chosen) {
			fork = "same"
		}
		fmt.Fprintf(&b, "| %s | %dx%d | %s | %s | %s | %d | %d | %d |\n", r.o.kind, r.o.shape[0], r.o.shape[1],
			orderString(r.o.order), compact(r.chosen), fork, r.loads, r.extra, r.base)
	}
	return b.String()
}

func compact(s Shared) string {
	return fmt.Sprintf("%d / %d / %d", s.Vec, s.PerPhase, s.MaxPhase)
}
