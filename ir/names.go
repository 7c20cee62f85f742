package ir

import (
	"strconv"
	"strings"
)

// nameState assigns printed names. Within one isolated-from-above op,
// results are numbered %0, %1, ... and entry-block arguments %arg0, ... in
// program order, descending into nested regions as they occur. Ops may
// suggest names (OpDef.ResultNames); repeated suggestions get _0, _1, ...
// suffixes. Suggested names are scoped per region, as in MLIR.
type nameState struct {
	values map[*Value]string
	groups map[*Operation]string // base name of multi-result groups
	blocks map[*Block]string
}

func newNameState() *nameState {
	return &nameState{values: map[*Value]string{}, groups: map[*Operation]string{}, blocks: map[*Block]string{}}
}

type scope struct {
	nextValue, nextArg int
	used               []map[string]bool
}

func (s *scope) isUsed(n string) bool {
	for _, m := range s.used {
		if m[n] {
			return true
		}
	}
	return false
}

func (s *scope) unique(stem string) string {
	if !s.isUsed(stem) && !isNumeric(stem) {
		s.used[len(s.used)-1][stem] = true
		return stem
	}
	for i := 0; ; i++ {
		n := stem + "_" + strconv.Itoa(i)
		if !s.isUsed(n) {
			s.used[len(s.used)-1][n] = true
			return n
		}
	}
}

func isNumeric(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// numberScope names every value inside the regions of op (an isolated op).
// The results of op itself are named too when op is the top of the print.
func (ns *nameState) numberScope(op *Operation, top bool) {
	s := &scope{used: []map[string]bool{{}}}
	if top {
		ns.numberOpResults(op, s)
	}
	for _, r := range op.Regions {
		ns.numberRegion(r, s)
	}
}

func (ns *nameState) numberRegion(r *Region, s *scope) {
	s.used = append(s.used, map[string]bool{})
	for i, b := range r.Blocks {
		ns.blocks[b] = "^bb" + strconv.Itoa(i)
		for _, a := range b.Args() {
			ns.numberArg(a, i == 0, s)
		}
		for _, op := range b.Ops() {
			ns.numberOp(op, s)
		}
	}
	s.used = s.used[:len(s.used)-1]
}

func (ns *nameState) numberArg(a *Value, entry bool, s *scope) {
	if _, ok := ns.values[a]; ok {
		return
	}
	switch {
	case a.NameHint != "":
		ns.values[a] = "%" + s.unique(a.NameHint)
	case entry:
		ns.values[a] = "%arg" + strconv.Itoa(s.nextArg)
		s.nextArg++
	default:
		ns.values[a] = "%" + strconv.Itoa(s.nextValue)
		s.nextValue++
	}
}

func (ns *nameState) numberOp(op *Operation, s *scope) {
	ns.numberOpResults(op, s)
	if op.HasTrait(IsolatedFromAbove) {
		return // numbered when printed, in a fresh scope
	}
	for _, r := range op.Regions {
		ns.numberRegion(r, s)
	}
}

func (ns *nameState) numberOpResults(op *Operation, s *scope) {
	if op.NumResults() == 0 {
		return
	}
	hints := ns.hints(op)
	if hints == nil {
		base := strconv.Itoa(s.nextValue)
		s.nextValue++
		ns.assignGroup(op, base)
		return
	}
	for i, r := range op.Results() {
		h := hints[i]
		if h == "" {
			h = strconv.Itoa(s.nextValue)
			s.nextValue++
			ns.values[r] = "%" + h
			continue
		}
		ns.values[r] = "%" + s.unique(h)
	}
}

func (ns *nameState) hints(op *Operation) []string {
	var hs []string
	if op.Def != nil && op.Def.ResultNames != nil {
		hs = op.Def.ResultNames(op)
	}
	any := false
	out := make([]string, op.NumResults())
	for i, r := range op.Results() {
		if i < len(hs) && hs[i] != "" {
			out[i] = sanitizeName(hs[i])
		}
		if r.NameHint != "" {
			out[i] = sanitizeName(r.NameHint)
		}
		any = any || out[i] != ""
	}
	if !any {
		return nil
	}
	return out
}

func (ns *nameState) assignGroup(op *Operation, base string) {
	if op.NumResults() == 1 {
		ns.values[op.Result(0)] = "%" + base
		return
	}
	ns.groups[op] = "%" + base
	for i, r := range op.Results() {
		ns.values[r] = "%" + base + "#" + strconv.Itoa(i)
	}
}

// sanitizeName keeps the characters MLIR allows in SSA names (letters,
// digits and `_$.-`, so that arith.constant -1 : i32 prints %c-1_i32).
func sanitizeName(s string) string {
	var sb strings.Builder
	for _, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '$', c == '.', c == '-':
			sb.WriteRune(c)
		default:
			sb.WriteByte('_')
		}
	}
	return sb.String()
}

func (ns *nameState) valueName(v *Value) string {
	if v == nil {
		return "<<NULL VALUE>>"
	}
	if n, ok := ns.values[v]; ok {
		return n
	}
	return "<<UNKNOWN SSA VALUE>>"
}

// resultGroupDef returns the left-hand side for op's results.
func (ns *nameState) resultGroupDef(op *Operation) string {
	if g, ok := ns.groups[op]; ok {
		return g + ":" + strconv.Itoa(op.NumResults())
	}
	names := make([]string, op.NumResults())
	for i, r := range op.Results() {
		names[i] = ns.valueName(r)
	}
	return strings.Join(names, ", ")
}

func (ns *nameState) blockName(b *Block) string {
	if n, ok := ns.blocks[b]; ok {
		return n
	}
	return "^<<UNKNOWN BLOCK>>"
}
