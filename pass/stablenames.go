package pass

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/sparsetriton/sp/ir"
)

// stableNamer prints the snapshots of one HTMLDump so that a value keeps
// its printed name for as long as it lives, whatever the passes insert or
// erase around it: ir.Print numbers values in program order, so one op
// added at the top of a function would otherwise rename every value after
// it and every later line would show as changed.
//
// Values: the first snapshot that contains a value gives it a name, unique
// in its isolated-from-above scope (the function) and never reused: the
// op's own name hint (%c0_i32, %arg3, a parsed name), else %v<N> (results
// and non-entry block arguments) or %arg<N> (entry arguments of an isolated
// op). The names go in as Value.NameHint for the duration of the print and
// the previous hints are restored afterwards.
//
// Attribute aliases: ir.Print numbers #blocked, #blocked1, ... in order of
// first use, so a new layout can shift the others. An alias definition is
// identified by its attribute text; it keeps the name it had when first
// seen, and a new attribute never takes a name an earlier one had.
type stableNamer struct {
	names map[*ir.Value]string
	used  map[*ir.Operation]map[string]bool // per scope op (nil: top level)
	next  map[*ir.Operation]map[string]int  // next counter per scope and stem

	aliasOf   map[string]string // alias definition text -> stable name
	aliasUsed map[string]bool
}

func newStableNamer() *stableNamer {
	return &stableNamer{
		names: map[*ir.Value]string{}, used: map[*ir.Operation]map[string]bool{}, next: map[*ir.Operation]map[string]int{},
		aliasOf: map[string]string{}, aliasUsed: map[string]bool{},
	}
}

// print renders op with stable value and alias names.
func (n *stableNamer) print(op *ir.Operation, opts ir.PrintOptions) string {
	saved := map[*ir.Value]string{}
	set := func(v *ir.Value, scope *ir.Operation, stem string, counted bool) {
		name, ok := n.names[v]
		if !ok {
			name = n.fresh(scope, stem, counted)
			n.names[v] = name
		}
		saved[v] = v.NameHint
		v.NameHint = name
	}
	op.WalkOps(func(o *ir.Operation) {
		outer := scopeOf(o.ParentOp())
		hints := resultHints(o)
		for i, r := range o.Results() {
			if hints[i] != "" {
				set(r, outer, hints[i], false)
			} else {
				set(r, outer, "v", true)
			}
		}
		inner := scopeOf(o)
		for ri, reg := range o.Regions {
			for bi, b := range reg.Blocks {
				for _, a := range b.Args() {
					switch {
					case a.NameHint != "":
						set(a, inner, a.NameHint, false)
					case ri == 0 && bi == 0 && o.HasTrait(ir.IsolatedFromAbove):
						set(a, inner, "arg", true)
					default:
						set(a, inner, "v", true)
					}
				}
			}
		}
	})
	text := ir.Print(op, opts)
	for v, h := range saved {
		v.NameHint = h
	}
	return n.stableAliases(text)
}

// resultHints are the names an op suggests for its results (its own
// NameHint values, else OpDef.ResultNames), "" where none.
func resultHints(o *ir.Operation) []string {
	out := make([]string, o.NumResults())
	var def []string
	if o.Def != nil && o.Def.ResultNames != nil {
		def = o.Def.ResultNames(o)
	}
	for i, r := range o.Results() {
		switch {
		case r.NameHint != "":
			out[i] = r.NameHint
		case i < len(def):
			out[i] = def[i]
		}
	}
	return out
}

// scopeOf is the nearest op at or above o that is isolated from above
// (its values' names are independent of the outside), nil at the top.
func scopeOf(o *ir.Operation) *ir.Operation {
	for ; o != nil; o = o.ParentOp() {
		if o.HasTrait(ir.IsolatedFromAbove) && o.ParentOp() != nil {
			return o
		}
	}
	return nil
}

var nonName = regexp.MustCompile(`[^A-Za-z0-9_$.-]`)

// fresh returns a name unused in scope: stem<N> for counted stems ("v",
// "arg"), else stem, stem_1, stem_2, ...
func (n *stableNamer) fresh(scope *ir.Operation, stem string, counted bool) string {
	stem = nonName.ReplaceAllString(stem, "_")
	if stem == "" || stem[0] >= '0' && stem[0] <= '9' {
		stem = "v" + stem
	}
	used := n.used[scope]
	if used == nil {
		used = map[string]bool{}
		n.used[scope] = used
		n.next[scope] = map[string]int{}
	}
	next := n.next[scope]
	name := stem
	for {
		if counted {
			name = fmt.Sprintf("%s%d", stem, next[stem])
			next[stem]++
		} else if used[name] {
			next[stem]++
			name = fmt.Sprintf("%s_%d", stem, next[stem])
		}
		if !used[name] {
			used[name] = true
			return name
		}
	}
}

var (
	aliasDefLine = regexp.MustCompile(`^#([A-Za-z_][A-Za-z0-9_$.-]*) = (.*)$`)
	aliasRef     = regexp.MustCompile(`#[A-Za-z_][A-Za-z0-9_$.-]*`)
)

// stableAliases renames the alias definitions at the top of text (and
// their uses) to the names their attributes had in earlier snapshots.
func (n *stableNamer) stableAliases(text string) string {
	lines := strings.SplitAfter(text, "\n")
	rename := map[string]string{} // this snapshot's name -> stable name
	sub := func(s string) string {
		return aliasRef.ReplaceAllStringFunc(s, func(ref string) string {
			if to, ok := rename[ref[1:]]; ok {
				return "#" + to
			}
			return ref
		})
	}
	for _, l := range lines {
		m := aliasDefLine.FindStringSubmatch(strings.TrimSuffix(l, "\n"))
		if m == nil {
			break // alias definitions come first
		}
		key := sub(m[2])
		stable, ok := n.aliasOf[key]
		if !ok {
			stable = m[1]
			stem := strings.TrimRight(m[1], "0123456789")
			for i := 1; n.aliasUsed[stable]; i++ {
				stable = fmt.Sprintf("%s%d", stem, i)
			}
			n.aliasUsed[stable] = true
			n.aliasOf[key] = stable
		}
		rename[m[1]] = stable
	}
	if len(rename) == 0 {
		return text
	}
	identity := true
	for from, to := range rename {
		identity = identity && from == to
	}
	if identity {
		return text
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(sub(l))
	}
	return b.String()
}
