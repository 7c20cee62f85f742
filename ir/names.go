package ir

import (
	"strconv"
	"strings"
	"sync/atomic"
)

// nameState assigns printed names the way MLIR's SSANameState does.
// Within one isolated-from-above op, a region is numbered before the
// regions nested in its ops: its entry-block arguments get %arg<N>, other
// block arguments and unnamed results %<N>, from counters that continue
// those of the enclosing region as they stood when it was finished. So
// sibling regions (then/else, the two regions of scf.while, two loops in
// a row) start from the same counters and reuse numbers. Ops may suggest
// names (OpDef.ResultNames); a name already visible (used in this region
// or an enclosing one) gets a _<K> suffix from one conflict counter that
// follows the same save/restore discipline.
type nameState struct {
	// gen identifies this state; a value's name is names[v.pslot] when
	// v.pgen == gen. Keeping the slot in the value instead of a map keyed
	// by *Value saves a hashed, cache-missing lookup per printed operand.
	gen      uint64
	names    []valName
	hintText []string           // the names of nameHint values, by valName.n
	groups   map[*Operation]int // number of multi-result groups
	blocks   map[*Block]int
	numbered map[*Operation]bool // isolated scopes already named
	// nested holds, for an isolated op met while numbering the region
	// that contains it, the counters and visible names of that region when
	// it was done: the op's own regions continue from them, so none of
	// their names repeats one visible around it (the parser, like MLIR's,
	// rejects such a redefinition even across the isolation).
	nested map[*Operation]scope
}

// valName is a value's printed name without building a string: %<n>,
// %arg<n>, %<n>#<idx> (a member of a result group) or %<hint> (hint text
// number n). It holds no pointer, so the map of a large module's names is
// small and not scanned by the garbage collector.
type valName struct {
	kind uint8
	n    int32
	idx  int32
}

const (
	nameNum uint8 = iota + 1
	nameArg
	nameGroup
	nameHint
)

func (n valName) appendTo(b []byte, hints []string) []byte {
	b = append(b, '%')
	switch n.kind {
	case nameHint:
		return append(b, hints[n.n]...)
	case nameArg:
		b = append(b, "arg"...)
	}
	b = strconv.AppendInt(b, int64(n.n), 10)
	if n.kind == nameGroup {
		b = append(b, '#')
		b = strconv.AppendInt(b, int64(n.idx), 10)
	}
	return b
}

// nameGens numbers the name states of the process (0: never named).
var nameGens atomic.Uint64

func newNameState() *nameState {
	return &nameState{gen: nameGens.Add(1), groups: map[*Operation]int{}, blocks: map[*Block]int{}, numbered: map[*Operation]bool{},
		nested: map[*Operation]scope{}}
}

// name returns v's printed name, if it has one in this state.
func (ns *nameState) name(v *Value) (valName, bool) {
	if v.pgen != ns.gen {
		return valName{}, false
	}
	return ns.names[v.pslot], true
}

// setName gives v its printed name.
func (ns *nameState) setName(v *Value, n valName) {
	if v.pgen == ns.gen {
		ns.names[v.pslot] = n
		return
	}
	v.pgen, v.pslot = ns.gen, uint32(len(ns.names))
	ns.names = append(ns.names, n)
}

// scope holds the naming counters and the chain of name sets visible in
// the region being numbered (innermost last).
type scope struct {
	nextValue, nextArg, nextConflict int
	used                             []map[string]bool
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
	for {
		n := stem + "_" + strconv.Itoa(s.nextConflict)
		s.nextConflict++
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

// pendingRegion is a region waiting to be numbered with the counters and
// visible names of its enclosing region at the time that region was done.
type pendingRegion struct {
	r     *Region
	saved scope
}

// numberScope names every value inside the regions of op (an isolated op),
// with a LIFO worklist of regions as in MLIR. The results of op itself are
// named too when op is the top of the print. Isolated ops nested inside are
// skipped: they are numbered when printed, from the scope their region
// had when it was done (nested), or a fresh one.
func (ns *nameState) numberScope(op *Operation, top bool) {
	if ns.numbered[op] {
		return
	}
	ns.numbered[op] = true
	s := &scope{used: []map[string]bool{{}}}
	if saved, ok := ns.nested[op]; ok {
		*s = saved
		delete(ns.nested, op)
	}
	var work []pendingRegion
	for _, r := range op.Regions {
		work = append(work, pendingRegion{r, *s})
	}
	if top {
		ns.numberOpResults(op, s)
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		*s = p.saved
		s.used = append(s.used[:len(s.used):len(s.used)], map[string]bool{})
		ns.numberRegion(p.r, s)
		for _, b := range p.r.Blocks {
			for _, o := range b.Ops() {
				if o.HasTrait(IsolatedFromAbove) {
					if len(o.Regions) > 0 {
						ns.nested[o] = *s
					}
					continue
				}
				for _, nr := range o.Regions {
					work = append(work, pendingRegion{nr, *s})
				}
			}
		}
	}
}

// numberRegion names the block arguments and op results of r itself (not
// of the regions nested in its ops).
func (ns *nameState) numberRegion(r *Region, s *scope) {
	for i, b := range r.Blocks {
		ns.blocks[b] = i
		for _, a := range b.Args() {
			ns.numberArg(a, i == 0, s)
		}
		for _, op := range b.Ops() {
			ns.numberOpResults(op, s)
		}
	}
}

func (ns *nameState) numberArg(a *Value, entry bool, s *scope) {
	if _, ok := ns.name(a); ok {
		return
	}
	switch {
	case a.NameHint != "":
		ns.setName(a, ns.hint(s.unique(a.NameHint)))
	case entry:
		ns.setName(a, valName{kind: nameArg, n: int32(s.nextArg)})
		s.nextArg++
	default:
		ns.setName(a, valName{kind: nameNum, n: int32(s.nextValue)})
		s.nextValue++
	}
}

func (ns *nameState) numberOpResults(op *Operation, s *scope) {
	if op.NumResults() == 0 {
		return
	}
	hints := ns.hints(op)
	if hints == nil {
		ns.assignGroup(op, s.nextValue)
		s.nextValue++
		return
	}
	for i, r := range op.Results() {
		if hints[i] == "" {
			ns.setName(r, valName{kind: nameNum, n: int32(s.nextValue)})
			s.nextValue++
			continue
		}
		ns.setName(r, ns.hint(s.unique(hints[i])))
	}
}

// hint records the text of a hinted name.
func (ns *nameState) hint(text string) valName {
	ns.hintText = append(ns.hintText, text)
	return valName{kind: nameHint, n: int32(len(ns.hintText) - 1)}
}

func (ns *nameState) hints(op *Operation) []string {
	if (op.Def == nil || op.Def.ResultNames == nil) && !hasNameHint(op) {
		return nil
	}
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

func hasNameHint(op *Operation) bool {
	for _, r := range op.Results() {
		if r.NameHint != "" {
			return true
		}
	}
	return false
}

func (ns *nameState) assignGroup(op *Operation, base int) {
	if op.NumResults() == 1 {
		ns.setName(op.Result(0), valName{kind: nameNum, n: int32(base)})
		return
	}
	ns.groups[op] = base
	for i, r := range op.Results() {
		ns.setName(r, valName{kind: nameGroup, n: int32(base), idx: int32(i)})
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
	var sb outBuf
	ns.writeValueName(&sb, v)
	return sb.String()
}

// writeValueName appends the printed name of v to sb without allocating a
// string for it.
func (ns *nameState) writeValueName(sb *outBuf, v *Value) {
	if v == nil {
		sb.WriteString("<<NULL VALUE>>")
		return
	}
	n, ok := ns.name(v)
	if !ok {
		sb.WriteString("<<UNKNOWN SSA VALUE>>")
		return
	}
	var buf [24]byte
	sb.writeBytes(n.appendTo(buf[:0], ns.hintText))
}

// resultGroupDef returns the left-hand side for op's results.
func (ns *nameState) resultGroupDef(op *Operation) string {
	if g, ok := ns.groups[op]; ok {
		return "%" + strconv.Itoa(g) + ":" + strconv.Itoa(op.NumResults())
	}
	if op.NumResults() == 1 {
		return ns.valueName(op.Result(0))
	}
	names := make([]string, op.NumResults())
	for i, r := range op.Results() {
		names[i] = ns.valueName(r)
	}
	return strings.Join(names, ", ")
}

func (ns *nameState) blockName(b *Block) string {
	if n, ok := ns.blocks[b]; ok {
		return "^bb" + strconv.Itoa(n)
	}
	return "^<<UNKNOWN BLOCK>>"
}
